import type { Activity } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/ui/OrderStatusBadge';
import { Stars } from '../../../components/ui/Stars';
import { CartIcon, HeartIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { plural } from '../../../lib/lists';
import { formatDate } from '../../../lib/dates';

const when = (at: string) => formatDate(at, 'moment');
const linkClass = 'font-semibold text-indigo-700 hover:underline dark:text-indigo-300';

function StarIcon() {
  return (
    <svg viewBox="0 0 20 20" width={20} height={20} aria-hidden="true" fill="currentColor">
      <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
    </svg>
  );
}

function What({ item }: { item: Activity }) {
  switch (item.kind) {
    case 'order':
      return (
        <>
          <p>
            You placed{' '}
            <Link to={paths.paymentSuccess(item.order.id)} className={linkClass}>
              order #{item.order.id}
            </Link>{' '}
            <OrderStatusBadge order={item.order} size="sm" />
          </p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {plural(item.order.copies, 'book')} ·{' '}
            {formatMoney(moneyToCents(item.order.total_price) ?? 0, item.order.currency)}
          </p>
        </>
      );
    case 'review':
      return (
        <>
          <p>
            You reviewed <BookLink title={item.book.title} />
          </p>
          <Stars rating={item.rating} size={14} />
        </>
      );
    case 'wishlist':
      return (
        <p>
          You added <BookLink title={item.book.title} /> to your wishlist
        </p>
      );
  }
}

const ICONS = {
  order: <CartIcon width={20} height={20} />,
  review: <StarIcon />,
  wishlist: <HeartIcon width={20} height={20} />,
};

/** The shopper's activity, newest first: what they did, when, and a link to it. */
function BookLink({ title }: { title: string }) {
  return (
    <Link to={paths.book(title)} className={linkClass}>
      {title}
    </Link>
  );
}

export function ActivityList({ items, label }: { items: Activity[]; label: string }) {
  return (
    <ol aria-label={label} className="divide-y divide-gray-200 dark:divide-gray-800">
      {items.map((item) => (
        <li
          key={`${item.kind}-${item.kind === 'order' ? item.order.id : item.book.id}-${item.at}`}
          className="flex gap-3 py-3"
        >
          <span
            aria-hidden="true"
            className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
          >
            {ICONS[item.kind]}
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <What item={item} />
            <p className="text-xs text-gray-600 dark:text-gray-400">
              <time dateTime={item.at}>{when(item.at)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
