import type { Order } from '@bookstore/contract';

type Status = Pick<Order, 'status' | 'payment_status'>;

/** Paid, or completed: nothing left to wait for. */
export function isOrderSettled(order: Status): boolean {
  return order.payment_status === 'success' || order.status === 'completed';
}

/** An order counts as pending if its status or its payment status is 'pending'. */
export function isOrderPending(order: Status): boolean {
  return order.status === 'pending' || order.payment_status === 'pending';
}

/** What the status words read of an order; lists that carry less (the activity) leave some out. */
export type OrderStatusFacts = Pick<Order, 'status' | 'payment_status'> &
  Partial<Pick<Order, 'fulfilment_status' | 'refund_status' | 'expired_at' | 'reserved_until'>>;

const isCancelled = (order: OrderStatusFacts) =>
  order.status === 'cancelled' || order.fulfilment_status === 'cancelled';

/**
 * An unpaid order whose hold ran out: the shop put its copies back (`expired_at`), or its time is up
 * and the shop has not yet (nothing can be paid any more either way).
 */
export function hasExpired(order: OrderStatusFacts, now = Date.now()): boolean {
  if (order.payment_status === 'success') return false;
  if (order.expired_at) return true;
  return !isCancelled(order) && order.reserved_until !== undefined && Date.parse(order.reserved_until) <= now;
}

/**
 * Where an order's money stands, beyond the spec's `payment_status` (which the API keeps as it was for
 * old clients): paid and then given back in full or in part, or never paid because the hold ran out or
 * it was cancelled (docs/product.md, "Order states").
 */
export type PaymentState =
  'pending' | 'success' | 'failed' | 'refunded' | 'partially_refunded' | 'expired' | 'cancelled';

export function paymentState(order: OrderStatusFacts, now = Date.now()): PaymentState {
  if (order.payment_status === 'success') {
    if (order.refund_status === 'full') return 'refunded';
    return order.refund_status === 'partial' ? 'partially_refunded' : 'success';
  }
  if (hasExpired(order, now)) return 'expired';
  if (isCancelled(order)) return 'cancelled';
  return order.payment_status === 'failed' ? 'failed' : 'pending';
}

/** Payment states in the spec's words: the value with a capital first letter ('Success', 'Pending'). */
const PAYMENT_STATE_TEXTS: Record<PaymentState, string> = {
  pending: 'Pending',
  success: 'Success',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** The "Payment Status" of the confirmation page and the staff's order page. */
export function paymentStatusText(order: OrderStatusFacts, now = Date.now()): string {
  return PAYMENT_STATE_TEXTS[paymentState(order, now)];
}

export type OrderBadge = 'Paid' | 'Pending' | 'Expired' | 'Cancelled' | 'Refunded' | 'Partly refunded';

/**
 * An order's badges wherever it is listed: 'Paid' or 'Pending' (pending if status or payment status is
 * pending), 'Expired' once an unpaid hold ran out, 'Cancelled' when the shopper or the shop cancelled
 * it, and 'Refunded' or 'Partly refunded' once money went back (beside 'Cancelled' when it was).
 */
export function orderBadges(order: OrderStatusFacts, now = Date.now()): OrderBadge[] {
  const payment = paymentState(order, now);
  if (payment === 'expired') return ['Expired'];
  const refund = payment === 'refunded' ? 'Refunded' : payment === 'partially_refunded' ? 'Partly refunded' : null;
  if (isCancelled(order)) return refund ? ['Cancelled', refund] : ['Cancelled'];
  if (refund) return [refund];
  if (payment === 'success') return ['Paid'];
  return isOrderPending(order) ? ['Pending'] : ['Paid'];
}

/** Where the parcel is, in the shop's words (docs/product.md, "After the sale"). */
export const FULFILMENT_LABELS: Record<string, string> = {
  unfulfilled: 'Not shipped yet',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

/** Payment states as staff filter and read them (the Orders tab's filter and its Payment column). */
export const PAYMENT_LABELS: Record<PaymentState, string> = {
  success: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** Whether the shopper may still cancel: not shipped, not already over (docs/product.md, "After the sale"). */
export function canShopperCancel(order: Pick<Order, 'fulfilment_status' | 'status'>): boolean {
  return order.fulfilment_status === 'unfulfilled' && order.status !== 'cancelled';
}

const EVENT_TEXTS: Record<string, string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  expired: 'Hold ended unpaid, copies back on sale',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned, copies back on sale',
  refunded: 'Refunded',
  refund_failed: 'Refund refused by the payment provider',
};

/** The changes someone made, whose maker the timeline names. */
const MADE_BY_SOMEONE = new Set(['shipped', 'delivered', 'cancelled', 'returned', 'refunded']);

/**
 * One line of an order's timeline: what happened, and for a change someone made, who ("by you", "by
 * the shop"; staff read "by the customer", "by staff"). A refund that comes with the shopper's own
 * cancellation names no one.
 */
export function eventText(event: { type: string; by: string }, staffView = false): string {
  const what = EVENT_TEXTS[event.type] ?? event.type;
  if (!MADE_BY_SOMEONE.has(event.type) || (event.type === 'refunded' && event.by === 'customer')) return what;
  const who = staffView
    ? { customer: 'by the customer', staff: 'by staff' }[event.by]
    : { customer: 'by you', staff: 'by the shop' }[event.by];
  return who ? `${what} ${who}` : what;
}
