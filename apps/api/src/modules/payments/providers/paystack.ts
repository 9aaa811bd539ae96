import { createHmac, timingSafeEqual } from 'node:crypto';
import { inSpan, SpanKind } from '../../../lib/tracing.js';
import type { PaymentProvider, ProviderTransaction } from './types.js';
import { ProviderRefused, ProviderUnavailable } from './types.js';

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

/**
 * fetch to Paystack in a client span named by the method and the path without its values
 * (`paystack GET /transaction/verify`), the status of the answer on it (lib/tracing.ts).
 */
function paystackFetch(url: string, init: RequestInit): Promise<Response> {
  const method = init.method ?? 'GET';
  const route = new URL(url).pathname.replace(/\/(?:transaction\/verify)\/.*$/, '/transaction/verify');
  return inSpan(
    `paystack ${method} ${route}`,
    { 'http.request.method': method, 'server.address': new URL(url).hostname, 'url.path': route },
    async (span) => {
      const response = await fetch(url, init);
      span.setAttribute('http.response.status_code', response.status);
      return response;
    },
    SpanKind.CLIENT,
  );
}

export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'paystack',
    publicKey: options.publicKey,
    async verifyTransaction(reference: string): Promise<ProviderTransaction> {
      let response: Response;
      try {
        response = await paystackFetch(`${options.baseUrl}/transaction/verify/${encodeURIComponent(reference)}`, {
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
    async refund({ reference, amountCents, refundReference }) {
      const headers = {
        Authorization: `Bearer ${options.secretKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      };
      const call = async (path: string, init: RequestInit = {}) => {
        try {
          return await paystackFetch(`${options.baseUrl}${path}`, {
            headers,
            signal: AbortSignal.timeout(timeoutMs),
            ...init,
          });
        } catch (err) {
          throw new ProviderUnavailable('Paystack could not be reached', { cause: err });
        }
      };
      if (refundReference) {
        // Paystack takes no idempotency key: our refund's key travels as its merchant note, and before
        // asking we look for a refund with that note (an earlier try whose answer was lost), so a
        // retry never refunds twice. GET /refund?transaction= (https://paystack.com/docs/api/refund/).
        const listed = await call(`/refund?transaction=${encodeURIComponent(reference)}`);
        const list = (await listed.json().catch(() => null)) as { status?: boolean; data?: unknown } | null;
        if (!listed.ok || list?.status !== true || !Array.isArray(list.data)) {
          throw new ProviderUnavailable(`Paystack could not list refunds (${listed.status})`);
        }
        const earlier = list.data.find(
          (r: unknown) =>
            typeof r === 'object' && r !== null && (r as { merchant_note?: unknown }).merchant_note === refundReference,
        );
        if (earlier) return earlier;
      }
      // POST /refund: `amount` in minor units (all of it when it is the whole charge).
      const response = await call('/refund', {
        method: 'POST',
        body: JSON.stringify({
          transaction: reference,
          amount: amountCents,
          ...(refundReference ? { merchant_note: refundReference } : {}),
        }),
      });
      const body = (await response.json().catch(() => null)) as {
        status?: boolean;
        data?: unknown;
        message?: string;
      } | null;
      if (response.status >= 400 && response.status < 500 && response.status !== 429 && body?.status === false) {
        throw new ProviderRefused(`Paystack refused the refund: ${body.message ?? response.status}`);
      }
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
