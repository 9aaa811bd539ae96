import type { Order } from '@bookstore/contract';
import { orderBadge } from '../../lib/order-status';
import { Badge } from './Badge';

const TONES = { Paid: 'green', Pending: 'amber', Cancelled: 'gray' } as const;

/** An order's 'Paid', 'Pending' or 'Cancelled' badge, wherever an order is shown. */
export function OrderStatusBadge({
  order,
  size = 'lg',
}: {
  order: Pick<Order, 'status' | 'payment_status'> & Partial<Pick<Order, 'fulfilment_status'>>;
  size?: 'sm' | 'lg';
}) {
  const badge = orderBadge(order);
  return (
    <Badge size={size} tone={TONES[badge]}>
      {badge}
    </Badge>
  );
}
