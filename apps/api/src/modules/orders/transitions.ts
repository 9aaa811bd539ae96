import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { orderEvents, orderItems, orders } from '../../db/schema.js';
import { returnAll, takeAllOrNothing } from '../books/index.js';
import { recordEvent } from '../events/index.js';
import { recountRatingsOfPaidOrder } from '../reviews/index.js';

/**
 * Every change of an order's state, one function each, and nowhere else: each changes the order, writes
 * a row of its history (`order_events`: what, when, by whom) and records its event for after commit
 * (`order.placed`, `order.paid`, `order.expired`), all in the caller's transaction. Shipping,
 * delivery, cancellation and refunds are added here the same way.
 */

/** Who made a change: the customer or staff (with their account), the payment provider, or the shop itself. */
export type Actor = { kind: 'customer' | 'staff'; userId: number } | { kind: 'provider' | 'shop' };

async function remember(
  tx: Transaction,
  orderId: number,
  type: string,
  actor: Actor,
  detail: Record<string, unknown> = {},
) {
  await tx.insert(orderEvents).values({
    orderId,
    type,
    actor: actor.kind,
    actorUserId: 'userId' in actor ? actor.userId : null,
    detail,
  });
}

/** The order was placed (its copies are already held): history and `order.placed`. */
export async function orderPlaced(
  tx: Transaction,
  order: { id: number; userId: number; totalCents: number; currency: string },
): Promise<void> {
  await remember(tx, order.id, 'placed', { kind: 'customer', userId: order.userId });
  await recordEvent(tx, {
    type: 'order.placed',
    key: order.id,
    payload: { orderId: order.id, userId: order.userId, totalCents: order.totalCents, currency: order.currency },
  });
}

export interface PaymentApplied {
  /** false when the order was paid already (by this or another reference): nothing changed. */
  applied: boolean;
  orderStatus: string;
  /** The order's paying reference after this call. */
  transactionRef: string | null;
}

/**
 * Marks the order paid by `reference` and turns its reservation into a sale, exactly once whoever
 * calls first (verify, webhook): the conditional UPDATE on payment_status decides. If the reservation
 * had run out and its copies were given back, they are taken again when still there; otherwise the
 * order is kept paid and flagged 'backordered' so staff restock or refund it. Runs inside the caller's
 * transaction (payments records its attempt in the same one); never call a provider inside it.
 */
export async function markPaid(tx: Transaction, orderId: number, reference: string): Promise<PaymentApplied> {
  const [paid] = await tx
    .update(orders)
    .set({ paymentStatus: 'success', status: 'completed', transactionRef: reference, paidAt: sql`now()` })
    .where(and(eq(orders.id, orderId), ne(orders.paymentStatus, 'success')))
    .returning({
      stockReleased: orders.stockReleased,
      userId: orders.userId,
      totalCents: orders.totalCents,
      currency: orders.currency,
    });
  if (!paid) {
    const [row] = await tx
      .select({ status: orders.status, transactionRef: orders.transactionRef })
      .from(orders)
      .where(eq(orders.id, orderId));
    return { applied: false, orderStatus: row?.status ?? 'completed', transactionRef: row?.transactionRef ?? null };
  }
  // The buyer's reviews of these books now count in their ratings (docs/decisions/0008).
  await recountRatingsOfPaidOrder(tx, orderId);
  let status: 'completed' | 'backordered' = 'completed';
  if (paid.stockReleased) {
    const lines = await tx
      .select({ book: orderItems.bookId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.bookId));
    const retaken = await takeAllOrNothing(tx, lines);
    if (!retaken) status = 'backordered';
    await tx
      .update(orders)
      .set(retaken ? { stockReleased: false } : { status })
      .where(eq(orders.id, orderId));
  }
  await remember(tx, orderId, 'paid', { kind: 'provider' }, { reference, status });
  await recordEvent(tx, {
    type: 'order.paid',
    key: orderId,
    payload: { orderId, userId: paid.userId, reference, totalCents: paid.totalCents, currency: paid.currency, status },
  });
  return { applied: true, orderStatus: status, transactionRef: reference };
}

/**
 * The order's hold ran out unpaid: it is cancelled, its copies go back on sale, and a late payment can
 * still complete it (markPaid). The caller has locked the order's row (the sweeper claims a batch
 * with FOR UPDATE SKIP LOCKED); nothing happens if it was paid or released meanwhile. Returns whether
 * it expired.
 */
export async function expireOrder(tx: Transaction, orderId: number): Promise<boolean> {
  const [expired] = await tx
    .update(orders)
    .set({ status: 'cancelled', stockReleased: true })
    .where(and(eq(orders.id, orderId), ne(orders.paymentStatus, 'success'), eq(orders.stockReleased, false)))
    .returning({ userId: orders.userId });
  if (!expired) return false;
  const lines = await rows<{ book: number; quantity: number }>(
    tx,
    sql`SELECT book_id AS book, sum(quantity)::int AS quantity FROM order_items
        WHERE order_id = ${orderId} AND book_id IS NOT NULL GROUP BY book_id`,
  );
  await returnAll(tx, lines);
  await remember(tx, orderId, 'expired', { kind: 'shop' }, { copies: lines });
  await recordEvent(tx, { type: 'order.expired', key: orderId, payload: { orderId, userId: expired.userId } });
  return true;
}
