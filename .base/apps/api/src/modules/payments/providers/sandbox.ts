import { SANDBOX_CARDS } from '@bookstore/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { payments } from '../../../db/schema.js';
import { type PaymentProvider, ProviderRefused, type ProviderTransaction } from './types.js';

/**
 * The built-in test-mode provider. Its "provider side" is the charge endpoint plus the payments table:
 * a charge writes what a card provider would report (`provider_response`), and verification reads it
 * back, so verify, idempotency and the amount checks run exactly as with a real provider, offline.
 */
export const SANDBOX_PUBLIC_KEY = 'pk_test_sandbox';

export interface SandboxLedgerEntry {
  status: 'success' | 'failed';
  reference: string;
  amount: number;
  currency: string;
  gateway_response: string;
  channel: 'card';
  card: { last4: string; brand: string };
  paid_at: string | null;
  /** Set when the charge was given back (a second charge, in full). */
  refund?: { amount: number; currency: string; refunded_at: string };
  /** Refunds of the order's payment, by their own key: the same key is recorded once. */
  refunds?: { reference: string; amount: number; currency: string; refunded_at: string }[];
}

export function createSandboxProvider(db: Database): PaymentProvider {
  return {
    name: 'sandbox',
    publicKey: SANDBOX_PUBLIC_KEY,
    async verifyTransaction(reference: string): Promise<ProviderTransaction> {
      const [row] = await db
        .select({ providerResponse: payments.providerResponse, provider: payments.provider })
        .from(payments)
        .where(eq(payments.reference, reference));
      const entry = row?.provider === 'sandbox' ? (row.providerResponse as SandboxLedgerEntry | null) : null;
      if (!row || row.provider !== 'sandbox') {
        return { status: 'not_found', reference: null, amountCents: null, currency: null, raw: null };
      }
      if (!entry) return { status: 'pending', reference, amountCents: null, currency: null, raw: null };
      return {
        status: entry.status === 'success' ? 'success' : 'failed',
        reference: entry.reference,
        amountCents: entry.amount,
        currency: entry.currency,
        raw: entry,
      };
    },
    async refund({ reference, amountCents, currency, refundReference }) {
      // The sandbox's ledger records the refund beside the charge, as a provider's dashboard would.
      if (refundReference) {
        // A refund of the order (part or all): kept by its key, once, never above what was charged.
        return db.transaction(async (tx) => {
          const [row] = await tx
            .select({ providerResponse: payments.providerResponse })
            .from(payments)
            .where(eq(payments.reference, reference))
            .for('update');
          const entry = (row?.providerResponse as SandboxLedgerEntry | null) ?? null;
          if (!entry || entry.status !== 'success') throw new ProviderRefused('The sandbox has no such charge');
          const given = entry.refunds ?? [];
          const earlier = given.find((r) => r.reference === refundReference);
          if (earlier) return earlier;
          const total = given.reduce((sum, r) => sum + r.amount, 0) + (entry.refund?.amount ?? 0);
          if (total + amountCents > entry.amount)
            throw new ProviderRefused('The refund is more than what is left of the charge');
          const refund = {
            reference: refundReference,
            amount: amountCents,
            currency,
            refunded_at: new Date().toISOString(),
          };
          await tx
            .update(payments)
            .set({ providerResponse: { ...entry, refunds: [...given, refund] } })
            .where(eq(payments.reference, reference));
          return refund;
        });
      }
      const [row] = await db
        .select({ providerResponse: payments.providerResponse })
        .from(payments)
        .where(eq(payments.reference, reference));
      const entry = (row?.providerResponse as SandboxLedgerEntry | null) ?? null;
      if (!entry || entry.status !== 'success') return null;
      if (entry.refund) return entry;
      const refunded: SandboxLedgerEntry = {
        ...entry,
        refund: { amount: amountCents, currency, refunded_at: new Date().toISOString() },
      };
      await db.update(payments).set({ providerResponse: refunded }).where(eq(payments.reference, reference));
      return refunded;
    },
  };
}

/** Luhn check: what a real card form rejects before asking the bank. */
export function isCardNumber(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY not in the past (a card is valid through the end of its month). */
export function isExpiryValid(expiry: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

export type SandboxCardOutcome = 'success' | 'declined' | 'not_a_test_card';

export function sandboxCardOutcome(digits: string): SandboxCardOutcome {
  if (digits === SANDBOX_CARDS.success) return 'success';
  if (digits === SANDBOX_CARDS.declined) return 'declined';
  return 'not_a_test_card';
}
