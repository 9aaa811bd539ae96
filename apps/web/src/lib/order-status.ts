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
 * ran out reads 'Cancelled'.
 */
export function orderBadge(order: Status): 'Paid' | 'Pending' | 'Cancelled' {
  if (order.payment_status === 'success') return 'Paid';
  if (order.status === 'cancelled') return 'Cancelled';
  return isOrderPending(order) ? 'Pending' : 'Paid';
}
