import type { PaymentProviderName } from '@bookstore/contract';

/** What the provider says about one transaction, in our words. */
export interface ProviderTransaction {
  status: 'success' | 'failed' | 'pending' | 'not_found';
  reference: string | null;
  /** Minor units, as the provider charged them. */
  amountCents: number | null;
  currency: string | null;
  /** The provider's own answer, kept for support. */
  raw: unknown;
}

/**
 * The one small interface a card provider implements. The browser side (pop-up) lives in the web app;
 * the server only ever asks the provider what happened, and never trusts the browser's word.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The key the browser's pop-up is opened with (never a secret). */
  readonly publicKey: string;
  /** Asks the provider about a transaction. Throws ProviderUnavailable when it cannot be reached. */
  verifyTransaction(reference: string): Promise<ProviderTransaction>;
  /**
   * Gives money back from a successful charge: all of it (a second payment for an order already paid)
   * or part (a refund of the order). `refundReference`, when given, is the refund's own key: asked
   * again with the same key, the provider refunds once. Returns the provider's answer, kept for
   * support. Throws ProviderUnavailable when it cannot be reached (try again later), ProviderRefused
   * when it said no (trying again will not help).
   */
  refund(charge: {
    reference: string;
    amountCents: number;
    currency: string;
    refundReference?: string;
  }): Promise<unknown>;
}

export class ProviderRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRefused';
  }
}

export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}
