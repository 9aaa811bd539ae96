import {
  type Book,
  type Edition,
  STAFF_STOCK_REASONS,
  type StaffStockReason,
  STOCK_REASON_LABELS,
  stockAdjustmentSchema,
  type StockAdjustment,
  stockMessages,
} from '@bookstore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Path, type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { fieldsOf, SelectField, TextField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { editionLabel } from '../../../lib/editions';
import toast from '../../../lib/toast';
import { useAdjustStock, useEditionStock } from '../api/stock';
import { ScrollFrame } from '../../../components/ui/ScrollFrame';
import { cellClass, EmptyNote, HeadingCells, tableClass } from '../components/Pager';

/** The editions whose copies are counted (an eBook has no stock). */
export const printedEditions = (book: Book): Edition[] => book.editions.filter((e) => e.stock_amount !== null);

/** A change as the ledger writes it: "+5", "-2". */
export const signed = (change: number) => (change > 0 ? `+${change}` : String(change));

/**
 * A title's copies, one printed edition at a time (chosen at the top when it has several): the copies
 * now, a form adding or removing copies with a reason (the contract's rules, the server's refusal beside
 * Copies), and the edition's ledger below, newest first.
 */
export function StockDialog({ book, onClose }: { book: Book; onClose(): void }) {
  const editions = printedEditions(book);
  const [editionId, setEditionId] = useState(editions[0]?.id ?? 0);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={`Stock of ${book.title}`} busy={busy} onClose={onClose}>
      {editions.length > 1 && (
        <SelectField
          label="Edition"
          className="mt-4"
          value={editionId}
          onChange={(event) => setEditionId(Number(event.target.value))}
        >
          {editions.map((edition) => (
            <option key={edition.id} value={edition.id}>
              {editionLabel(edition)}
            </option>
          ))}
        </SelectField>
      )}
      <EditionStockPanel key={editionId} editionId={editionId} onBusy={setBusy} onClose={onClose} />
    </Dialog>
  );
}

interface Values {
  change: number;
  reason: StaffStockReason;
  note: string;
}
const FIELDS = ['change', 'reason', 'note'] as const;

function EditionStockPanel({
  editionId,
  onBusy,
  onClose,
}: {
  editionId: number;
  onBusy(busy: boolean): void;
  onClose(): void;
}) {
  const [page, setPage] = useState(1);
  const stock = useEditionStock(editionId, page);
  const adjust = useAdjustStock(editionId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(stockAdjustmentSchema) as unknown as Resolver<Values>,
    defaultValues: { reason: 'received', note: '' },
  });
  const field = fieldsOf(register, errors);

  const onSubmit = (values: Values) => {
    onBusy(true);
    adjust.mutate(values as StockAdjustment, {
      onSuccess: () => {
        toast.success(stockMessages.adjusted);
        reset({ reason: values.reason, note: '' });
        setPage(1);
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
        for (const [name, messages] of Object.entries(fields))
          if ((FIELDS as readonly string[]).includes(name))
            setError(name as Path<Values>, { message: messages.join(', ') });
        // Not enough copies to remove: the server's sentence belongs beside the number.
        if (err instanceof ApiError && err.status === 409) setError('change', { message: err.message });
        toast.error(err.message);
      },
      onSettled: () => onBusy(false),
    });
  };

  return (
    <div className="mt-4 space-y-5">
      <p className="text-sm" aria-live="polite">
        Copies in stock now:{' '}
        <strong data-testid="stock-now">{stock.data ? (stock.data.stock_amount ?? '—') : '…'}</strong>
      </p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
        <TextField
          label="Copies"
          type="number"
          inputMode="numeric"
          step={1}
          autoComplete="off"
          hint={
            <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">
              A whole number: 5 adds five copies, -2 removes two.
            </p>
          }
          {...field('change', { valueAsNumber: true })}
        />
        <SelectField label="Reason" {...field('reason')}>
          {STAFF_STOCK_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {STOCK_REASON_LABELS[reason]}
            </option>
          ))}
        </SelectField>
        <TextField label="Note (optional)" autoComplete="off" {...field('note')} />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={adjust.isPending}>
            Close
          </Button>
          <SubmitButton busy={adjust.isPending} busyText="Saving...">
            Save
          </SubmitButton>
        </DialogActions>
      </form>
      <section aria-label="Ledger">
        <h3 className="mb-2 font-semibold">Ledger</h3>
        {stock.isPending ? (
          <Spinner label="Loading the ledger..." />
        ) : stock.isError ? (
          <ErrorState message={stock.error.message} />
        ) : stock.data.data.length === 0 ? (
          <EmptyNote>No changes yet.</EmptyNote>
        ) : (
          <>
            {/* A phone scrolls the ledger sideways in its frame, which a keyboard can reach. */}
            <ScrollFrame label="Stock changes, newest first">
              <table className={tableClass}>
                <caption className="sr-only">Stock changes, newest first</caption>
                <thead>
                  <tr>
                    <HeadingCells labels={['Date', 'Reason', 'Change', 'Copies left', 'Order', 'By']} />
                  </tr>
                </thead>
                <tbody>
                  {stock.data.data.map((movement) => (
                    <tr key={movement.id} className="border-t border-gray-200 dark:border-gray-800">
                      <td className={`${cellClass} whitespace-nowrap`}>{formatDate(movement.created_at, 'moment')}</td>
                      <td className={cellClass}>
                        {STOCK_REASON_LABELS[movement.reason]}
                        {movement.note && (
                          <span className="block text-xs text-gray-700 dark:text-gray-300">{movement.note}</span>
                        )}
                      </td>
                      <td className={cellClass}>{signed(movement.change)}</td>
                      <td className={cellClass}>{movement.stock_after}</td>
                      <td className={cellClass}>
                        {movement.order_id ? (
                          <Link to={paths.adminOrder(movement.order_id)} className="hover:underline">
                            #{movement.order_id}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className={cellClass}>{movement.by ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollFrame>
            {stock.data.meta.pages > 1 && (
              <nav aria-label="Ledger pages" className="mt-3 flex items-center justify-between gap-3 text-sm">
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Newer
                </Button>
                <span>
                  Page {stock.data.meta.page} of {stock.data.meta.pages}
                </span>
                <Button variant="secondary" disabled={stock.data.meta.next === null} onClick={() => setPage(page + 1)}>
                  Older
                </Button>
              </nav>
            )}
          </>
        )}
      </section>
    </div>
  );
}
