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
import { paymentStatusText } from '../../../lib/order-status';
import { capitalise } from '../../../lib/lists';
import { useStaffOrder } from '../api/orders';
import { cellClass, HeadingCells, tableClass } from '../components/Pager';
import { ScrollFrame } from '../../../components/ui/ScrollFrame';
import { formatDate } from '../../../lib/dates';
import { editionLabel, PROTECTION_PLAN } from '@bookstore/contract/checkout';
import { AddressText } from '../../../components/ui/AddressText';
import { Button } from '../../../components/ui/Button';
import { OrderDelivery, OrderTimeline } from '../../../components/ui/OrderDelivery';
import { OrderActions } from './OrderActions';
import { RenewDownloadButton } from './RenewDownloadButton';
import { Section } from '../components/Section';

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
        <div className="flex flex-wrap gap-2 print:hidden">
          {actions}
          <Button variant="secondary" onClick={() => window.print()}>
            Print packing slip
          </Button>
        </div>
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
              {paymentStatusText(order)}
            </Fact>
            <Fact term="Reference" testId="payment-reference">
              {order.transaction_ref ?? 'None yet'}
            </Fact>
            <Fact term="Amount">{orderMoney(order.summary.total, order.currency)}</Fact>
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
        aria-labelledby="order-delivery"
        className="mt-6 rounded-xl border border-gray-200 p-4 dark:border-gray-800"
      >
        <h2 id="order-delivery" className="text-lg font-semibold">
          Delivery
        </h2>
        <div className="mt-3">
          <OrderDelivery order={order} />
        </div>
      </section>

      <section
        aria-labelledby="order-lines"
        className="mt-6 rounded-xl border border-gray-200 p-4 dark:border-gray-800"
      >
        <h2 id="order-lines" className="text-lg font-semibold">
          Items
        </h2>
        <OrderLines
          order={order}
          label="Items of the order"
          placeholderImages
          lineActions={(line) =>
            line.digital && order.payment_status === 'success' ? (
              <RenewDownloadButton orderId={order.id} line={line} />
            ) : null
          }
        />
        <div className="mt-3 border-t border-gray-200 pt-3 dark:border-gray-800">
          <OrderTotals order={order} />
        </div>
      </section>

      <Section id="payment-attempts" title="Payment attempts" className="mt-6">
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
      </Section>

      <Section id="refunds" title="Refunds" className="mt-6">
        {order.refunds.length === 0 ? (
          <p className="text-gray-700 dark:text-gray-300">Nothing refunded.</p>
        ) : (
          <ScrollFrame label="Refunds, oldest first">
            <table className={tableClass}>
              <thead className="bg-gray-50 dark:bg-gray-900">
                <tr>
                  <HeadingCells labels={['Reference', 'Amount', 'Status', 'Reason', 'Asked', 'Last change']} />
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
                {order.refunds.map((refund) => (
                  <tr key={refund.reference}>
                    <td className={`${cellClass} font-mono text-xs`}>{refund.reference}</td>
                    <td className={cellClass}>{orderMoney(refund.amount, refund.currency)}</td>
                    <td className={cellClass}>{capitalise(refund.status)}</td>
                    <td className={cellClass}>{refund.reason || '—'}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{when(refund.created_at)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{when(refund.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        )}
      </Section>

      <Section id="timeline" title="Timeline" className="mt-6">
        <OrderTimeline order={order} staffView />
      </Section>
    </>
  );
}

/**
 * The packing slip (printed with "Print packing slip"; index.css shows only it on paper): the shop,
 * the order number and date, where it goes and how, and what goes in the parcel, without prices: the
 * summary's lines with copies to ship (no eBooks, no refunded copies), each with its edition and ISBN.
 */
function PackingSlip({ order }: { order: StaffOrder }) {
  const parcel = order.summary.lines.filter((line) => line.to_ship > 0);
  return (
    <div id="packing-slip" className="hidden print:block" aria-hidden="true">
      <p className="text-xl font-bold">Bookstore · Packing slip</p>
      <p className="mt-1">
        Order #{order.id} · placed {when(order.created_at)}
      </p>
      <div className="mt-6 grid grid-cols-2 gap-6">
        <div>
          <p className="font-semibold">Ship to</p>
          {order.shipping_address ? (
            <AddressText address={order.shipping_address} />
          ) : (
            <p>No address: nothing to post</p>
          )}
        </div>
        <div>
          <p className="font-semibold">Delivery</p>
          <p>{order.shipping_method ? `${order.shipping_method.name} (${order.shipping_method.days})` : '—'}</p>
          {order.tracking_number && (
            <p>
              {order.carrier} {order.tracking_number}
            </p>
          )}
        </div>
      </div>
      {parcel.length === 0 ? (
        <p className="mt-6">Nothing to pack: no copy of this order goes by post.</p>
      ) : (
        <table className="mt-6 w-full border-collapse text-left">
          <thead>
            <tr>
              <th className="border-b border-black py-1 pr-3">Qty</th>
              <th className="border-b border-black py-1 pr-3">Title</th>
              <th className="border-b border-black py-1 pr-3">Edition</th>
              <th className="border-b border-black py-1 pr-3">ISBN</th>
              <th className="border-b border-black py-1 pr-3">Packed</th>
            </tr>
          </thead>
          <tbody>
            {parcel.map((line) => (
              <tr key={line.item}>
                <td className="border-b border-gray-400 py-1 pr-3">{line.to_ship}</td>
                <td className="border-b border-gray-400 py-1 pr-3">
                  {line.title}
                  {line.protection_price !== '0.00' && ` (with ${PROTECTION_PLAN.name})`}
                </td>
                <td className="border-b border-gray-400 py-1 pr-3">{editionLabel(line) || '—'}</td>
                <td className="border-b border-gray-400 py-1 pr-3 whitespace-nowrap">{line.isbn || '—'}</td>
                <td className="border-b border-gray-400 py-1 pr-3">☐</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-6">Thank you for shopping with us. Returns within 30 days, books in their original condition.</p>
    </div>
  );
}

/**
 * /admin/orders/{id}: one order as staff see it (the customer, delivery, lines with their protection,
 * totals, payments, refunds and the timeline), never the shopper's "Thank you for your purchase" page,
 * with the staff's actions (`actions`, by default Ship / Deliver / Cancel / Refund / Return) and a
 * printable packing slip (docs/product.md, "After the sale").
 */
export default function StaffOrderPage({
  actions = (order) => <OrderActions order={order} />,
}: {
  actions?: (order: StaffOrder) => ReactNode;
}) {
  const { orderId = '' } = useParams();
  const order = useStaffOrder(orderId);
  usePageTitle(order.data ? `Order #${order.data.id}` : 'Order');
  const back = (
    <Link to={paths.adminOrders} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
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
  } else {
    body = (
      <>
        <div className="print:hidden">
          <OrderView order={order.data} actions={actions(order.data)} />
        </div>
        <PackingSlip order={order.data} />
      </>
    );
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm print:hidden">
        {back}
      </nav>
      {body}
    </section>
  );
}
