import { SALE_TARGETS, type SalePreview, type SaleRequestInput, type SaleTarget } from '@bookstore/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { QueryStates } from '../../../components/ui/QueryStates';
import { CheckboxField, SelectField, TextField, FormProblem } from '../../../components/ui/Field';
import { money } from '../../../components/ui/Price';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-client';
import { authorsQuery, categoriesQuery } from '../../../lib/catalogue-lists';
import { formatDate } from '../../../lib/dates';
import toast from '../../../lib/toast';
import { previewSale, useCreateSale, useSales } from '../api/promotions';
import { DraftForm, idList, useDraft } from '../components/DraftForm';
import { cellClass, EmptyNote, SimpleTable } from '../components/Pager';
import { SaleActions } from './SaleActions';
import { Section } from '../components/Section';

const TARGET_LABELS: Record<SaleTarget, string> = {
  all: 'Everything',
  books: 'Chosen books',
  categories: 'Categories',
  authors: 'Authors',
  bestsellers: 'Bestsellers (most sold in 30 days)',
};

/** A `datetime-local` value for a moment, in the browser's time zone. */
const localInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const iso = (local: string) => (local ? new Date(local).toISOString() : '');

interface Draft {
  name: string;
  kind: 'percent' | 'amount';
  amount: string;
  target: SaleTarget;
  bookIds: string;
  chosen: number[];
  bestsellers: string;
  headline: boolean;
  startsAt: string;
  endsAt: string;
}

function freshDraft(): Draft {
  const now = new Date();
  return {
    name: '',
    kind: 'percent',
    amount: '20',
    target: 'bestsellers',
    bookIds: '',
    chosen: [],
    bestsellers: '10',
    headline: false,
    startsAt: localInput(now),
    endsAt: localInput(new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000)),
  };
}

function requestOf(draft: Draft): SaleRequestInput {
  return {
    name: draft.name,
    ...(draft.kind === 'percent' ? { percent_off: Number(draft.amount) } : { amount_off: draft.amount }),
    target: draft.target,
    target_ids: draft.target === 'books' ? idList(draft.bookIds) : draft.chosen,
    ...(draft.target === 'bestsellers' ? { bestsellers: Number(draft.bestsellers) } : {}),
    headline: draft.headline,
    starts_at: iso(draft.startsAt),
    ends_at: iso(draft.endsAt),
  };
}

/**
 * Sales tab: schedule a sale, preview the books and prices it reaches before saving; edit, pause and
 * resume, end or delete one (docs/product.md, "Sales and promo codes").
 */
export function SalesTab() {
  const sales = useSales();
  const create = useCreateSale();
  const [preview, setPreview] = useState<SalePreview | null>(null);
  const { draft, setDraft, change, setErrors, error } = useDraft<Draft>(freshDraft, () => setPreview(null));
  const [problem, setProblem] = useState<string | null>(null);
  const authors = useQuery({ ...authorsQuery, enabled: draft.target === 'authors' });
  const categories = useQuery({ ...categoriesQuery, enabled: draft.target === 'categories' });
  const shelves: { id: number; name: string }[] = (draft.target === 'authors' ? authors.data : categories.data) ?? [];
  const failed = (error: unknown) => {
    if (error instanceof ApiError) {
      setErrors(error.fields ?? {});
      setProblem(error.fields ? null : error.message);
    } else setProblem('Something went wrong. Please try again.');
  };

  const showPreview = async () => {
    setErrors({});
    setProblem(null);
    try {
      setPreview(await previewSale(requestOf(draft)));
    } catch (error) {
      failed(error);
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    try {
      const sale = await create.mutateAsync(requestOf(draft));
      toast.success(`Sale "${sale.name}" ${sale.status === 'running' ? 'started' : 'scheduled'}`);
      setDraft(freshDraft());
      setPreview(null);
    } catch (error) {
      failed(error);
    }
  };

  return (
    <div className="space-y-8">
      <DraftForm title="New sale" onSubmit={save}>
        <TextField
          label="Name"
          value={draft.name}
          onChange={(e) => change({ name: e.target.value })}
          error={error('name')}
        />
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            label="Off"
            value={draft.kind}
            onChange={(e) => change({ kind: e.target.value as Draft['kind'] })}
          >
            <option value="percent">Percent</option>
            <option value="amount">Amount ($)</option>
          </SelectField>
          <TextField
            label={draft.kind === 'percent' ? 'Percent off' : 'Amount off'}
            inputMode="decimal"
            value={draft.amount}
            onChange={(e) => change({ amount: e.target.value })}
            error={error('percent_off') ?? error('amount_off')}
          />
        </div>
        <SelectField
          label="Applies to"
          value={draft.target}
          onChange={(e) => change({ target: e.target.value as SaleTarget, chosen: [] })}
        >
          {SALE_TARGETS.map((t) => (
            <option key={t} value={t}>
              {TARGET_LABELS[t]}
            </option>
          ))}
        </SelectField>
        {draft.target === 'bestsellers' && (
          <TextField
            label="How many bestsellers"
            inputMode="numeric"
            value={draft.bestsellers}
            onChange={(e) => change({ bestsellers: e.target.value })}
            error={error('bestsellers')}
          />
        )}
        {draft.target === 'books' && (
          <TextField
            label="Book ids (comma-separated)"
            value={draft.bookIds}
            onChange={(e) => change({ bookIds: e.target.value })}
            error={error('target_ids')}
          />
        )}
        {(draft.target === 'categories' || draft.target === 'authors') && (
          <SelectField
            label={draft.target === 'authors' ? 'Authors' : 'Categories'}
            multiple
            value={draft.chosen.map(String)}
            onChange={(e) => change({ chosen: [...e.target.selectedOptions].map((o) => Number(o.value)) })}
            error={error('target_ids')}
            className="h-32"
          >
            {shelves.map((shelf) => (
              <option key={shelf.id} value={shelf.id}>
                {shelf.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Starts"
          type="datetime-local"
          value={draft.startsAt}
          onChange={(e) => change({ startsAt: e.target.value })}
          error={error('starts_at')}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          value={draft.endsAt}
          onChange={(e) => change({ endsAt: e.target.value })}
          error={error('ends_at')}
        />
        <CheckboxField
          label="Headline sale (shown in the home page's hero)"
          checked={draft.headline}
          onChange={(e) => change({ headline: e.target.checked })}
        />
        <FormProblem problem={problem} className="text-sm text-red-700 sm:col-span-2 dark:text-red-300" />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => void showPreview()}>
            Preview
          </Button>
          <SubmitButton busy={create.isPending} busyText="Saving...">
            Save sale
          </SubmitButton>
        </div>
        {preview && (
          <div className="sm:col-span-2" data-testid="sale-preview">
            <p className="mb-2 text-sm font-medium">
              {preview.count === 0
                ? 'This sale reaches no books.'
                : `This sale reaches ${preview.count} book${preview.count === 1 ? '' : 's'}${preview.count > preview.books.length ? ` (the first ${preview.books.length} shown)` : ''}.`}
            </p>
            {preview.books.length > 0 && (
              <SimpleTable
                caption="Books the sale reaches, with their prices"
                labels={['Book', 'Regular price', 'Price now', 'Sale price']}
              >
                {preview.books.map((b) => (
                  <tr key={b.id}>
                    <td className={cellClass}>{b.title}</td>
                    <td className={cellClass}>{money(b.regular_price)}</td>
                    <td className={cellClass}>{money(b.price_now)}</td>
                    <td className={`${cellClass} font-semibold`}>{money(b.sale_price)}</td>
                  </tr>
                ))}
              </SimpleTable>
            )}
          </div>
        )}
      </DraftForm>

      <Section id="sales-list" title="Sales">
        <QueryStates
          query={sales}
          pending={<Spinner label="Loading sales..." />}
          isEmpty={(list) => list.data.length === 0}
          empty={<EmptyNote>No sales yet</EmptyNote>}
        >
          {(list) => (
            <SimpleTable
              caption="Sales, latest start first"
              labels={['Name', 'Off', 'Applies to', 'Starts', 'Ends', 'Status']}
              actions
            >
              {list.data.map((sale) => (
                <tr key={sale.id}>
                  <td className={cellClass}>
                    {sale.name} {sale.headline && <Badge tone="indigo">Headline</Badge>}
                  </td>
                  <td className={cellClass}>
                    {sale.percent_off !== null ? `${sale.percent_off}%` : money(sale.amount_off ?? '0')}
                  </td>
                  <td className={cellClass}>{TARGET_LABELS[sale.target]}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(sale.starts_at, 'numeric')}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(sale.ends_at, 'numeric')}</td>
                  <td className={cellClass} data-testid="sale-status">
                    {sale.status}
                    {!sale.active && sale.status !== 'ended' ? ', paused' : ''}
                  </td>
                  <td className={cellClass}>
                    <SaleActions sale={sale} />
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
