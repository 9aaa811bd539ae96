import { type Sale, saleMessages, type SaleUpdateInput, saleUpdateSchema } from '@bookstore/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog, SaveActions } from '../../../components/ui/Dialog';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/Field';
import { useDeleteSale, useEndSale, useUpdateSale } from '../api/promotions';
import { ActionButton } from '../components/ActionButton';
import { ConfirmedAction, instantOf, localInput, useEditForm } from '../components/PromotionActions';

interface SaleForm {
  name: string;
  kind: 'percent' | 'amount';
  amount: string;
  headline: boolean;
  startsAt: string;
  endsAt: string;
}
type Field = keyof SaleForm;

const FIELD_OF: Record<string, Field> = {
  name: 'name',
  percent_off: 'amount',
  amount_off: 'amount',
  headline: 'headline',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
};

/** What the staff changed (only that is sent: a running sale's start is not sent back, minutes rounded). */
function changeOf(values: SaleForm, dirty: Partial<Record<Field, boolean>>): SaleUpdateInput {
  const off = dirty.kind || dirty.amount;
  return {
    ...(dirty.name ? { name: values.name } : {}),
    ...(off && values.kind === 'percent' ? { percent_off: Number(values.amount) } : {}),
    ...(off && values.kind === 'amount' ? { amount_off: values.amount } : {}),
    ...(dirty.headline ? { headline: values.headline } : {}),
    ...(dirty.startsAt && values.startsAt ? { starts_at: instantOf(values.startsAt)! } : {}),
    ...(dirty.endsAt && values.endsAt ? { ends_at: instantOf(values.endsAt)! } : {}),
  };
}

/**
 * Edit a sale before it ends: name, amount off, end and headline; its start only before it starts. A
 * running sale's books are repriced at once.
 */
export function SaleEditDialog({ sale, onClose }: { sale: Sale; onClose(): void }) {
  const update = useUpdateSale();
  const running = sale.status === 'running';
  const { watch, register, show, submit } = useEditForm<SaleForm, SaleUpdateInput>({
    defaultValues: {
      name: sale.name,
      kind: sale.percent_off !== null ? 'percent' : 'amount',
      amount: sale.percent_off !== null ? String(sale.percent_off) : (sale.amount_off ?? ''),
      headline: sale.headline,
      startsAt: localInput(sale.starts_at),
      endsAt: localInput(sale.ends_at),
    },
    fieldOf: FIELD_OF,
    fallback: 'name',
    schema: saleUpdateSchema,
    changeOf,
    save: (change, handlers) => update.mutate({ id: sale.id, change }, handlers),
    saved: saleMessages.saved,
    onClose,
  });
  const kind = watch('kind');

  return (
    <Dialog title={`Edit sale ${sale.name}`} busy={update.isPending} onClose={onClose}>
      <form noValidate onSubmit={submit} className="mt-5 space-y-4">
        <TextField label="Name" autoComplete="off" {...show('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Off" {...show('kind')}>
            <option value="percent">Percent</option>
            <option value="amount">Amount ($)</option>
          </SelectField>
          <TextField
            label={kind === 'percent' ? 'Percent off' : 'Amount off'}
            inputMode="decimal"
            {...show('amount')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Starts"
            type="datetime-local"
            readOnly={running}
            hint={
              running ? (
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">It has started: the start stays.</p>
              ) : undefined
            }
            {...show('startsAt')}
          />
          <TextField label="Ends" type="datetime-local" {...show('endsAt')} />
        </div>
        <CheckboxField label="Headline sale (shown in the home page's hero)" {...register('headline')} />
        <SaveActions busy={update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * A sale's row actions until it ends: Edit, Pause or Resume, End now (asks first), and Delete (asks
 * first) while it has not started and so has priced nothing.
 */
export function SaleActions({ sale }: { sale: Sale }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateSale();
  const end = useEndSale();
  const remove = useDeleteSale();
  if (sale.status === 'ended') return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${sale.name}`}>
        Edit
      </Button>
      <ActionButton
        action={update}
        on={{ id: sale.id, change: { active: !sale.active } }}
        done={sale.active ? saleMessages.paused : saleMessages.resumed}
        size="sm"
        variant="secondary"
        aria-label={`${sale.active ? 'Pause' : 'Resume'} ${sale.name}`}
      >
        {sale.active ? 'Pause' : 'Resume'}
      </ActionButton>
      <ConfirmedAction
        action={end}
        id={sale.id}
        label="End now"
        name={sale.name}
        title={`End sale ${sale.name}?`}
        confirmLabel="End sale"
        busyLabel="Ending..."
        done={`Sale "${sale.name}" ended`}
      >
        {sale.status === 'running'
          ? 'Its books go back to their regular prices at once, everywhere in the shop.'
          : 'It will never start.'}
      </ConfirmedAction>
      {sale.status === 'scheduled' && (
        <ConfirmedAction
          action={remove}
          id={sale.id}
          label="Delete"
          name={sale.name}
          title={`Delete sale ${sale.name}?`}
          confirmLabel="Delete sale"
          busyLabel="Deleting..."
          done={saleMessages.deleted}
        >
          It has not started, so it has changed no price. It is gone for good.
        </ConfirmedAction>
      )}
      {editing && <SaleEditDialog sale={sale} onClose={() => setEditing(false)} />}
    </div>
  );
}
