import type { PromoCodeRequestInput } from '@bookstore/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SelectField, TextField } from '../../../components/ui/Field';
import { money } from '../../../components/ui/Price';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import toast from '../../../lib/toast';
import { useCreatePromoCode, usePromoCodes } from '../api/promotions';
import { cellClass, HeadingCells } from './Pager';

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

const ids = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
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
    book_ids: ids(d.bookIds),
    category_ids: ids(d.categoryIds),
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

/** Codes tab: create promo codes and see each one's uses, the uses unpaid orders hold, and its revenue. */
export function CodesTab() {
  const codes = usePromoCodes();
  const create = useCreatePromoCode();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const change = (part: Partial<Draft>) => setDraft((d) => ({ ...d, ...part }));
  const error = (field: string) => errors[field]?.[0];

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
      <form
        onSubmit={save}
        noValidate
        className="grid gap-4 rounded-xl border border-gray-200 p-4 sm:grid-cols-2 dark:border-gray-800"
      >
        <h2 className="text-lg font-semibold sm:col-span-2">New promo code</h2>
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
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Create code'}
          </Button>
        </div>
      </form>

      <section aria-labelledby="codes-list">
        <h2 id="codes-list" className="mb-3 text-lg font-semibold">
          Promo codes
        </h2>
        {codes.isPending ? (
          <Spinner label="Loading codes..." />
        ) : codes.isError ? (
          <ErrorState message={codes.error.message} />
        ) : codes.data.data.length === 0 ? (
          <p className="py-6 text-center text-gray-700 dark:text-gray-300">No promo codes yet</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Promo codes, newest first, with their uses and revenue</caption>
              <thead>
                <tr>
                  <HeadingCells labels={['Code', 'Gives', 'Valid', 'Uses', 'Held by unpaid orders', 'Revenue']} />
                </tr>
              </thead>
              <tbody>
                {codes.data.data.map((code) => (
                  <tr key={code.id}>
                    <td className={`${cellClass} font-mono font-semibold`}>{code.code}</td>
                    <td className={cellClass}>{what(code)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {code.starts_at || code.ends_at
                        ? `${code.starts_at ? formatDate(code.starts_at, 'numeric') : '…'} – ${code.ends_at ? formatDate(code.ends_at, 'numeric') : '…'}`
                        : 'Always'}
                    </td>
                    <td className={cellClass}>
                      {code.uses}
                      {code.max_uses !== null ? ` of ${code.max_uses}` : ''}
                    </td>
                    <td className={cellClass}>{code.held}</td>
                    <td className={cellClass}>{money(code.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
