import type { Order } from '@bookstore/contract';
import { isOrderPending } from '../hooks/useOrderPolling';
import { Badge } from '../../../components/ui/Badge';

/**
 * 'Paid' or 'Pending' (spec section 2; pending if status or payment status is pending). An unpaid
 * order whose reservation ran out reads 'Cancelled', which the spec's two badges did not foresee.
 */
export function orderBadge(order: Pick<Order, 'status' | 'payment_status'>): 'Paid' | 'Pending' | 'Cancelled' {
  if (order.payment_status === 'success') return 'Paid';
  if (order.status === 'cancelled') return 'Cancelled';
  return isOrderPending(order) ? 'Pending' : 'Paid';
}

const TONES = { Paid: 'green', Pending: 'amber', Cancelled: 'gray' } as const;

export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'payment_status'> }) {
  const badge = orderBadge(order);
  return (
    <Badge size="lg" tone={TONES[badge]}>
      {badge}
    </Badge>
  );
}
