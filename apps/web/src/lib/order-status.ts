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

/**
 * 'Paid' or 'Pending' (pending if status or payment status is pending). An unpaid order whose hold
 * ran out reads 'Cancelled', and so does one the shopper or the shop cancelled, paid or not (its
 * refund shows beside it).
 */
export function orderBadge(
  order: Status & Partial<Pick<Order, 'fulfilment_status'>>,
): 'Paid' | 'Pending' | 'Cancelled' {
  if (order.fulfilment_status === 'cancelled') return 'Cancelled';
  if (order.payment_status === 'success') return 'Paid';
  if (order.status === 'cancelled') return 'Cancelled';
  return isOrderPending(order) ? 'Pending' : 'Paid';
}

/** Where the parcel is, in the shop's words (docs/product.md, "After the sale"). */
export const FULFILMENT_LABELS: Record<string, string> = {
  unfulfilled: 'Not shipped yet',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

/** Payment states as staff filter and read them. */
export const PAYMENT_LABELS: Record<string, string> = {
  success: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
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
