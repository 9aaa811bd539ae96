import { createHash } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.js';
import { refunds } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { type Actor, type RefundAsk, refundFailed, refundOrder } from '../orders/index.js';
import { type PaymentProvider, ProviderRefused } from './providers/types.js';

/**
 * Refunds of orders (docs/decisions/0018-after-the-sale.md). A refund is recorded first, in the
 * transaction that changes the order (orders' `refundOrder` counts it on the order, and this module
 * writes its `refunds` row, 'pending', with its own key RFD-{order}-{n}); the provider is asked after
 * commit, outside any transaction, as charges are. The key goes to the provider, so a retry (the
 * answer was lost, the provider was down) never refunds twice. A pending refund is tried again by
 * `retryPendingRefunds` (the scheduled job `refund-retries`, src/jobs.ts); one the provider refuses becomes 'failed' and
 * its amount stops counting as refunded (the order's history says so).
 */

type RefundRow = typeof refunds.$inferSelect;

export interface RefundAsked {
  orderId: number;
  actor: Actor;
  /** Copies of chosen lines, or an amount (undefined: all that is left of the payment). */
  ask: RefundAsk;
  provider: string;
  reason?: string;
  /** The staff request's Idempotency-Key: the same key refunds once. */
  requestKey?: string;
}

/** What a keyed request asked, as a fingerprint: the same key must come with the same request. */
const fingerprint = (asked: RefundAsked) =>
  createHash('sha256')
    .update(JSON.stringify({ ask: asked.ask, reason: asked.reason ?? '' }))
    .digest('hex');

export const idempotencyMessage =
  'This Idempotency-Key was already used for a different refund of this order. Use a new key for a new refund.';

/**
 * Records a refund in the caller's transaction: on the order (refunded_amount, its lines, history,
 * `order.refunded`) and as a pending `refunds` row that keeps where the money was counted. Returns the
 * row, or null when nothing was left to refund (a full refund asked again) or the same
 * Idempotency-Key was used before with the same request (then that refund). The same key with another
 * request is refused (422), as Stripe does.
 */
export async function openRefund(tx: Transaction, asked: RefundAsked): Promise<RefundRow | null> {
  // The order's row first: two requests with one key, or two refunds of one order, go one at a time.
  await tx.execute(sql`SELECT id FROM orders WHERE id = ${asked.orderId} FOR UPDATE`);
  const requestHash = asked.requestKey ? fingerprint(asked) : null;
  if (asked.requestKey) {
    const [earlier] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, asked.orderId), eq(refunds.requestKey, asked.requestKey)));
    if (earlier) {
      // Refunds keyed before fingerprints were kept are taken as they are.
      if (earlier.requestHash !== null && earlier.requestHash !== requestHash) {
        throw new AppError(422, idempotencyMessage, { 'idempotency-key': [idempotencyMessage] });
      }
      return earlier;
    }
  }
  const counted = await refundOrder(tx, asked.orderId, asked.actor, asked.ask, asked.reason);
  if (!counted.changed) return null;
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, asked.orderId));
  const [row] = await tx
    .insert(refunds)
    .values({
      reference: `RFD-${asked.orderId}-${n + 1}`,
      orderId: asked.orderId,
      paymentReference: counted.order.transactionRef!,
      provider: asked.provider,
      amountCents: counted.amountCents,
      currency: counted.order.currency,
      reason: asked.reason ?? '',
      requestKey: asked.requestKey ?? null,
      requestHash,
      allocation: counted.allocation,
    })
    .returning();
  return row!;
}

/**
 * Asks the provider for one pending refund, outside any transaction. 'succeeded' when it gave the
 * money back; 'pending' when it could not be reached (tried again later); 'failed' when it refused.
 */
export async function sendRefund(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  refundId: number,
): Promise<'succeeded' | 'pending' | 'failed'> {
  const [refund] = await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!refund) {
    const [now] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
    return (now?.status as 'succeeded' | 'failed' | undefined) ?? 'failed';
  }
  try {
    const answer = await provider.refund({
      reference: refund.paymentReference,
      amountCents: refund.amountCents,
      currency: refund.currency,
      refundReference: refund.reference,
    });
    await db
      .update(refunds)
      .set({ status: 'succeeded', providerResponse: (answer ?? null) as object | null, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    return 'succeeded';
  } catch (err) {
    if (!(err instanceof ProviderRefused)) {
      // Unreachable, or anything else on the way (the refund is recorded and committed): it stays
      // pending, and retryPendingRefunds asks again with the same key.
      log.warn({ err, refund: refund.reference, orderId: refund.orderId }, 'refund not sent yet; will retry');
      return 'pending';
    }
    log.error({ err, refund: refund.reference, orderId: refund.orderId }, 'the payment provider refused a refund');
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(refunds)
        .set({ status: 'failed', providerResponse: { error: err.message }, updatedAt: sql`now()` })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
        .returning({ id: refunds.id });
      if (failed) await refundFailed(tx, refund.orderId, refund.amountCents, refund.allocation);
    });
    return 'failed';
  }
}

/** Pending refunds last tried more than `olderThanSeconds` ago are asked of the provider again. */
export async function retryPendingRefunds(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  olderThanSeconds = 60,
): Promise<number> {
  const due = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        lt(refunds.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(100);
  let sent = 0;
  for (const { id } of due) if ((await sendRefund(db, provider, log, id)) === 'succeeded') sent += 1;
  return sent;
}
