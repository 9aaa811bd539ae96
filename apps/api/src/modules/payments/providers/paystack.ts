import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider, ProviderTransaction } from './types.js';
import { ProviderUnavailable } from './types.js';

/**
 * Paystack: the browser opens the inline pop-up (https://js.paystack.co/v2/inline.js) with the public
 * key; the server verifies with the secret key (GET /transaction/verify/{reference}) and accepts the
 * signed webhook. Docs: https://paystack.com/docs/payments/verify-payments/ and /payments/webhooks/.
 */
export interface PaystackOptions {
  secretKey: string;
  publicKey: string;
  baseUrl: string;
  timeoutMs?: number;
}

interface PaystackTransaction {
  status?: string;
  reference?: string;
  amount?: number;
  currency?: string;
}

/** Paystack's transaction statuses, in ours. 'abandoned' means the customer has not finished yet. */
export function paystackStatus(status: string | undefined): ProviderTransaction['status'] {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
    case 'reversed':
      return 'failed';
    default:
      return 'pending';
  }
}

export function fromPaystackTransaction(data: PaystackTransaction): ProviderTransaction {
  return {
    status: paystackStatus(data.status),
    reference: typeof data.reference === 'string' ? data.reference : null,
    amountCents: typeof data.amount === 'number' && Number.isInteger(data.amount) ? data.amount : null,
    currency: typeof data.currency === 'string' ? data.currency.toUpperCase() : null,
    raw: data,
  };
}

export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'paystack',
    publicKey: options.publicKey,
    async verifyTransaction(reference: string): Promise<ProviderTransaction> {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl}/transaction/verify/${encodeURIComponent(reference)}`, {
          headers: { Authorization: `Bearer ${options.secretKey}`, Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new ProviderUnavailable('Paystack could not be reached', { cause: err });
      }
      const body = (await response.json().catch(() => null)) as { status?: boolean; data?: PaystackTransaction } | null;
      if (response.status === 404 || (response.status === 400 && body?.status === false)) {
        return { status: 'not_found', reference: null, amountCents: null, currency: null, raw: body };
      }
      if (!response.ok || !body?.data || typeof body.data !== 'object') {
        throw new ProviderUnavailable(`Paystack answered ${response.status}`);
      }
      return fromPaystackTransaction(body.data);
    },
    async refund({ reference, amountCents }) {
      // POST /refund (https://paystack.com/docs/api/refund/): the whole amount of that transaction.
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl}/refund`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.secretKey}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify({ transaction: reference, amount: amountCents }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new ProviderUnavailable('Paystack could not be reached', { cause: err });
      }
      const body = (await response.json().catch(() => null)) as { status?: boolean; data?: unknown } | null;
      if (!response.ok || body?.status !== true)
        throw new ProviderUnavailable(`Paystack refused the refund (${response.status})`);
      return body.data ?? body;
    },
  };
}

/** x-paystack-signature: hex HMAC-SHA512 of the raw body with the secret key, compared in constant time. */
export function isPaystackSignatureValid(rawBody: Buffer, signature: string | undefined, secretKey: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
