import { centsToMoney, trackingUrl } from '@bookstore/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { orderEvents, orderItems, orders } from '../../db/schema.js';
import { returnAll, takeAllOrNothing } from '../books/index.js';
import { recordEvent } from '../events/index.js';
import { recountRatingsOfOrder } from '../reviews/index.js';
import { codeHasRoomFor } from '../promotions/index.js';
import { type EbookReadiness, ebookReadiness, grantDownloads, revokeDownloads } from '../downloads/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import {
  allocateAmount,
  allocateCopies,
  allocationCents,
  type RefundAllocation,
  type RefundAsk,
} from './refund-lines.js';
import { isDigital } from './summary.js';

/**
 * Every change of an order's state, one function each, and nowhere else: each changes the order, writes
 * a row of its history (`order_events`: what, when, by whom) and records its event for after commit
 * (`order.placed`, `order.paid`, `order.expired`, `order.shipped`, `order.delivered`,
 * `order.cancelled`, `order.refunded`), all in the caller's transaction. The after-sale ones
 * (docs/decisions/0018-after-the-sale.md) lock the order's row first, so two staff, or a shopper and a
 * payment, change it one after the other on any number of processes; asked again for a change already
 * made they change nothing and say so (`changed: false`), and they refuse with a 409 in the shop's
 * words when the order is not in a state the change applies to.
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
  /**
   * Set when the payment was recorded but cannot buy anything: the hold had run out and the copies are
   * gone, or the order was cancelled. The payments module gives it back at once (this many cents).
   */
  refundCents?: number;
  /** Why a late payment is given back: its copies are gone, or its promo code was used up meanwhile. */
  lateRefund?: 'sold-out' | 'code-used-up';
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
  // A payment for an order someone cancelled buys nothing: it is given back (docs/decisions/0018).
  const cancelledByPerson = (
    await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${orderId} AND type = 'cancelled'`,
    )
  )[0]!.n;
  let status: 'completed' | 'cancelled' = 'completed';
  let codeUsedUp = false;
  if (paid.stockReleased) {
    const lines = await tx
      .select({ edition: orderItems.editionId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.editionId));
    // The hold's use of a promo code was given back with its copies: both must still be there.
    codeUsedUp = cancelledByPerson === 0 && !(await codeHasRoomFor(tx, orderId));
    const retaken = cancelledByPerson === 0 && !codeUsedUp && (await takeAllOrNothing(tx, lines, { orderId }));
    if (retaken) {
      await tx
        .update(orders)
        .set({ stockReleased: false, fulfilmentStatus: 'unfulfilled', cancelledAt: null })
        .where(eq(orders.id, orderId));
    } else {
      // The hold ran out and the copies are gone (or the order was cancelled): never a sale of copies
      // the shop does not have. The order stays cancelled, and the payment goes back in full.
      status = 'cancelled';
      await tx
        .update(orders)
        .set({ status, fulfilmentStatus: 'cancelled', cancelledAt: sql`coalesce(${orders.cancelledAt}, now())` })
        .where(eq(orders.id, orderId));
    }
  }
  if (status === 'completed') {
    // The buyer's reviews of these books now count in their ratings (docs/decisions/0008).
    await recountRatingsOfOrder(tx, orderId);
  }
  await remember(tx, orderId, 'paid', { kind: 'provider' }, { reference, status });
  if (status === 'completed') await deliverDownloads(tx, orderId);
  if (status === 'completed') {
    await recordEvent(tx, {
      type: 'order.paid',
      key: orderId,
      payload: {
        orderId,
        userId: paid.userId,
        reference,
        totalCents: paid.totalCents,
        currency: paid.currency,
        status,
      },
    });
    return { applied: true, orderStatus: status, transactionRef: reference };
  }
  return {
    applied: true,
    orderStatus: status,
    transactionRef: reference,
    refundCents: paid.totalCents,
    lateRefund: codeUsedUp ? 'code-used-up' : 'sold-out',
  };
}

/**
 * A paid order's eBook lines get their download links (docs/decisions/0023-ebook-delivery.md); an
 * order of eBooks only has nothing to ship, so it is delivered the moment it is paid, with its history
 * row and `order.delivered` (marked `digital`: the confirmation e-mail already carries the links).
 */
async function deliverDownloads(tx: Transaction, orderId: number) {
  await deliverDigital(tx, orderId, await grantDownloads(tx, orderId));
}

/** Delivered when every line is an eBook and every one can be downloaded (an eBook whose file is missing waits for it). */
async function deliverDigital(tx: Transaction, orderId: number, { lines, ebooks, ready }: EbookReadiness) {
  if (ebooks === 0 || ebooks < lines || ready < ebooks) return false;
  await tx
    .update(orders)
    .set({ fulfilmentStatus: 'delivered', deliveredAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.fulfilmentStatus, 'unfulfilled')));
  await remember(tx, orderId, 'delivered', { kind: 'shop' }, { digital: true });
  await recordEvent(tx, { type: 'order.delivered', key: orderId, payload: { orderId, digital: true } });
  return true;
}

/**
 * An eBook's file arrived after the order was paid (downloads' `ebook.ready`): a paid order of eBooks
 * only that waited for it is delivered now, as it would have been at payment. Nothing changes for an
 * order delivered, cancelled or returned meanwhile, refunded in full, or still waiting for another file.
 */
export async function deliverWaitingDownloads(tx: Transaction, orderId: number): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  const refunded = order.totalCents > 0 && order.refundedCents >= order.totalCents;
  if (!isPaid(order) || order.fulfilmentStatus !== 'unfulfilled' || refunded) return false;
  return deliverDigital(tx, orderId, await ebookReadiness(tx, orderId));
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
    .set({ status: 'cancelled', fulfilmentStatus: 'cancelled', cancelledAt: sql`now()`, stockReleased: true })
    .where(and(eq(orders.id, orderId), ne(orders.paymentStatus, 'success'), eq(orders.stockReleased, false)))
    .returning({ userId: orders.userId });
  if (!expired) return false;
  const lines = await copiesOf(tx, orderId);
  await returnAll(tx, lines, { reason: 'released', orderId });
  await remember(tx, orderId, 'expired', { kind: 'shop' }, { copies: lines });
  await recordEvent(tx, { type: 'order.expired', key: orderId, payload: { orderId, userId: expired.userId } });
  return true;
}

/**
 * The copies of an order's lines still out of the shop, by edition (per title too, as the order's history
 * names them): those a refund put back on sale already are not put back again.
 */
function copiesOf(tx: Transaction, orderId: number) {
  return rows<{ book: number | null; edition: number; quantity: number }>(
    tx,
    sql`SELECT max(book_id) AS book, edition_id AS edition, sum(quantity - restocked_quantity)::int AS quantity
        FROM order_items WHERE order_id = ${orderId} AND edition_id IS NOT NULL
        GROUP BY edition_id HAVING sum(quantity - restocked_quantity) > 0 ORDER BY edition_id`,
  );
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** What an after-sale change did: `changed: false` when it had been done already (the same request again). */
export interface Changed {
  order: OrderRow;
  changed: boolean;
}

/** Reads the order and locks its row until the transaction ends; 404 when there is none. */
export async function lockOrder(tx: Transaction, orderId: number): Promise<OrderRow> {
  await tx.execute(sql`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`);
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('Order not found');
  return row;
}

/** The copies of an order go back on sale (once: `stock_released` says they are back). */
async function putBack(tx: Transaction, order: OrderRow, reason: 'cancelled' | 'returned') {
  if (order.stockReleased) return [];
  const lines = await copiesOf(tx, order.id);
  await returnAll(tx, lines, { reason, orderId: order.id });
  return lines;
}

const isPaid = (order: OrderRow) => order.paymentStatus === 'success';

/** Ship (staff): only a paid order not yet sent. The same carrier and number again changes nothing. */
export async function shipOrder(
  tx: Transaction,
  orderId: number,
  actor: Actor,
  parcel: { carrier: string; trackingNumber: string },
): Promise<Changed> {
  const order = await lockOrder(tx, orderId);
  switch (order.fulfilmentStatus) {
    case 'shipped':
      if (order.carrier === parcel.carrier && order.trackingNumber === parcel.trackingNumber)
        return { order, changed: false };
      throw conflict(`This order has already been shipped with ${order.carrier} (${order.trackingNumber}).`);
    case 'delivered':
      throw conflict('This order has already been delivered.');
    case 'cancelled':
      throw conflict('This order was cancelled, so it cannot be shipped.');
    case 'returned':
      throw conflict('This order was returned, so it cannot be shipped.');
  }
  if (!isPaid(order)) throw conflict('This order has not been paid yet, so it cannot be shipped.');
  if (order.shippingCents === 0 && !order.shippingMethod && order.shippingAddress === null) {
    const paper = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM order_items oi JOIN editions e ON e.id = oi.edition_id
          WHERE oi.order_id = ${orderId} AND coalesce(oi.format, e.format) <> 'eBook'`,
    );
    const lines = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM order_items WHERE order_id = ${orderId} AND edition_id IS NOT NULL`,
    );
    if (lines[0]!.n > 0 && paper[0]!.n === 0) throw conflict('This order has only eBooks: there is nothing to ship.');
  }
  const [shipped] = await tx
    .update(orders)
    .set({
      fulfilmentStatus: 'shipped',
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
      shippedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  const url = trackingUrl(parcel.carrier, parcel.trackingNumber);
  await remember(tx, orderId, 'shipped', actor, { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber });
  await recordEvent(tx, {
    type: 'order.shipped',
    key: orderId,
    payload: {
      orderId,
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
      ...(url ? { trackingUrl: url } : {}),
    },
  });
  return { order: shipped!, changed: true };
}

/** Deliver (staff): a shipped order arrived. Again changes nothing. */
export async function deliverOrder(tx: Transaction, orderId: number, actor: Actor): Promise<Changed> {
  const order = await lockOrder(tx, orderId);
  switch (order.fulfilmentStatus) {
    case 'delivered':
      return { order, changed: false };
    case 'unfulfilled':
      throw conflict('This order has not been shipped yet, so it cannot be delivered.');
    case 'cancelled':
      throw conflict('This order was cancelled, so it cannot be delivered.');
    case 'returned':
      throw conflict('This order was returned, so it cannot be delivered.');
  }
  const [delivered] = await tx
    .update(orders)
    .set({ fulfilmentStatus: 'delivered', deliveredAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  await remember(tx, orderId, 'delivered', actor);
  await recordEvent(tx, { type: 'order.delivered', key: orderId, payload: { orderId } });
  return { order: delivered!, changed: true };
}

/** What a cancellation or return leaves to give back: the part of the payment not yet refunded. */
export interface Reversal extends Changed {
  /** Cents still to refund (0 when unpaid, or all was refunded already). */
  refundDueCents: number;
}

/**
 * Cancel: the shopper until it ships, staff any time before delivery. Its copies go back on sale
 * (unpaid: the hold is released); a paid order's payment is due back in full, which the caller asks
 * of the payments module in the same transaction. Cancelling a cancelled order changes nothing.
 */
export async function cancelOrder(tx: Transaction, orderId: number, actor: Actor, reason?: string): Promise<Reversal> {
  const order = await lockOrder(tx, orderId);
  switch (order.fulfilmentStatus) {
    case 'cancelled':
      return { order, changed: false, refundDueCents: 0 };
    case 'returned':
      throw conflict('This order was returned, so it cannot be cancelled.');
    case 'delivered':
      throw conflict(
        actor.kind === 'staff'
          ? 'This order has been delivered, so it cannot be cancelled. Use Return instead.'
          : 'This order has been delivered, so it can no longer be cancelled. Please contact us to return it.',
      );
    case 'shipped':
      if (actor.kind !== 'staff') {
        throw conflict('This order has already been shipped, so it can no longer be cancelled. Please contact us.');
      }
  }
  const copies = await putBack(tx, order, 'cancelled');
  const [cancelled] = await tx
    .update(orders)
    .set({ status: 'cancelled', fulfilmentStatus: 'cancelled', cancelledAt: sql`now()`, stockReleased: true })
    .where(eq(orders.id, orderId))
    .returning();
  await recountRatingsOfOrder(tx, orderId);
  const refundDueCents = isPaid(order) ? order.totalCents - order.refundedCents : 0;
  await revokeDownloads(tx, orderId);
  await remember(tx, orderId, 'cancelled', actor, { copies, ...(reason ? { reason } : {}) });
  await recordEvent(tx, {
    type: 'order.cancelled',
    key: orderId,
    payload: { orderId, ...(reason ? { reason } : {}) },
  });
  return { order: cancelled!, changed: true, refundDueCents };
}

/**
 * Return (staff): a paid order that was shipped or delivered comes back; its copies go back on sale,
 * unless `restock` is false (they came back unsellable: the history says none went back).
 */
export async function returnOrder(
  tx: Transaction,
  orderId: number,
  actor: Actor,
  reason?: string,
  restock = true,
): Promise<Reversal> {
  const order = await lockOrder(tx, orderId);
  switch (order.fulfilmentStatus) {
    case 'returned':
      return { order, changed: false, refundDueCents: 0 };
    case 'unfulfilled':
      throw conflict('This order has not been shipped yet. Cancel it instead.');
    case 'cancelled':
      throw conflict('This order was cancelled, so it cannot be returned.');
  }
  const copies = restock ? await putBack(tx, order, 'returned') : [];
  const [returned] = await tx
    .update(orders)
    .set({ fulfilmentStatus: 'returned', stockReleased: true })
    .where(eq(orders.id, orderId))
    .returning();
  await recountRatingsOfOrder(tx, orderId);
  await revokeDownloads(tx, orderId);
  await remember(tx, orderId, 'returned', actor, {
    copies,
    ...(restock ? {} : { restocked: false }),
    ...(reason ? { reason } : {}),
  });
  return { order: returned!, changed: true, refundDueCents: order.totalCents - order.refundedCents };
}

/** What a refund did to the order: the cents given back now and where they were counted. */
export interface Refunded extends Changed {
  /** 0 when nothing was left (the same full refund asked again changes nothing). */
  amountCents: number;
  allocation: RefundAllocation;
}

/**
 * A refund is recorded against the order (the payments module writes its own record in the same
 * transaction and asks the provider after commit): every cent is counted on a line or on delivery
 * (refund-lines.ts), refunded_amount grows by their sum, chosen copies may go back on sale
 * (`restock`), the history says how much and where, and `order.refunded` tells the shopper.
 */
export async function refundOrder(
  tx: Transaction,
  orderId: number,
  actor: Actor,
  ask: RefundAsk,
  reason?: string,
): Promise<Refunded> {
  const order = await lockOrder(tx, orderId);
  if (!isPaid(order) || !order.transactionRef)
    throw conflict('This order has not been paid, so there is nothing to refund.');
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const allocation =
    'items' in ask ? allocateCopies(items, ask.items) : allocateAmount(order, items, ask.cents, ask.allCopies);
  const amountCents = allocation ? allocationCents(allocation) : 0;
  if (!allocation || amountCents === 0) {
    return { order, changed: false, amountCents: 0, allocation: { lines: [], shippingCents: 0 } };
  }
  const left = order.totalCents - order.refundedCents;
  if (amountCents > left) {
    throw conflict(
      `You can refund at most ${centsToMoney(left)} more on this order (paid ${centsToMoney(order.totalCents)}, refunded ${centsToMoney(order.refundedCents)}).`,
    );
  }
  for (const line of allocation.lines) {
    await tx
      .update(orderItems)
      .set({
        refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}`,
        refundedCents: sql`${orderItems.refundedCents} + ${line.cents}`,
      })
      .where(and(eq(orderItems.id, line.item), eq(orderItems.orderId, orderId)));
  }
  const [refunded] = await tx
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${amountCents}`,
      shippingRefundedCents: sql`${orders.shippingRefundedCents} + ${allocation.shippingCents}`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  await recountRatingsOfOrder(tx, orderId);
  const restocked = 'items' in ask && ask.restock && !order.stockReleased ? await restock(tx, items, ask.items) : [];
  // Refunded in full, the order's eBooks can no longer be downloaded (docs/decisions/0023-ebook-delivery.md).
  if (refunded!.refundedCents >= refunded!.totalCents) await revokeDownloads(tx, orderId);
  await remember(tx, orderId, 'refunded', actor, {
    amountCents,
    lines: allocation.lines,
    shippingCents: allocation.shippingCents,
    ...(restocked.length > 0 ? { restocked } : {}),
    ...(reason ? { reason } : {}),
  });
  await recordEvent(tx, { type: 'order.refunded', key: orderId, payload: { orderId, amountCents } });
  return { order: refunded!, changed: true, amountCents, allocation };
}

/**
 * Copies of refunded lines go back on sale: paper copies only, never more of a line than were bought
 * less those put back before (a later cancel or return puts back only the rest, see `copiesOf`).
 */
async function restock(tx: Transaction, items: ItemRow[], wanted: { item: number; quantity: number }[]) {
  const back: { book: number | null; edition: number; quantity: number }[] = [];
  for (const w of wanted) {
    const line = items.find((item) => item.id === w.item);
    if (!line || line.editionId === null || isDigital(line.format)) continue;
    const already = line.restockedQuantity + (back.find((b) => b.edition === line.editionId)?.quantity ?? 0);
    const quantity = Math.min(w.quantity, line.quantity - already);
    if (quantity <= 0) continue;
    await tx
      .update(orderItems)
      .set({ restockedQuantity: sql`${orderItems.restockedQuantity} + ${quantity}` })
      .where(eq(orderItems.id, line.id));
    back.push({ book: line.bookId, edition: line.editionId, quantity });
  }
  if (back.length > 0) await returnAll(tx, back, { reason: 'returned', orderId: items[0]!.orderId });
  return back;
}

/**
 * The provider refused a refund for good: its amount is no longer counted as refunded, on the order and
 * on the lines and delivery where it was counted, and the history says so (staff see it on the order and
 * can try again). Copies it put back on sale stay there: they are in the shop.
 */
export async function refundFailed(
  tx: Transaction,
  orderId: number,
  amountCents: number,
  allocation: RefundAllocation,
): Promise<void> {
  await lockOrder(tx, orderId);
  for (const line of allocation.lines) {
    await tx
      .update(orderItems)
      .set({
        refundedQuantity: sql`greatest(0, ${orderItems.refundedQuantity} - ${line.quantity})`,
        refundedCents: sql`greatest(0, ${orderItems.refundedCents} - ${line.cents})`,
      })
      .where(and(eq(orderItems.id, line.item), eq(orderItems.orderId, orderId)));
  }
  await tx
    .update(orders)
    .set({
      refundedCents: sql`greatest(0, ${orders.refundedCents} - ${amountCents})`,
      shippingRefundedCents: sql`greatest(0, ${orders.shippingRefundedCents} - ${allocation.shippingCents})`,
    })
    .where(eq(orders.id, orderId));
  await recountRatingsOfOrder(tx, orderId);
  await remember(tx, orderId, 'refund_failed', { kind: 'provider' }, { amountCents });
}
