import type { PromoCode, PromoCodeRequestInput } from '@bookstore/contract';
import type { FormEvent } from 'react';
import { SubmitButton } from '../../../components/ui/Button';
import { QueryStates } from '../../../components/ui/QueryStates';
import { SelectField, TextField } from '../../../components/ui/Field';
import { money } from '../../../components/ui/Price';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import toast from '../../../lib/toast';
import { useCreatePromoCode, usePromoCodes } from '../api/promotions';
import { CodeActions, codeEnded } from './CodeActions';
import { DraftForm, idList, useDraft } from '../components/DraftForm';
import { cellClass, EmptyNote, SimpleTable } from '../components/Pager';
import { Section } from '../components/Section';

type Kind = PromoCodeRequestInput['kind'];

const EMPTY = {
  code: '',
  kind: 'percent' as Kind,
  amount: '10',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  bookIds: '',
  categoryIds: '',
  maxUses: '',
  perCustomer: '',
};
type Draft = typeof EMPTY;

const count = (text: string) => (text.trim() ? Number(text) : null);
const iso = (local: string) => (local ? new Date(local).toISOString() : null);

function requestOf(d: Draft): PromoCodeRequestInput {
  return {
    code: d.code,
    kind: d.kind,
    ...(d.kind === 'percent' ? { percent_off: Number(d.amount) } : {}),
    ...(d.kind === 'amount' ? { amount_off: d.amount } : {}),
    ...(d.minSubtotal.trim() ? { min_subtotal: d.minSubtotal } : {}),
    starts_at: iso(d.startsAt),
    ends_at: iso(d.endsAt),
    book_ids: idList(d.bookIds),
    category_ids: idList(d.categoryIds),
    max_uses: count(d.maxUses),
    max_uses_per_customer: count(d.perCustomer),
  };
}

const what = (code: { kind: Kind; percent_off: number | null; amount_off: string | null }) =>
  code.kind === 'free_delivery'
    ? 'Free delivery'
    : code.kind === 'percent'
      ? `${code.percent_off}% off`
      : `${money(code.amount_off ?? '0')} off`;

/** Where a code stands for a shopper now. */
const statusOf = (code: PromoCode) =>
  codeEnded(code)
    ? 'Ended'
    : !code.active
      ? 'Paused'
      : code.starts_at && Date.parse(code.starts_at) > Date.now()
        ? 'Not started'
        : 'Active';

/**
 * Codes tab: create promo codes and see each one's uses apart: paid for, held by unpaid orders (given
 * back when their reservations end), and left for new orders now; and its revenue. Each code can be
 * edited, paused and resumed, ended, and deleted while no order has used it.
 */
export function CodesTab() {
  const codes = usePromoCodes();
  const create = useCreatePromoCode();
  const { draft, setDraft, change, setErrors, error } = useDraft<Draft>(EMPTY);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const saved = await create.mutateAsync(requestOf(draft));
      toast.success(`Code ${saved.code} created`);
      setDraft(EMPTY);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields) setErrors(failure.fields);
      else toast.error(failure instanceof Error ? failure.message : 'The code could not be saved');
    }
  };

  return (
    <div className="space-y-8">
      <DraftForm title="New promo code" onSubmit={save}>
        <TextField
          label="Code"
          value={draft.code}
          onChange={(e) => change({ code: e.target.value })}
          error={error('code')}
        />
        <div className="grid grid-cols-2 gap-2">
          <SelectField label="Gives" value={draft.kind} onChange={(e) => change({ kind: e.target.value as Kind })}>
            <option value="percent">Percent off</option>
            <option value="amount">Amount off</option>
            <option value="free_delivery">Free delivery</option>
          </SelectField>
          {draft.kind !== 'free_delivery' && (
            <TextField
              label={draft.kind === 'percent' ? 'Percent' : 'Amount ($)'}
              inputMode="decimal"
              value={draft.amount}
              onChange={(e) => change({ amount: e.target.value })}
              error={error('percent_off') ?? error('amount_off')}
            />
          )}
        </div>
        <TextField
          label="Minimum subtotal ($, optional)"
          inputMode="decimal"
          value={draft.minSubtotal}
          onChange={(e) => change({ minSubtotal: e.target.value })}
          error={error('min_subtotal')}
        />
        <div className="grid grid-cols-2 gap-2">
          <TextField
            label="Uses in all (optional)"
            inputMode="numeric"
            value={draft.maxUses}
            onChange={(e) => change({ maxUses: e.target.value })}
            error={error('max_uses')}
          />
          <TextField
            label="Uses per customer (optional)"
            inputMode="numeric"
            value={draft.perCustomer}
            onChange={(e) => change({ perCustomer: e.target.value })}
            error={error('max_uses_per_customer')}
          />
        </div>
        <TextField
          label="Valid from (optional)"
          type="datetime-local"
          value={draft.startsAt}
          onChange={(e) => change({ startsAt: e.target.value })}
          error={error('starts_at')}
        />
        <TextField
          label="Valid until (optional)"
          type="datetime-local"
          value={draft.endsAt}
          onChange={(e) => change({ endsAt: e.target.value })}
          error={error('ends_at')}
        />
        <TextField
          label="Only book ids (optional, comma-separated)"
          value={draft.bookIds}
          onChange={(e) => change({ bookIds: e.target.value })}
          error={error('book_ids')}
        />
        <TextField
          label="Only category ids (optional, comma-separated)"
          value={draft.categoryIds}
          onChange={(e) => change({ categoryIds: e.target.value })}
          error={error('category_ids')}
        />
        <div className="sm:col-span-2">
          <SubmitButton busy={create.isPending} busyText="Saving...">
            Create code
          </SubmitButton>
        </div>
      </DraftForm>

      <Section id="codes-list" title="Promo codes">
        <QueryStates
          query={codes}
          pending={<Spinner label="Loading codes..." />}
          isEmpty={(list) => list.data.length === 0}
          empty={<EmptyNote>No promo codes yet</EmptyNote>}
        >
          {(list) => (
            <SimpleTable
              caption="Promo codes, newest first: uses paid for, uses held by unpaid orders until their reservations end, uses left now, and revenue"
              labels={['Code', 'Gives', 'Valid', 'Status', 'Used (paid)', 'Held (unpaid)', 'Left now', 'Revenue']}
              actions
            >
              {list.data.map((code) => (
                <tr key={code.id}>
                  <td className={`${cellClass} font-mono font-semibold`}>{code.code}</td>
                  <td className={cellClass}>{what(code)}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {code.starts_at || code.ends_at
                      ? `${code.starts_at ? formatDate(code.starts_at, 'numeric') : '…'} – ${code.ends_at ? formatDate(code.ends_at, 'numeric') : '…'}`
                      : 'Always'}
                  </td>
                  <td className={cellClass} data-testid="code-status">
                    {statusOf(code)}
                  </td>
                  <td className={cellClass} data-testid="code-used">
                    {code.uses}
                    {code.max_uses !== null ? ` of ${code.max_uses}` : ''}
                  </td>
                  <td className={cellClass} data-testid="code-held">
                    {code.held}
                  </td>
                  <td className={cellClass} data-testid="code-left">
                    {code.left === null ? 'No limit' : code.left}
                  </td>
                  <td className={cellClass}>{money(code.revenue)}</td>
                  <td className={cellClass}>
                    <CodeActions code={code} />
                  </td>
                </tr>
              ))}
            </SimpleTable>
          )}
        </QueryStates>
      </Section>
    </div>
  );
}
