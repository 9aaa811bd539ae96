import type { Order, OrderSummaryLine } from '@bookstore/contract';
import { lineEdition, PROTECTION_PLAN } from '@bookstore/contract/checkout';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import type { ReactNode } from 'react';
import { plural } from '../../lib/lists';
import { BookImage } from './BookImage';
import { ShieldIcon } from './icons';

const cents = (amount: string) => moneyToCents(amount) ?? 0;

export function orderMoney(amount: string, currency: string) {
  return formatMoney(cents(amount), currency);
}

/** An amount taken off: "−$4.20". */
const minus = (amount: string, currency: string) => `−${orderMoney(amount, currency)}`;

function SubLine({
  testId,
  icon,
  children,
  amount,
}: {
  testId: string;
  icon?: ReactNode;
  children: ReactNode;
  amount: string;
}) {
  return (
    <div data-testid={testId} className="mt-2 flex items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
      {icon}
      <span className="min-w-0 flex-1">{children}</span>
      <span>{amount}</span>
    </div>
  );
}

/**
 * An order's lines as the server summed them (`order.summary`, the one account every page, e-mail,
 * slip and CSV shows; nothing is added up here): image (or, with placeholderImages, the placeholder
 * cover), title, edition and ISBN, quantity x unit price and what the copies came to; under it the
 * line's protection plan, its share of the promo code, and what was refunded of it; then whatever
 * `lineActions` puts beside the line (the staff's "New download link" on an eBook).
 */
export function OrderLines({
  order,
  label,
  placeholderImages = false,
  lineActions,
}: {
  order: Order;
  label: string;
  placeholderImages?: boolean;
  lineActions?: (line: OrderSummaryLine) => ReactNode;
}) {
  const images = new Map(order.items.map((item) => [item.id, item.image]));
  return (
    <ul aria-label={label} className="divide-y divide-gray-200 dark:divide-gray-800">
      {order.summary.lines.map((line) => {
        const image = images.get(line.item) ?? null;
        const edition = lineEdition(line);
        return (
          <li key={line.item} className="py-3">
            <div className="flex items-center gap-4">
              {image !== null || placeholderImages ? (
                <BookImage
                  src={image}
                  alt=""
                  width={48}
                  height={72}
                  className="h-18 w-12 shrink-0 rounded object-cover"
                />
              ) : null}
              <div className="min-w-0 flex-1">
                <p className="font-medium">{line.title}</p>
                {edition && (
                  <p className="text-sm break-words text-gray-700 dark:text-gray-300" data-testid="line-edition">
                    {edition}
                  </p>
                )}
                <p className="text-sm text-gray-700 dark:text-gray-300">
                  {line.quantity} x {orderMoney(line.unit_price, order.currency)}
                </p>
              </div>
              <p className="font-medium">{orderMoney(line.books, order.currency)}</p>
            </div>
            {cents(line.protection_price) > 0 && (
              <SubLine
                testId="protection-line"
                icon={<ShieldIcon width={16} height={16} className="shrink-0 text-indigo-700 dark:text-indigo-300" />}
                amount={orderMoney(line.protection, order.currency)}
              >
                {PROTECTION_PLAN.name} · {line.quantity} x {orderMoney(line.protection_price, order.currency)}
              </SubLine>
            )}
            {cents(line.discount) > 0 && (
              <SubLine testId="discount-line" amount={minus(line.discount, order.currency)}>
                Discount{order.promo_code && ` (${order.promo_code})`}
              </SubLine>
            )}
            {(line.refunded_quantity > 0 || cents(line.refunded_amount) > 0) && (
              <SubLine testId="refund-line" amount={minus(line.refunded_amount, order.currency)}>
                Refunded
                {line.refunded_quantity > 0 &&
                  ` · ${line.refunded_quantity} of ${plural(line.quantity, 'copy', 'copies')}`}
              </SubLine>
            )}
            {lineActions?.(line)}
          </li>
        );
      })}
    </ul>
  );
}

function Row({
  term,
  testId,
  children,
  className,
}: {
  term: ReactNode;
  testId: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ?? 'flex justify-between gap-4'}>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * What an order's total is made of, as the server summed it (`order.summary`): the books, their
 * protection plans (when any), the promo code's discount (with the code), delivery (when there is
 * something to post), the total, and what has been refunded of it.
 */
export function OrderTotals({ order, totalLabel = 'Total' }: { order: Order; totalLabel?: string }) {
  const { summary, currency } = order;
  return (
    <dl className="space-y-2 text-sm">
      <Row term="Books" testId="order-books">
        {orderMoney(summary.subtotal, currency)}
      </Row>
      {cents(summary.protection) > 0 && (
        <Row term={PROTECTION_PLAN.name} testId="order-protection">
          {orderMoney(summary.protection, currency)}
        </Row>
      )}
      {cents(summary.discount) > 0 && (
        <Row
          term={`Discount${order.promo_code ? ` (${order.promo_code})` : ''}`}
          testId="order-discount"
          className="flex justify-between gap-4 text-green-800 dark:text-green-300"
        >
          {minus(summary.discount, currency)}
        </Row>
      )}
      {summary.delivery && (
        <Row
          term={`Shipping${order.shipping_method ? ` (${order.shipping_method.name})` : ''}`}
          testId="order-shipping"
        >
          {cents(summary.shipping) === 0 ? 'Free' : orderMoney(summary.shipping, currency)}
        </Row>
      )}
      <Row
        term={totalLabel}
        testId="order-total"
        className="flex justify-between gap-4 border-t border-gray-200 pt-3 text-lg font-bold dark:border-gray-800"
      >
        {orderMoney(summary.total, currency)}
      </Row>
      {cents(summary.refunded) > 0 && (
        <Row
          term="Refunded"
          testId="order-refunded"
          className="flex justify-between gap-4 font-semibold text-green-800 dark:text-green-300"
        >
          {orderMoney(summary.refunded, currency)}
        </Row>
      )}
    </dl>
  );
}
