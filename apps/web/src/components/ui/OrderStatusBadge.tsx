import { type OrderBadge, orderBadges, type OrderStatusFacts } from '../../lib/order-status';
import { Badge } from './Badge';

const TONES = {
  Paid: 'green',
  Pending: 'amber',
  Expired: 'gray',
  Cancelled: 'gray',
  Refunded: 'indigo',
  'Partly refunded': 'indigo',
} as const satisfies Record<OrderBadge, string>;

/**
 * An order's badges wherever an order is shown: 'Paid', 'Pending', 'Expired', 'Cancelled', 'Refunded'
 * or 'Partly refunded' (a cancelled order refunded shows both), from `orderBadges`.
 */
export function OrderStatusBadge({ order, size = 'lg' }: { order: OrderStatusFacts; size?: 'sm' | 'lg' }) {
  const badges = orderBadges(order);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="order-badges">
      {badges.map((badge) => (
        <Badge key={badge} size={size} tone={TONES[badge]}>
          {badge}
        </Badge>
      ))}
    </span>
  );
}
