import { Link } from 'react-router';
import { QueryStates } from '../../../components/ui/QueryStates';
import { PageLoading } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { useAuthStore } from '../../../stores/auth';
import { useOrders } from '../api/orders';
import { OrderLines, OrderTotals } from '../../../components/ui/OrderLines';
import { isOrderExpired } from '../hooks/useOrderPolling';
import { OrderStatusBadge } from '../../../components/ui/OrderStatusBadge';
import { useRequireSignIn } from '../hooks/useRequireSignIn';
import { EmptyState } from '../../../components/ui/EmptyState';
import { formatDate } from '../../../lib/dates';
import { OrderDelivery, OrderTimeline } from '../../../components/ui/OrderDelivery';
import { canShopperCancel } from '../../../lib/order-status';
import { CancelOrder } from '../components/CancelOrder';

/** /orders (docs/product.md, "Screens", order history). */
export default function OrdersPage() {
  const signedIn = useRequireSignIn();
  return signedIn ? <OrderHistory /> : null;
}

function OrderHistory() {
  usePageTitle('Order History');
  const owner = useAuthStore((s) => s.profile?.username ?? s.access);
  const query = useOrders(owner ?? '');

  return (
    <QueryStates
      query={query}
      pending={<PageLoading />}
      errorMessage="Error loading orders"
      isEmpty={(orders) => orders.length === 0}
      empty={
        <EmptyState
          title="No Orders Yet"
          text="Start shopping to create your first order!"
          action={{ to: paths.books, label: 'Browse Books' }}
        />
      }
    >
      {(data) => {
        const orders = data;
        return (
          <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
            <h1 className="text-3xl font-bold">Order History</h1>
            <ul className="mt-8 space-y-6" aria-label="Orders">
              {orders.map((order) => (
                <li key={order.id}>
                  <article
                    aria-labelledby={`order-${order.id}`}
                    className="rounded-xl border border-gray-200 p-5 dark:border-gray-800"
                  >
                    <header className="flex flex-wrap items-start justify-between gap-3">
                      <div>
                        <h2 id={`order-${order.id}`} className="text-lg font-semibold">
                          Order #{order.id}
                        </h2>
                        <p className="text-sm text-gray-700 dark:text-gray-300">
                          Placed on {formatDate(order.created_at, 'numeric')}
                        </p>
                      </div>
                      <OrderStatusBadge order={order} />
                    </header>
                    <OrderLines order={order} label={`Items of order ${order.id}`} />
                    <div className="mt-3 border-t border-gray-200 pt-3 dark:border-gray-800">
                      <OrderTotals order={order} />
                    </div>
                    <div className="mt-3 border-t border-gray-200 pt-3 dark:border-gray-800">
                      <OrderDelivery order={order} />
                    </div>
                    {order.events.length > 0 && (
                      <details className="mt-3 text-sm">
                        <summary className="cursor-pointer font-semibold text-indigo-700 dark:text-indigo-300">
                          Timeline<span className="sr-only"> of order {order.id}</span>
                        </summary>
                        <div className="mt-3">
                          <OrderTimeline order={order} />
                        </div>
                      </details>
                    )}
                    <div className="mt-3 flex flex-wrap items-end justify-between gap-3 border-t border-gray-200 pt-3 dark:border-gray-800">
                      <div>
                        {order.payment_status !== 'success' && !isOrderExpired(order) && (
                          <p className="text-sm text-gray-700 dark:text-gray-300">
                            Awaiting payment until {formatDate(order.reserved_until, 'time')}
                          </p>
                        )}
                        {order.transaction_ref && (
                          <p className="text-sm break-all text-gray-700 dark:text-gray-300">
                            Transaction Ref: <span className="font-mono">{order.transaction_ref}</span>
                          </p>
                        )}
                      </div>
                      <div className="flex flex-wrap items-center gap-4">
                        {canShopperCancel(order) && !isOrderExpired(order) && <CancelOrder order={order} />}
                        <Link
                          to={paths.paymentSuccess(order.id)}
                          className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
                        >
                          View Order Details →
                        </Link>
                      </div>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          </section>
        );
      }}
    </QueryStates>
  );
}
