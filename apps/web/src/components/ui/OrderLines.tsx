import type { Order } from '@bookstore/contract';
import { PROTECTION_PLAN } from '@bookstore/contract/checkout';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { BookImage } from './BookImage';
import { ShieldIcon } from './icons';

const cents = (amount: string) => moneyToCents(amount) ?? 0;

export function orderMoney(amount: string, currency: string) {
  return formatMoney(cents(amount), currency);
}

/**
 * Items as bought: image (or, with placeholderImages, the placeholder cover), title, quantity x unit
 * price; a line's protection plan as a line of its own under it.
 */
export function OrderLines({
  order,
  label,
  placeholderImages = false,
}: {
  order: Order;
  label: string;
  placeholderImages?: boolean;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-gray-200 dark:divide-gray-800">
      {order.items.map((item) => (
        <li key={item.id} className="py-3">
          <div className="flex items-center gap-4">
            {item.image !== null || placeholderImages ? (
              <BookImage
                src={item.image}
                alt=""
                width={48}
                height={72}
                className="h-18 w-12 shrink-0 rounded object-cover"
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-medium">{item.title}</p>
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {item.quantity} x {orderMoney(item.price, order.currency)}
              </p>
            </div>
            <p className="font-medium">{formatMoney(cents(item.price) * item.quantity, order.currency)}</p>
          </div>
          {item.protection && (
            <div
              data-testid="protection-line"
              className="mt-2 flex items-center gap-2 text-sm text-gray-800 dark:text-gray-200"
            >
              <ShieldIcon width={16} height={16} className="shrink-0 text-indigo-700 dark:text-indigo-300" />
              <span className="min-w-0 flex-1">
                {PROTECTION_PLAN.name} · {item.quantity} x {orderMoney(item.protection_price, order.currency)}
              </span>
              <span>{formatMoney(cents(item.protection_price) * item.quantity, order.currency)}</span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * What an order's total is made of: the books, their protection plans (when any), the delivery (when
 * there is something to post), the total, and what has been refunded of it.
 */
export function OrderTotals({ order, totalLabel = 'Total' }: { order: Order; totalLabel?: string }) {
  const books = order.items.reduce((sum, item) => sum + cents(item.price) * item.quantity, 0);
  const protection = order.items.reduce((sum, item) => sum + cents(item.protection_price) * item.quantity, 0);
  const shipping = cents(order.shipping_price);
  const refunded = cents(order.refunded_amount);
  const delivery = order.shipping_method !== null || shipping > 0;
  return (
    <dl className="space-y-2 text-sm">
      {(protection > 0 || delivery) && (
        <div className="flex justify-between">
          <dt>Books</dt>
          <dd>{formatMoney(books, order.currency)}</dd>
        </div>
      )}
      {protection > 0 && (
        <div className="flex justify-between">
          <dt>{PROTECTION_PLAN.name}</dt>
          <dd data-testid="order-protection">{formatMoney(protection, order.currency)}</dd>
        </div>
      )}
      {delivery && (
        <div className="flex justify-between">
          <dt>Shipping{order.shipping_method && ` (${order.shipping_method.name})`}</dt>
          <dd data-testid="order-shipping">{shipping === 0 ? 'Free' : formatMoney(shipping, order.currency)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-gray-200 pt-3 text-lg font-bold dark:border-gray-800">
        <dt>{totalLabel}</dt>
        <dd data-testid="order-total">{orderMoney(order.total_price, order.currency)}</dd>
      </div>
      {refunded > 0 && (
        <div className="flex justify-between font-semibold text-green-800 dark:text-green-300">
          <dt>Refunded</dt>
          <dd data-testid="order-refunded">{formatMoney(refunded, order.currency)}</dd>
        </div>
      )}
    </dl>
  );
}
