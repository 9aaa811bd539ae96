import { type PaymentInit, SANDBOX_CARDS, type SandboxChargeRequest, type VerifyPayment } from '@bookstore/contract';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { findUserById } from '../accounts/index.js';
import { findOrder, holdForPayment, markPaid, type PaymentApplied } from '../orders/index.js';
import { createPaystackProvider, fromPaystackTransaction, isPaystackSignatureValid } from './providers/paystack.js';
import {
  createSandboxProvider,
  isCardNumber,
  isExpiryValid,
  type SandboxLedgerEntry,
  sandboxCardOutcome,
} from './providers/sandbox.js';
import { type PaymentProvider, type ProviderTransaction, ProviderUnavailable } from './providers/types.js';
import { openRefund, sendRefund } from './refunds.js';

export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  const { payment } = config;
  if (payment.provider === 'paystack') {
    return createPaystackProvider({
      secretKey: payment.paystackSecretKey ?? '',
      publicKey: payment.paystackPublicKey ?? '',
      baseUrl: payment.paystackBaseUrl,
    });
  }
  return createSandboxProvider(db);
}

/** ORD-{orderId}-{timestamp} (docs/product.md, "Constants"). */
export function paymentReference(orderId: number, timestamp = Date.now()): string {
  return `ORD-${orderId}-${timestamp}`;
}

async function ownOrder(db: Database, orderId: number, userId: number) {
  const order = await findOrder(db, orderId);
  if (!order || order.userId !== userId) throw notFound('Order not found');
  return order;
}

function toInit(provider: PaymentProvider, attempt: typeof payments.$inferSelect): PaymentInit {
  return {
    provider: provider.name,
    reference: attempt.reference,
    amount: attempt.amountCents,
    currency: attempt.currency,
    email: attempt.email,
    public_key: provider.publicKey,
    order_id: attempt.orderId,
  };
}

async function openAttempt(db: Database, orderId: number) {
  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
  return open;
}

/**
 * Opens the payment attempt of the caller's order, or hands back the one already open (one open
 * attempt per order, kept by a unique index, so two pop-ups cannot charge one order twice). The order
 * must be unpaid and within its hold (see holdForPayment). No call to the provider.
 */
export async function initializePayment(
  db: Database,
  provider: PaymentProvider,
  userId: number,
  orderId: number,
): Promise<PaymentInit> {
  const order = await ownOrder(db, orderId, userId);
  if (order.paymentStatus === 'success') throw conflict('This order has already been paid');
  await holdForPayment(db, order.id);
  const open = await openAttempt(db, order.id);
  if (open) return toInit(provider, open);
  const user = await findUserById(db, userId);
  if (!user) throw notFound('Order not found');

  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await db
      .insert(payments)
      .values({
        reference: paymentReference(order.id, Date.now() + attempt),
        orderId: order.id,
        provider: provider.name,
        amountCents: order.totalCents,
        currency: order.currency,
        email: user.email,
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning();
    if (created) return toInit(provider, created);
    // Another request opened the attempt first (or the reference was taken): use theirs.
    const theirs = await openAttempt(db, order.id);
    if (theirs) return toInit(provider, theirs);
  }
  throw new AppError(503, 'The payment could not be started. Please try again.');
}

const REFUNDED_MESSAGE = 'This order was already paid, so this second payment has been refunded.';

/**
 * A provider confirmed a charge for an order that another payment had already paid: give it back
 * through the provider, at once. The attempt is claimed first ('refunding'), so of two callers racing
 * (verify and webhook) one refunds; if the provider cannot be reached the claim is dropped and the
 * next verification or webhook delivery tries again.
 */
async function refundSecondCharge(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  charge: { orderId: number; reference: string; amountCents: number; currency: string },
): Promise<'refunded' | 'unavailable'> {
  const [claimed] = await db
    .update(payments)
    .set({ status: 'refunding', updatedAt: sql`now()` })
    .where(and(eq(payments.reference, charge.reference), notInArray(payments.status, ['refunding', 'refunded'])))
    .returning({ reference: payments.reference });
  if (!claimed) return 'refunded';
  try {
    const answer = await provider.refund(charge);
    await db
      .update(payments)
      .set({
        status: 'refunded',
        updatedAt: sql`now()`,
        ...(provider.name === 'sandbox'
          ? {}
          : {
              providerResponse: sql`coalesce(${payments.providerResponse}, '{}'::jsonb) || jsonb_build_object('refund', ${JSON.stringify(answer ?? null)}::jsonb)`,
            }),
      })
      .where(eq(payments.reference, charge.reference));
    log.warn(
      { orderId: charge.orderId, reference: charge.reference },
      'a second successful payment for a paid order was refunded',
    );
    return 'refunded';
  } catch (err) {
    await db
      .update(payments)
      .set({ status: 'success', updatedAt: sql`now()` })
      .where(eq(payments.reference, charge.reference));
    if (!(err instanceof ProviderUnavailable)) throw err;
    log.error(
      { orderId: charge.orderId, reference: charge.reference },
      'could not refund a second payment yet; will retry',
    );
    return 'unavailable';
  }
}

/** A failed verification: the reply carries `status` beside the error sentence. */
function verifyFailure(statusCode: number, status: 'failed' | 'pending', message: string): AppError {
  return new AppError(statusCode, message, undefined, { status });
}

export type PaymentJudgement =
  { outcome: 'success' } | { outcome: 'pending' | 'failed' | 'not_found' | 'mismatch'; reason: string };

/**
 * The only place that decides whether a provider's answer pays an order: the provider must say
 * success for this very reference, with the order's amount and currency.
 */
export function judgePayment(
  transaction: ProviderTransaction,
  expected: { reference: string; amountCents: number; currency: string },
): PaymentJudgement {
  switch (transaction.status) {
    case 'not_found':
      return { outcome: 'not_found', reason: 'The payment provider has no record of this payment' };
    case 'pending':
      return { outcome: 'pending', reason: 'The payment has not been completed yet' };
    case 'failed':
      return { outcome: 'failed', reason: 'The payment was not successful' };
  }
  if (transaction.reference !== expected.reference) {
    return { outcome: 'mismatch', reason: 'The provider reported a different payment reference' };
  }
  if (transaction.amountCents !== expected.amountCents) {
    return { outcome: 'mismatch', reason: 'The amount paid does not match the order total' };
  }
  if ((transaction.currency ?? '').toUpperCase() !== expected.currency.toUpperCase()) {
    return { outcome: 'mismatch', reason: 'The payment was made in a different currency than the order' };
  }
  return { outcome: 'success' };
}

/** Remembers what the provider said about an attempt that did not pay (never downgrades a success). */
async function recordAttempt(db: Database, reference: string, status: 'pending' | 'failed', raw: unknown) {
  await db
    .update(payments)
    .set({
      status,
      providerResponse: sql`coalesce(${JSON.stringify(raw ?? null)}::jsonb, ${payments.providerResponse})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.reference, reference), ne(payments.status, 'success')));
}

/** The attempt the provider confirmed is paid, unless it was already given back. */
async function recordSuccess(tx: Transaction, reference: string, raw: unknown) {
  await tx
    .update(payments)
    .set({ status: 'success', providerResponse: raw, updatedAt: sql`now()` })
    .where(and(eq(payments.reference, reference), notInArray(payments.status, ['refunding', 'refunded'])));
}

/**
 * A payment the provider confirmed (amount and currency already judged): the attempt (ours) and the
 * order (orders.markPaid) are marked paid together, in one short transaction. A payment that cannot
 * buy anything (the hold ran out and the copies are gone, or the order was cancelled) is given back:
 * its refund is recorded in the same transaction and asked of the provider right after.
 */
async function payOrder(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  orderId: number,
  reference: string,
  raw: unknown,
): Promise<PaymentApplied> {
  const { result, refundId } = await db.transaction(async (tx) => {
    await recordSuccess(tx, reference, raw);
    const result = await markPaid(tx, orderId, reference);
    if (!result.refundCents) return { result, refundId: null };
    const refund = await openRefund(tx, {
      orderId,
      actor: { kind: 'shop' },
      ask: { allCopies: true },
      provider: provider.name,
      reason: 'Paid after the reservation ran out; the books were no longer in stock.',
    });
    return { result, refundId: refund?.id ?? null };
  });
  if (refundId !== null) {
    log.warn({ orderId, reference }, 'a late payment found its copies or its promo code gone; refunding it');
    await sendRefund(db, provider, log, refundId);
  }
  return result;
}

const LATE_PAYMENT_MESSAGES = {
  'sold-out':
    'The time to pay for this order ran out and its books are no longer in stock, so your payment has been refunded. Please check out again.',
  'code-used-up':
    'The time to pay for this order ran out and its promo code has been used up since, so your payment has been refunded. Please check out again.',
} as const;

/**
 * POST /verify-payment/: the order's owner asks us to check a payment. We ask the provider (outside any
 * transaction), judge its answer, then record the outcome in one short transaction. Safe to repeat and
 * safe to race with the webhook: the order is marked paid once.
 */
export async function verifyPayment(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  userId: number,
  input: { reference: string; orderId: number },
): Promise<VerifyPayment & { code: 200 | 202 }> {
  const order = await ownOrder(db, input.orderId, userId);
  const [attempt] = await db.select().from(payments).where(eq(payments.reference, input.reference));
  if (!attempt || attempt.orderId !== order.id) {
    throw verifyFailure(422, 'failed', 'This payment reference does not belong to this order');
  }
  if (order.paymentStatus === 'success' && order.transactionRef === input.reference) {
    if (order.status === 'cancelled') {
      throw verifyFailure(409, 'failed', 'This order was cancelled, and its payment has been refunded.');
    }
    return { code: 200, status: 'success', order_status: order.status };
  }
  if (attempt.status === 'refunded' || attempt.status === 'refunding')
    throw verifyFailure(409, 'failed', REFUNDED_MESSAGE);

  let transaction: ProviderTransaction;
  try {
    transaction = await provider.verifyTransaction(input.reference);
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    log.warn({ err, reference: input.reference }, 'payment provider unreachable during verification');
    throw verifyFailure(502, 'pending', 'The payment provider could not be reached. Please try again in a moment.');
  }

  const judgement = judgePayment(transaction, {
    reference: input.reference,
    amountCents: order.totalCents,
    currency: order.currency,
  });
  switch (judgement.outcome) {
    case 'success': {
      const result = await payOrder(db, provider, log, order.id, input.reference, transaction.raw);
      if (result.refundCents) {
        throw verifyFailure(409, 'failed', LATE_PAYMENT_MESSAGES[result.lateRefund ?? 'sold-out']);
      }
      if (!result.applied && result.transactionRef !== input.reference) {
        const charge = {
          orderId: order.id,
          reference: input.reference,
          amountCents: order.totalCents,
          currency: order.currency,
        };
        if ((await refundSecondCharge(db, provider, log, charge)) === 'unavailable') {
          throw verifyFailure(
            502,
            'pending',
            'The payment provider could not be reached. Please try again in a moment.',
          );
        }
        throw verifyFailure(409, 'failed', REFUNDED_MESSAGE);
      }
      return { code: 200, status: 'success', order_status: result.orderStatus };
    }
    case 'pending':
      await recordAttempt(db, input.reference, 'pending', transaction.raw);
      return { code: 202, status: 'pending', error: judgement.reason };
    case 'failed':
      await recordAttempt(db, input.reference, 'failed', transaction.raw);
      throw verifyFailure(402, 'failed', judgement.reason);
    case 'not_found':
      throw verifyFailure(422, 'failed', judgement.reason);
    case 'mismatch':
      log.error(
        { orderId: order.id, reference: input.reference, reason: judgement.reason },
        'payment does not match its order',
      );
      await recordAttempt(db, input.reference, 'failed', transaction.raw);
      throw verifyFailure(422, 'failed', judgement.reason);
  }
}

/**
 * A provider event (webhook) about a transaction, already authenticated. Applies a successful payment
 * that matches its order; ignores anything else. Returns what happened, for the log.
 */
export async function applyProviderEvent(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  transaction: ProviderTransaction,
): Promise<'applied' | 'already_paid' | 'refunded' | 'ignored'> {
  if (!transaction.reference) return 'ignored';
  const [attempt] = await db.select().from(payments).where(eq(payments.reference, transaction.reference));
  if (!attempt) {
    log.warn({ reference: transaction.reference }, 'provider event for a reference we never issued');
    return 'ignored';
  }
  const order = await findOrder(db, attempt.orderId);
  if (!order) return 'ignored';
  const judgement = judgePayment(transaction, {
    reference: attempt.reference,
    amountCents: order.totalCents,
    currency: order.currency,
  });
  if (judgement.outcome !== 'success') {
    if (judgement.outcome === 'mismatch') {
      log.error(
        { orderId: order.id, reference: attempt.reference, reason: judgement.reason },
        'payment does not match its order',
      );
    }
    if (judgement.outcome === 'failed' || judgement.outcome === 'mismatch') {
      await recordAttempt(db, attempt.reference, 'failed', transaction.raw);
    }
    return 'ignored';
  }
  if (attempt.status === 'refunded' || attempt.status === 'refunding') return 'refunded';
  const result = await payOrder(db, provider, log, order.id, attempt.reference, transaction.raw);
  if (result.refundCents) return 'refunded';
  if (result.applied) return 'applied';
  if (result.transactionRef === attempt.reference) return 'already_paid';
  const charge = {
    orderId: order.id,
    reference: attempt.reference,
    amountCents: order.totalCents,
    currency: order.currency,
  };
  return (await refundSecondCharge(db, provider, log, charge)) === 'refunded' ? 'refunded' : 'ignored';
}

/** A card number as printed, in groups of four ("4084 0840 8408 4081"). */
export const cardGroups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * POST /payments/sandbox/charge/: what the card provider's servers would do when the sandbox pop-up
 * submits a card. Only the contract's test cards are accepted. The attempt is charged in the sandbox's
 * ledger; the order is marked paid only by verification, as with a real provider.
 */
export async function chargeSandboxCard(
  db: Database,
  provider: PaymentProvider,
  userId: number,
  request: Pick<SandboxChargeRequest, 'reference' | 'card_number' | 'expiry'>,
): Promise<{ status: 'success'; reference: string; message: string }> {
  if (provider.name !== 'sandbox') throw notFound('Test-mode payments are turned off');
  const { reference, card_number: digits, expiry } = request;
  if (!isCardNumber(digits))
    throw badRequest('card_number: Enter a valid card number', { card_number: ['Enter a valid card number'] });
  if (!isExpiryValid(expiry)) throw badRequest('expiry: This card has expired', { expiry: ['This card has expired'] });
  const outcome = sandboxCardOutcome(digits);
  if (outcome === 'not_a_test_card') {
    throw new AppError(
      422,
      `This is test mode: use the test card ${cardGroups(SANDBOX_CARDS.success)} (or ${cardGroups(SANDBOX_CARDS.declined)} to see a decline)`,
    );
  }
  await recordSandboxCharge(db, userId, reference, outcome, digits.slice(-4));
  if (outcome === 'declined') throw new AppError(402, 'Your card was declined. Please try another card.');
  return { status: 'success', reference, message: 'Approved' };
}

async function recordSandboxCharge(
  db: Database,
  userId: number,
  reference: string,
  outcome: 'success' | 'declined',
  last4: string,
): Promise<void> {
  const [attempt] = await db.select().from(payments).where(eq(payments.reference, reference));
  const order = attempt && (await findOrder(db, attempt.orderId));
  if (!attempt || !order || order.userId !== userId || attempt.provider !== 'sandbox') {
    throw notFound('Payment not found');
  }
  const ledger = attempt.providerResponse as SandboxLedgerEntry | null;
  if (attempt.status === 'success' || ledger?.status === 'success') {
    throw conflict('This payment has already been made');
  }
  const entry: SandboxLedgerEntry = {
    status: outcome === 'success' ? 'success' : 'failed',
    reference,
    amount: attempt.amountCents,
    currency: attempt.currency,
    gateway_response: outcome === 'success' ? 'Approved' : 'Declined',
    channel: 'card',
    card: { last4, brand: 'visa' },
    paid_at: outcome === 'success' ? new Date().toISOString() : null,
  };
  // The provider's own ledger: the attempt is charged; the order is marked paid only by verification,
  // as with a real provider.
  await db
    .update(payments)
    .set({ providerResponse: entry, updatedAt: sql`now()` })
    .where(and(eq(payments.reference, reference), ne(payments.status, 'success')));
}

/**
 * POST /payments/paystack/webhook/: Paystack tells us about a transaction. The signature (HMAC-SHA512
 * of the raw body with the secret key) is checked before anything is read; a charge.success is then
 * applied as applyProviderEvent says. Anything else is acknowledged and ignored.
 */
export async function receivePaystackWebhook(
  db: Database,
  provider: PaymentProvider,
  settings: Config['payment'],
  log: FastifyBaseLogger,
  delivery: { body: unknown; signature: string | string[] | undefined },
): Promise<{ received: boolean }> {
  const { provider: configured, paystackSecretKey } = settings;
  if (configured !== 'paystack' || !paystackSecretKey) throw notFound('Paystack is not the payment provider here');
  const raw = delivery.body;
  if (!Buffer.isBuffer(raw)) throw badRequest('The webhook body must be JSON');
  const signature = typeof delivery.signature === 'string' ? delivery.signature : undefined;
  if (!isPaystackSignatureValid(raw, signature, paystackSecretKey)) throw unauthorized('Invalid webhook signature');
  let event: { event?: unknown; data?: unknown };
  try {
    event = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  if (event.event === 'charge.success' && event.data && typeof event.data === 'object') {
    const outcome = await applyProviderEvent(db, provider, log, fromPaystackTransaction(event.data));
    log.info({ outcome }, 'paystack charge.success');
  }
  return { received: true };
}
