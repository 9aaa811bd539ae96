import type { Order } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { eventText, FULFILMENT_LABELS } from '../../lib/order-status';
import { formatDate } from '../../lib/dates';
import { AddressText } from './AddressText';

const cents = (amount: string | null) => moneyToCents(amount ?? '0') ?? 0;

/**
 * Where an order goes and where it is (docs/product.md, "After the sale"): the delivery method and its
 * price, the address, the parcel's state, and its carrier and tracking number (a link to the carrier's
 * page when the shop knows one). An order of eBooks only has nothing to post and says so.
 */
export function OrderDelivery({ order }: { order: Order }) {
  if (!order.shipping_method && !order.shipping_address) {
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="order-delivery">
        {order.items.length > 0 && order.fulfilment_status === 'unfulfilled'
          ? 'Nothing to post: eBooks are ready to download.'
          : FULFILMENT_LABELS[order.fulfilment_status]}
      </p>
    );
  }
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2" data-testid="order-delivery">
      <div>
        <dt className="text-gray-700 dark:text-gray-300">Delivery</dt>
        <dd className="font-medium">
          {order.shipping_method ? (
            <>
              {order.shipping_method.name}{' '}
              <span className="font-normal text-gray-700 dark:text-gray-300">({order.shipping_method.days})</span>
              <span className="block">
                {cents(order.shipping_price) === 0 ? 'Free' : formatMoney(cents(order.shipping_price), order.currency)}
              </span>
            </>
          ) : (
            'Standard'
          )}
        </dd>
        <dt className="mt-3 text-gray-700 dark:text-gray-300">Parcel</dt>
        <dd className="font-medium" data-testid="fulfilment-status">
          {FULFILMENT_LABELS[order.fulfilment_status] ?? order.fulfilment_status}
        </dd>
        {order.tracking_number && (
          <>
            <dt className="mt-3 text-gray-700 dark:text-gray-300">Tracking</dt>
            <dd className="font-medium break-all" data-testid="tracking">
              {order.carrier}{' '}
              {order.tracking_url ? (
                <a
                  href={order.tracking_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-indigo-700 underline dark:text-indigo-300"
                >
                  {order.tracking_number}
                  <span className="sr-only"> (follow the parcel on the carrier&apos;s site, opens a new tab)</span>
                </a>
              ) : (
                <span className="font-mono">{order.tracking_number}</span>
              )}
            </dd>
          </>
        )}
      </div>
      {order.shipping_address && (
        <div>
          <dt className="text-gray-700 dark:text-gray-300">Ship to</dt>
          <dd>
            <AddressText address={order.shipping_address} className="break-words" />
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The order's history, oldest first: what happened, when, who did it, and a refund's amount. */
export function OrderTimeline({ order, staffView = false }: { order: Order; staffView?: boolean }) {
  if (order.events.length === 0) return null;
  return (
    <ol
      aria-label={`History of order ${order.id}`}
      className="space-y-3 border-l-2 border-gray-200 pl-4 text-sm dark:border-gray-700"
    >
      {order.events.map((event, index) => (
        <li key={`${event.type}-${event.at}-${index}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-indigo-600 dark:bg-indigo-400"
          />
          <p className="font-medium">
            {eventText(event, staffView)}
            {event.amount && ` · ${formatMoney(cents(event.amount), order.currency)}`}
          </p>
          <p className="text-gray-700 dark:text-gray-300">
            <time dateTime={event.at}>{formatDate(event.at, 'exact')}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
