import { sandboxChargeRequestSchema } from '@bookstore/contract';
import { SANDBOX_CARDS } from '@bookstore/contract/checkout';
import { formatMoney } from '@bookstore/contract/money';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type InputHTMLAttributes, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CloseIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api-client';
import { chargeSandboxCard } from '../api/payments';
import type { PaymentTransaction, PopupConfig } from '../lib/params';

/**
 * The built-in test-mode payment pop-up (PAYMENT_PROVIDER=sandbox): it looks and behaves like a card
 * provider's inline pop-up (amount and email shown, a card form, a close button) and charges through
 * the server, which records the transaction so verification is real.
 */
function groupCardNumber(value: string) {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The contract's test cards, grouped as a card shows them. */
export const TEST_CARDS = [
  { number: groupCardNumber(SANDBOX_CARDS.success), outcome: 'succeeds' },
  { number: groupCardNumber(SANDBOX_CARDS.declined), outcome: 'is declined' },
] as const;

function formatExpiry(value: string) {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** One numeric field of the card form, labelled above, with its own message when it is wrong. */
function CardInput({
  label,
  onChange,
  error,
  'aria-describedby': describedBy,
  ...input
}: { label: string; onChange(value: string): void; error?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange'
>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        required
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : undefined, describedBy].filter(Boolean).join(' ') || undefined}
        className="mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The card fields, checked by the same schema as the server; the card number is sent as typed. */
const cardSchema = sandboxChargeRequestSchema.omit({ reference: true });
type CardFields = { card_number: string; expiry: string; cvv: string };

interface Props {
  config: PopupConfig;
  onSuccess: (transaction: PaymentTransaction) => void;
  onCancel: () => void;
}

export function SandboxPopup({ config, onSuccess, onCancel }: Props) {
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CardFields>({
    resolver: zodResolver(cardSchema, undefined, { raw: true }),
    defaultValues: { card_number: '', expiry: '', cvv: '' },
  });
  const [state, setState] = useState<'idle' | 'charging' | 'approved'>('idle');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const amount = formatMoney(config.amount, config.currency);

  const close = () => {
    if (state === 'idle') onCancel();
  };

  /** One card field: formatted as it is typed, with the schema's message under it when it is wrong. */
  const cardField = (
    name: keyof CardFields,
    label: string,
    format: (value: string) => string,
    input: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'>,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CardInput
          label={label}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(value) => field.onChange(format(value))}
          error={errors[name]?.message}
          {...input}
        />
      )}
    />
  );

  const submit = handleSubmit(async (card) => {
    if (state !== 'idle') return;
    setError(null);
    setState('charging');
    try {
      const result = await chargeSandboxCard({ reference: config.reference, ...card });
      setState('approved');
      onSuccess({
        reference: result.reference,
        trxref: result.reference,
        status: 'success',
        message: result.message,
      });
    } catch (err) {
      setState('idle');
      setError(err instanceof ApiError ? err.message : 'The payment could not be completed. Please try again.');
    }
  });

  return (
    <Dialog open onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/60" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          data-testid="payment-popup"
          className="w-full max-w-sm overflow-hidden rounded-xl bg-white text-gray-900 shadow-2xl dark:bg-gray-900 dark:text-gray-100"
        >
          <div className="flex items-start justify-between gap-3 border-b border-gray-200 p-4 dark:border-gray-700">
            <div className="min-w-0">
              <span className="inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
                TEST MODE
              </span>
              <p className="mt-2 truncate text-sm text-gray-700 dark:text-gray-300" data-testid="payment-popup-email">
                {config.email}
              </p>
              <p className="text-sm">
                Pay <strong data-testid="payment-popup-amount">{amount}</strong>
              </p>
            </div>
            <button
              type="button"
              onClick={close}
              disabled={state !== 'idle'}
              aria-label="Close payment window"
              className="rounded-full p-1.5 text-gray-600 hover:bg-gray-100 disabled:opacity-40 dark:text-gray-300 dark:hover:bg-gray-800"
            >
              <CloseIcon width={20} height={20} />
            </button>
          </div>

          {state === 'approved' ? (
            <div role="status" className="p-8 text-center">
              <p className="text-lg font-semibold text-emerald-800 dark:text-emerald-300">Payment approved</p>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">Confirming with the store...</p>
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-4 p-4">
              <DialogTitle className="text-base font-semibold">Pay with card</DialogTitle>
              {cardField('card_number', 'Card number', groupCardNumber, {
                autoComplete: 'cc-number',
                placeholder: '0000 0000 0000 0000',
                'aria-describedby': error ? errorId : undefined,
              })}
              <div className="grid grid-cols-2 gap-3">
                {cardField('expiry', 'Expiry (MM/YY)', formatExpiry, { autoComplete: 'cc-exp', placeholder: 'MM/YY' })}
                {cardField('cvv', 'CVV', (value) => value.replace(/\D/g, '').slice(0, 4), {
                  autoComplete: 'cc-csc',
                  placeholder: '123',
                  maxLength: 4,
                })}
              </div>
              {error && (
                <p
                  id={errorId}
                  role="alert"
                  className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
                >
                  {error}
                </p>
              )}
              <button
                type="submit"
                disabled={state !== 'idle'}
                className="flex w-full items-center justify-center gap-2 rounded-md bg-emerald-700 px-4 py-3 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70"
              >
                {state === 'charging' ? (
                  <>
                    <Spinner label="Paying" /> Paying...
                  </>
                ) : (
                  `Pay ${amount}`
                )}
              </button>
              <div className="rounded-md bg-gray-50 p-3 text-xs text-gray-700 dark:bg-gray-800 dark:text-gray-300">
                <p className="font-semibold">Test cards (any future expiry, any CVV):</p>
                <ul className="mt-1 space-y-0.5">
                  {TEST_CARDS.map((card) => (
                    <li key={card.number}>
                      <span className="font-mono">{card.number}</span> {card.outcome}
                    </li>
                  ))}
                </ul>
              </div>
            </form>
          )}
          <p className="border-t border-gray-200 px-4 py-2 text-center text-xs text-gray-600 dark:border-gray-700 dark:text-gray-400">
            Secured test payment · no real money moves
          </p>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
