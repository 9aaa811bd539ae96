import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { subscribeToNewsletter } from '../api/newsletter';
import { Button } from '../../../components/ui/Button';

const SUBSCRIBED = 'Thanks for subscribing! Please confirm with the link we have sent to your inbox.';
const FAILED = 'Could not subscribe right now. Please try again later.';

/**
 * The footer's newsletter box, wired to POST /api/newsletter/. It is on every page, so the contract
 * schema (and the validation library behind it) loads only when someone actually subscribes, and
 * the call is a plain request with its own pending flag: TanStack Query's mutation observer
 * (useMutation) stays out of every page's first file (docs/decisions/0021-less-script.md).
 */
export function NewsletterForm() {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [invalid, setInvalid] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const { newsletterRequestSchema } = await import('@bookstore/contract');
    const parsed = newsletterRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setInvalid(true);
      setOutcome({ ok: false, text: parsed.error.issues[0]?.message ?? 'Enter a valid email address' });
      return;
    }
    setInvalid(false);
    setPending(true);
    try {
      const reply = await subscribeToNewsletter(parsed.data);
      setOutcome({ ok: true, text: reply?.message ?? SUBSCRIBED });
      setEmail('');
    } catch (error) {
      const text = error instanceof ApiError && error.status < 500 ? error.message : FAILED;
      setOutcome({ ok: false, text });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Newsletter">
      <label htmlFor={`${id}-email`} className="block text-sm text-gray-700 dark:text-gray-300">
        Get new arrivals and offers in your inbox.
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={outcome ? `${id}-message` : undefined}
          className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-600 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
        />
        <Button type="submit" disabled={pending}>
          Subscribe
        </Button>
      </div>
      <p
        id={`${id}-message`}
        role={outcome?.ok === false ? 'alert' : 'status'}
        className={
          outcome?.ok === false
            ? 'text-sm text-red-700 dark:text-red-300'
            : 'text-sm text-green-800 dark:text-green-300'
        }
      >
        {outcome?.text}
      </p>
    </form>
  );
}
