import { CARRIERS } from '@bookstore/contract/checkout';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import type { StaffOrder } from '@bookstore/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { type OrderAction, useOrderAction } from '../api/orders';

type Step = 'ship' | 'deliver' | 'cancel' | 'refund' | 'return';

const cents = (amount: string) => moneyToCents(amount) ?? 0;
const DONE: Record<Step, string> = {
  ship: 'Order marked as shipped',
  deliver: 'Order marked as delivered',
  cancel: 'Order cancelled',
  refund: 'Refund recorded',
  return: 'Return recorded',
};

/** What the order allows now (docs/product.md, "After the sale"); the server has the last word (409). */
export function allowedSteps(order: StaffOrder): Step[] {
  const paid = order.payment_status === 'success';
  const left = cents(order.total_price) - cents(order.refunded_amount);
  const steps: Step[] = [];
  const f = order.fulfilment_status;
  if (paid && f === 'unfulfilled' && order.shipping_method) steps.push('ship');
  if (f === 'shipped') steps.push('deliver');
  if ((f === 'unfulfilled' || f === 'shipped') && order.status !== 'cancelled') steps.push('cancel');
  if (paid && left > 0) steps.push('refund');
  if (f === 'shipped' || f === 'delivered') steps.push('return');
  return steps;
}

/** "12.34" from cents, as the API takes amounts. */
const amountOf = (value: number) => (value / 100).toFixed(2);

/**
 * The staff's actions on an order, each after a dialog that says what it does: Ship (carrier and
 * tracking number), Deliver, Cancel, Refund (an amount, all that is left by default), Return (copies
 * back on sale, with a refund as chosen). A refusal (409) is shown in the server's words.
 */
export function OrderActions({ order }: { order: StaffOrder }) {
  const [step, setStep] = useState<Step | null>(null);
  const action = useOrderAction(order.id);
  const steps = allowedSteps(order);
  const left = cents(order.total_price) - cents(order.refunded_amount);
  const money = (value: number) => formatMoney(value, order.currency);
  const paid = order.payment_status === 'success';

  const run = (change: OrderAction) =>
    action.mutate(change, {
      onSuccess: () => {
        toast.success(DONE[change.action]);
        setStep(null);
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong, please try again',
        ),
    });

  const close = () => !action.isPending && setStep(null);
  const labels: Record<Step, string> = {
    ship: 'Ship',
    deliver: 'Mark delivered',
    cancel: 'Cancel order',
    refund: 'Refund',
    return: 'Return',
  };

  return (
    <>
      {steps.map((name) => (
        <Button
          key={name}
          variant={name === 'cancel' ? 'danger' : name === 'ship' ? 'primary' : 'secondary'}
          onClick={() => setStep(name)}
        >
          {labels[name]}
        </Button>
      ))}
      {step === 'ship' && (
        <ShipDialog busy={action.isPending} onClose={close} onShip={(body) => run({ action: 'ship', body })} />
      )}
      {step === 'deliver' && (
        <Confirm
          title={`Mark order #${order.id} as delivered?`}
          confirm="Mark delivered"
          busy={action.isPending}
          onClose={close}
          onConfirm={() => run({ action: 'deliver' })}
        >
          The customer sees it as delivered. It can no longer be cancelled, only returned.
        </Confirm>
      )}
      {step === 'cancel' && (
        <Confirm
          title={`Cancel order #${order.id}?`}
          confirm="Cancel order"
          danger
          busy={action.isPending}
          onClose={close}
          onConfirm={() => run({ action: 'cancel' })}
        >
          {paid
            ? `Its copies go back on sale and ${money(left)} is refunded to the customer.`
            : 'Its copies go back on sale. Nothing was paid, so nothing is refunded.'}
        </Confirm>
      )}
      {step === 'refund' && (
        <AmountDialog
          title={`Refund order #${order.id}`}
          label="Amount to refund"
          hint={`Up to ${money(left)} (paid ${money(cents(order.total_price))}, refunded ${money(cents(order.refunded_amount))}).`}
          max={left}
          initial={left}
          confirm="Refund"
          busy={action.isPending}
          onClose={close}
          onConfirm={(value) => run({ action: 'refund', body: { amount: amountOf(value) } })}
        />
      )}
      {step === 'return' && (
        <AmountDialog
          title={`Return order #${order.id}`}
          label="Amount to refund"
          hint={`The copies go back on sale. Refund up to ${money(left)}; 0 refunds nothing.`}
          max={left}
          initial={left}
          allowZero
          confirm="Record return"
          busy={action.isPending}
          onClose={close}
          onConfirm={(value) => run({ action: 'return', body: { refund: amountOf(value) } })}
        />
      )}
    </>
  );
}

function Confirm({
  title,
  confirm,
  danger,
  busy,
  children,
  onClose,
  onConfirm,
}: {
  title: string;
  confirm: string;
  danger?: boolean;
  busy: boolean;
  children: string;
  onClose(): void;
  onConfirm(): void;
}) {
  return (
    <Dialog open title={title} busy={busy} onClose={onClose} size="md">
      <p className="mt-3 text-gray-700 dark:text-gray-300">{children}</p>
      <DialogActions className="mt-6">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Go back
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
          {busy ? 'Working...' : confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ShipDialog({
  busy,
  onClose,
  onShip,
}: {
  busy: boolean;
  onClose(): void;
  onShip(body: { carrier: string; tracking_number: string }): void;
}) {
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; tracking?: string }>({});
  const listId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      carrier: carrier.trim() ? undefined : 'Enter the carrier',
      tracking: !tracking.trim()
        ? 'Enter the tracking number'
        : /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(tracking.trim())
          ? undefined
          : 'The tracking number may hold letters, digits, spaces and dashes',
    };
    setErrors(problems);
    if (!problems.carrier && !problems.tracking) onShip({ carrier: carrier.trim(), tracking_number: tracking.trim() });
  };
  return (
    <Dialog open title="Ship this order" busy={busy} onClose={onClose} size="md">
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          label="Carrier"
          list={listId}
          value={carrier}
          onChange={(e) => setCarrier(e.target.value)}
          error={errors.carrier}
          hint={
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
              {CARRIERS.map((c) => c.name).join(', ')} get a tracking link.
            </p>
          }
        />
        <datalist id={listId}>
          {CARRIERS.map((c) => (
            <option key={c.name} value={c.name} />
          ))}
        </datalist>
        <TextField
          label="Tracking number"
          value={tracking}
          onChange={(e) => setTracking(e.target.value)}
          error={errors.tracking}
        />
        <p className="text-sm text-gray-700 dark:text-gray-300">The customer is told the order is on its way.</p>
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Go back
          </Button>
          <SubmitButton busy={busy} busyText="Working...">
            Mark shipped
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function AmountDialog({
  title,
  label,
  hint,
  max,
  initial,
  allowZero = false,
  confirm,
  busy,
  onClose,
  onConfirm,
}: {
  title: string;
  label: string;
  hint: string;
  max: number;
  initial: number;
  allowZero?: boolean;
  confirm: string;
  busy: boolean;
  onClose(): void;
  onConfirm(cents: number): void;
}) {
  const [value, setValue] = useState(amountOf(initial));
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = /^\d+(\.\d{1,2})?$/.test(value.trim()) ? moneyToCents(value.trim()) : null;
    if (amount === null) return setError('Enter an amount like 12.50');
    if (amount === 0 && !allowZero) return setError('Enter an amount above 0');
    if (amount > max) return setError(`At most ${amountOf(max)} can be refunded`);
    setError(undefined);
    onConfirm(amount);
  };
  return (
    <Dialog open title={title} busy={busy} onClose={onClose} size="md">
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          label={label}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          hint={<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{hint}</p>}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Go back
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Working...' : confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
