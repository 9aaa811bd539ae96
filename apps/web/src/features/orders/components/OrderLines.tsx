import type { Order } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { BookImage } from '../../../components/ui/BookImage';

export function orderMoney(amount: string, currency: string) {
  return formatMoney(moneyToCents(amount) ?? 0, currency);
}

/** Items as bought: image (or, with placeholderImages, the placeholder cover), title, quantity x unit price. */
export function OrderLines({ order, label, placeholderImages = false }: { order: Order; label: string; placeholderImages?: boolean }) {
  return (
    <ul aria-label={label} className="divide-y divide-gray-200 dark:divide-gray-800">
      {order.items.map((item) => (
        <li key={item.id} className="flex items-center gap-4 py-3">
          {item.image !== null || placeholderImages ? (
            <BookImage src={item.image} alt="" width={48} height={72} className="h-18 w-12 shrink-0 rounded object-cover" />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="font-medium">{item.title}</p>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {item.quantity} x {orderMoney(item.price, order.currency)}
            </p>
          </div>
          <p className="font-medium">{formatMoney((moneyToCents(item.price) ?? 0) * item.quantity, order.currency)}</p>
        </li>
      ))}
    </ul>
  );
}
