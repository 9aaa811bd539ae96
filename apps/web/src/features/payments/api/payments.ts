import type { PaymentInit, SandboxCharge, SandboxChargeRequest, VerifyPayment } from '@bookstore/contract';
import { api, ApiError } from '../../../lib/api-client';

/** POST /api/payments/initialize/: a fresh payment attempt (reference, amount, email, provider, public key). */
export function initializePayment(orderId: number) {
  return api.post<PaymentInit>('/payments/initialize/', { order_id: orderId });
}

/** POST /api/payments/sandbox/charge/: the test-mode pop-up submitting a card. */
export function chargeSandboxCard(request: SandboxChargeRequest) {
  return api.post<SandboxCharge>('/payments/sandbox/charge/', request);
}

/**
 * POST /api/verify-payment/ (docs/product.md, "API"): the server asks the provider. 'success' means paid;
 * a refusal comes back as an error reply that also carries a status, which we return as such.
 */
export async function verifyPayment(reference: string, orderId: number): Promise<VerifyPayment> {
  try {
    return await api.post<VerifyPayment>('/verify-payment/', { reference, order_id: orderId });
  } catch (error) {
    const status = error instanceof ApiError ? error.body?.status : undefined;
    if (status === 'failed' || status === 'pending') {
      return { status, error: (error as ApiError).message };
    }
    throw error;
  }
}
