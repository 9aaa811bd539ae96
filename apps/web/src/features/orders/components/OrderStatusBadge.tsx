import type { Order } from '@bookstore/contract';
import clsx from 'clsx';
import { isOrderPending } from '../hooks/useOrderPolling';

/**
 * 'Paid' or 'Pending' (spec section 2; pending if status or payment status is pending). An unpaid
 * order whose reservation ran out reads 'Cancelled', which the spec's two badges did not foresee.
 */
export function orderBadge(order: Pick<Order, 'status' | 'payment_status'>): 'Paid' | 'Pending' | 'Cancelled' {
  if (order.payment_status === 'success') return 'Paid';
  if (order.status === 'cancelled') return 'Cancelled';
  return isOrderPending(order) ? 'Pending' : 'Paid';
}

export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'payment_status'> }) {
  const badge = orderBadge(order);
  return (
    <span
      className={clsx(
        'rounded-full px-3 py-1 text-sm font-semibold',
        badge === 'Paid' && 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100',
        badge === 'Pending' && 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
        badge === 'Cancelled' && 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
      )}
    >
      {badge}
    </span>
  );
}
