import { type PromoCode, type PromoCodeUpdateInput, promoCodeUpdateSchema, promoMessages } from '@bookstore/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog, SaveActions } from '../../../components/ui/Dialog';
import { SelectField, TextField } from '../../../components/ui/Field';
import { useDeletePromoCode, useEndPromoCode, useUpdatePromoCode } from '../api/promotions';
import { ActionButton } from '../components/ActionButton';
import { ConfirmedAction, instantOf, localInput, useEditForm } from '../components/PromotionActions';

type Kind = PromoCode['kind'];
const KIND_LABELS: Record<Kind, string> = {
  percent: 'Percent off',
  amount: 'Amount off',
  free_delivery: 'Free delivery',
};

interface CodeForm {
  code: string;
  kind: Kind;
  amount: string;
  minSubtotal: string;
  maxUses: string;
  perCustomer: string;
  startsAt: string;
  endsAt: string;
}
type Field = keyof CodeForm;

/** The API's field names, as the form calls them. */
const FIELD_OF: Record<string, Field> = {
  code: 'code',
  kind: 'kind',
  percent_off: 'amount',
  amount_off: 'amount',
  min_subtotal: 'minSubtotal',
  max_uses: 'maxUses',
  max_uses_per_customer: 'perCustomer',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
};

const count = (text: string) => (text.trim() ? Number(text) : null);

/** What the staff changed (only that is sent: the dates keep their seconds unless retyped). */
function changeOf(values: CodeForm, dirty: Partial<Record<Field, boolean>>): PromoCodeUpdateInput {
  const gives = dirty.kind || dirty.amount;
  return {
    ...(dirty.code ? { code: values.code } : {}),
    ...(gives ? { kind: values.kind } : {}),
    ...(gives && values.kind === 'percent' ? { percent_off: Number(values.amount) } : {}),
    ...(gives && values.kind === 'amount' ? { amount_off: values.amount } : {}),
    ...(dirty.minSubtotal ? { min_subtotal: values.minSubtotal.trim() || '0' } : {}),
    ...(dirty.maxUses ? { max_uses: count(values.maxUses) } : {}),
    ...(dirty.perCustomer ? { max_uses_per_customer: count(values.perCustomer) } : {}),
    ...(dirty.startsAt ? { starts_at: instantOf(values.startsAt) } : {}),
    ...(dirty.endsAt ? { ends_at: instantOf(values.endsAt) } : {}),
  };
}

/** Whether an order has taken the code (paid or held): then its text and what it gives stay. */
const usedBy = (code: PromoCode) => code.uses + code.held > 0;

/**
 * Edit a code: limits and dates at any time; its text and what it gives only while no order has used
 * it (the server has the last word: an order that used it and has since ended still counts).
 */
export function CodeEditDialog({ code, onClose }: { code: PromoCode; onClose(): void }) {
  const update = useUpdatePromoCode();
  const used = usedBy(code);
  const { watch, show, submit } = useEditForm<CodeForm, PromoCodeUpdateInput>({
    defaultValues: {
      code: code.code,
      kind: code.kind,
      amount: code.kind === 'percent' ? String(code.percent_off ?? '') : (code.amount_off ?? ''),
      minSubtotal: code.min_subtotal === '0.00' ? '' : code.min_subtotal,
      maxUses: code.max_uses === null ? '' : String(code.max_uses),
      perCustomer: code.max_uses_per_customer === null ? '' : String(code.max_uses_per_customer),
      startsAt: localInput(code.starts_at),
      endsAt: localInput(code.ends_at),
    },
    fieldOf: FIELD_OF,
    fallback: 'code',
    schema: promoCodeUpdateSchema,
    changeOf,
    save: (change, handlers) => update.mutate({ id: code.id, change }, handlers),
    saved: promoMessages.saved,
    onClose,
  });
  const kind = watch('kind');

  const usedHint = <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">Used by orders: it cannot change.</p>;
  return (
    <Dialog title={`Edit code ${code.code}`} busy={update.isPending} onClose={onClose}>
      <form noValidate onSubmit={submit} className="mt-5 space-y-4">
        <TextField
          label="Code"
          autoComplete="off"
          readOnly={used}
          hint={used ? usedHint : undefined}
          {...show('code')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {used ? (
            <TextField label="Gives" readOnly value={KIND_LABELS[code.kind]} />
          ) : (
            <SelectField label="Gives" {...show('kind')}>
              {Object.entries(KIND_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          )}
          {kind !== 'free_delivery' && (
            <TextField
              label={kind === 'percent' ? 'Percent' : 'Amount ($)'}
              inputMode="decimal"
              readOnly={used}
              {...show('amount')}
            />
          )}
        </div>
        <TextField label="Minimum subtotal ($, optional)" inputMode="decimal" {...show('minSubtotal')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Uses in all (optional)" inputMode="numeric" {...show('maxUses')} />
          <TextField label="Uses per customer (optional)" inputMode="numeric" {...show('perCustomer')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Valid from (optional)" type="datetime-local" {...show('startsAt')} />
          <TextField label="Valid until (optional)" type="datetime-local" {...show('endsAt')} />
        </div>
        <SaveActions busy={update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** Whether the code's end has come. */
export const codeEnded = (code: PromoCode, now = Date.now()) =>
  code.ends_at !== null && Date.parse(code.ends_at) <= now;

/** A code's row actions: Edit, Pause or Resume, End (asks first) and Delete (asks first). */
export function CodeActions({ code }: { code: PromoCode }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdatePromoCode();
  const end = useEndPromoCode();
  const remove = useDeletePromoCode();
  const ended = codeEnded(code);
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${code.code}`}>
        Edit
      </Button>
      {!ended && (
        <ActionButton
          action={update}
          on={{ id: code.id, change: { active: !code.active } }}
          done={code.active ? promoMessages.pausedNow : promoMessages.resumed}
          size="sm"
          variant="secondary"
          aria-label={`${code.active ? 'Pause' : 'Resume'} ${code.code}`}
        >
          {code.active ? 'Pause' : 'Resume'}
        </ActionButton>
      )}
      {!ended && (
        <ConfirmedAction
          action={end}
          id={code.id}
          label="End"
          name={code.code}
          title={`End code ${code.code}?`}
          confirmLabel="End code"
          busyLabel="Ending..."
          done={promoMessages.endedNow}
        >
          From now on the cart says the code has expired. Orders that used it keep it. To change the end later, edit the
          code.
        </ConfirmedAction>
      )}
      <ConfirmedAction
        action={remove}
        id={code.id}
        label="Delete"
        name={code.code}
        title={`Delete code ${code.code}?`}
        confirmLabel="Delete code"
        busyLabel="Deleting..."
        done={promoMessages.deleted}
      >
        {usedBy(code)
          ? 'Orders have used this code, so it cannot be deleted: it stays with them. End it instead.'
          : 'The code is gone for good. Only a code no order has used can be deleted.'}
      </ConfirmedAction>
      {editing && <CodeEditDialog code={code} onClose={() => setEditing(false)} />}
    </div>
  );
}
