import type { StaffOrder } from '@bookstore/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { OrderLines, orderMoney, OrderTotals } from '../../../components/ui/OrderLines';
import { OrderStatusBadge } from '../../../components/ui/OrderStatusBadge';
import { PageLoading } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/hooks';
import { capitalise } from '../../../lib/lists';
import { useStaffOrder } from '../api/dashboard';
import { cellClass, HeadingCells, tableClass } from '../components/Pager';
import { ScrollFrame } from '../../../components/ui/ScrollFrame';
import { formatDate } from '../../../lib/dates';

const when = (at: string | null) => formatDate(at, 'moment', '—');

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 p-4 dark:border-gray-800">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-1">
      <dt className="text-gray-700 dark:text-gray-300">{term}</dt>
      <dd data-testid={testId} className="min-w-0 font-medium break-all">
        {children}
      </dd>
    </div>
  );
}

/** What became of the hold on an unpaid order's copies. */
function holdText(order: StaffOrder): string {
  if (order.payment_status === 'success') return 'Sold';
  if (order.status === 'cancelled' || Date.parse(order.reserved_until) <= Date.now()) {
    return `Ended ${when(order.reserved_until)}, copies back on sale`;
  }
  return `Held until ${when(order.reserved_until)}`;
}

function OrderView({ order, actions }: { order: StaffOrder; actions?: ReactNode }) {
  const name = `${order.customer.first_name} ${order.customer.last_name}`.trim();
  return (
    <>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Order #{order.id}</h1>
          <OrderStatusBadge order={order} />
        </div>
        {/* Staff actions on the order (ship, refund, ...) go here, passed in by the app's route. */}
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <Panel title="Customer">
          <dl className="text-sm">
            <Fact term="Name" testId="customer-name">
              {name || 'No name set'}
            </Fact>
            <Fact term="Email" testId="customer-email">
              <a
                href={`mailto:${order.customer.email}`}
                className="text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {order.customer.email}
              </a>
            </Fact>
            <Fact term="Username">@{order.customer.username}</Fact>
          </dl>
        </Panel>
        <Panel title="Payment">
          <dl className="text-sm">
            <Fact term="Status" testId="payment-status">
              {capitalise(order.payment_status)}
            </Fact>
            <Fact term="Reference" testId="payment-reference">
              {order.transaction_ref ?? 'None yet'}
            </Fact>
            <Fact term="Amount">{orderMoney(order.total_price, order.currency)}</Fact>
          </dl>
        </Panel>
        <Panel title="Dates">
          <dl className="text-sm">
            <Fact term="Placed">{when(order.created_at)}</Fact>
            <Fact term="Paid">{when(order.paid_at)}</Fact>
            <Fact term="Hold">{holdText(order)}</Fact>
          </dl>
        </Panel>
      </div>

      <section
        aria-labelledby="order-lines"
        className="mt-6 rounded-xl border border-gray-200 p-4 dark:border-gray-800"
      >
        <h2 id="order-lines" className="text-lg font-semibold">
          Items
        </h2>
        <OrderLines order={order} label="Items of the order" placeholderImages />
        <div className="mt-3 border-t border-gray-200 pt-3 dark:border-gray-800">
          <OrderTotals order={order} />
        </div>
      </section>

      <section aria-labelledby="payment-attempts" className="mt-6">
        <h2 id="payment-attempts" className="mb-3 text-lg font-semibold">
          Payment attempts
        </h2>
        {order.payments.length === 0 ? (
          <p className="text-gray-700 dark:text-gray-300">The customer has not started a payment.</p>
        ) : (
          <ScrollFrame label="Payment attempts, oldest first">
            <table className={tableClass}>
              <thead className="bg-gray-50 dark:bg-gray-900">
                <tr>
                  <HeadingCells labels={['Reference', 'Provider', 'Status', 'Amount', 'Started', 'Last change']} />
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
                {order.payments.map((payment) => (
                  <tr key={payment.reference}>
                    <td className={`${cellClass} font-mono text-xs`}>{payment.reference}</td>
                    <td className={cellClass}>{capitalise(payment.provider)}</td>
                    <td className={cellClass}>{capitalise(payment.status)}</td>
                    <td className={cellClass}>{orderMoney(payment.amount, payment.currency)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{when(payment.created_at)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{when(payment.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        )}
      </section>
    </>
  );
}

/**
 * /admin/orders/{id}: one order as staff see it (the customer, lines with their protection, totals,
 * payment and dates), never the shopper's "Thank you for your purchase" page. `actions` is where the
 * order's staff actions go.
 */
export default function StaffOrderPage({ actions }: { actions?: (order: StaffOrder) => ReactNode }) {
  const { orderId = '' } = useParams();
  const order = useStaffOrder(orderId);
  usePageTitle(order.data ? `Order #${order.data.id}` : 'Order');
  const back = (
    <Link
      to={`${paths.admin}?tab=orders`}
      className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
    >
      ← All orders
    </Link>
  );

  let body: ReactNode;
  if (order.isPending) body = <PageLoading />;
  else if (order.isError) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    body = missing ? (
      <div className="py-16 text-center">
        <h1 className="text-3xl font-bold">Order not found</h1>
        <p className="mt-3 text-gray-700 dark:text-gray-300">There is no order #{orderId}.</p>
      </div>
    ) : (
      <ErrorState message={order.error.message} onRetry={() => void order.refetch()} />
    );
  } else body = <OrderView order={order.data} actions={actions?.(order.data)} />;

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        {back}
      </nav>
      {body}
    </section>
  );
}
