import toast from '../../../lib/toast';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoading, Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { useCartStore } from '../../cart/stores/cart';
import { fetchOrder } from '../api/orders';
import { OrderLines, orderMoney } from '../components/OrderLines';
import { isOrderSettled, useOrderPolling } from '../hooks/useOrderPolling';
import { useRequireSignIn } from '../hooks/useRequireSignIn';
import { buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';

export function capitalise(text: string) {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/**
 * /payment-success/{orderId} (spec sections 2 and 4): the order and its payment status, followed
 * until paid. The cart is cleared on opening.
 */
export default function PaymentSuccessPage() {
  const signedIn = useRequireSignIn();
  return signedIn ? <PaymentStatus /> : null;
}

function PaymentStatus() {
  const { orderId } = useParams();
  useEffect(() => {
    useCartStore.getState().clearCart();
  }, []);
  const { order, loading } = useOrderPolling(orderId, {
    fetchOrder,
    onExhausted: () => toast('Payment status check completed', { icon: 'ℹ️' }),
    onError: () => toast.error('Error loading order details'),
  });
  const paid = order ? isOrderSettled(order) : false;
  usePageTitle(order ? (paid ? 'Payment Successful' : 'Payment Processing') : 'Order');

  if (loading) return <PageLoading />;
  if (!order) {
    return (
      <EmptyState title="Order Not Found" action={{ to: paths.cart, label: 'Return to Cart' }} />
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="text-center" aria-live="polite">
        {paid ? (
          <>
            <div aria-hidden="true" className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700 dark:bg-green-900/50 dark:text-green-300">
              ✓
            </div>
            <h1 className="mt-4 text-3xl font-bold">Payment Successful!</h1>
            <p className="mt-2 text-gray-700 dark:text-gray-300">Thank you for your purchase. Your order has been confirmed.</p>
          </>
        ) : (
          <>
            <Spinner className="mx-auto" label="Checking payment" />
            <h1 className="mt-4 text-3xl font-bold">Payment Processing</h1>
            <p className="mt-2 text-gray-700 dark:text-gray-300">Please wait while we confirm your payment...</p>
          </>
        )}
      </div>

      <div className="mt-10 rounded-xl border border-gray-200 p-6 dark:border-gray-800">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-gray-600 dark:text-gray-400">Order ID</dt>
            <dd className="font-semibold">#{order.id}</dd>
          </div>
          <div>
            <dt className="text-sm text-gray-600 dark:text-gray-400">Payment Status</dt>
            <dd className="font-semibold" data-testid="payment-status">
              {capitalise(order.payment_status)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-600 dark:text-gray-400">Payment Reference</dt>
            <dd className="font-mono text-sm break-all" data-testid="payment-reference">
              {order.transaction_ref ?? (
                <span className="font-sans">
                  <span aria-hidden="true">⏳ </span>Processing...
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-600 dark:text-gray-400">Date</dt>
            <dd className="font-semibold">{new Date(order.created_at).toLocaleString()}</dd>
          </div>
        </dl>

        <h2 className="mt-8 text-lg font-semibold">Purchased Items</h2>
        <OrderLines order={order} label="Purchased items" placeholderImages />
        <div className="mt-4 flex justify-between border-t border-gray-200 pt-4 text-lg font-bold dark:border-gray-800">
          <span>Total Amount</span>
          <span data-testid="order-total">{orderMoney(order.total_price, order.currency)}</span>
        </div>
      </div>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.books} className={buttonClass({ size: 'xl' })}>
          Continue Shopping
        </Link>
        <Link to={paths.orders} className={buttonClass({ variant: 'secondary', size: 'xl' })}>
          View All Orders
        </Link>
      </div>
    </section>
  );
}
