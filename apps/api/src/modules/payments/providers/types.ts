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
   * Gives a successful charge back in full (a second payment for an order already paid). Returns the
   * provider's answer, kept for support. Throws ProviderUnavailable when it cannot be reached.
   */
  refund(charge: { reference: string; amountCents: number; currency: string }): Promise<unknown>;
}

export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}
