import type { Order } from '@bookstore/contract';
import toast from '../../../lib/toast';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoading, Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { useCartStore } from '../../cart/stores/cart';
import { fetchOrder } from '../api/orders';
import { OrderLines, OrderTotals } from '../../../components/ui/OrderLines';
import { isOrderExpired, isOrderSettled, useOrderPolling } from '../hooks/useOrderPolling';
import { holdMinutes } from '../hooks/useCheckout';
import { usePayment } from '../hooks/usePayment';
import { useRequireSignIn } from '../hooks/useRequireSignIn';
import { Button, buttonClass } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PaymentWindow } from '../components/PaymentWindow';
import { Processing } from '../components/Processing';
import { formatDate } from '../../../lib/dates';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { OrderDelivery, OrderTimeline } from '../../../components/ui/OrderDelivery';
import { canShopperCancel, paymentStatusText } from '../../../lib/order-status';
import { CancelOrder } from '../components/CancelOrder';
import { Downloads } from '../components/Downloads';

const time = (at: string) => formatDate(at, 'time');

/**
 * /payment-success/{orderId}: the order and its payment status, followed
 * until paid. The cart is cleared on opening. An unpaid order can be paid again here ("Pay Now")
 * while its hold lasts; once the hold has ended the page says so.
 */
export default function PaymentSuccessPage() {
  const signedIn = useRequireSignIn();
  return signedIn ? <PaymentStatus /> : null;
}

/** An unpaid order within its hold: when the hold ends, and a new payment attempt. */
function PayNow({ order, onPaid }: { order: Order; onPaid(): void }) {
  const payment = usePayment({ onPaid, onExpired: onPaid });
  return (
    <div className="mt-6 rounded-xl border border-indigo-200 bg-indigo-50 p-5 text-left dark:border-indigo-900 dark:bg-indigo-950/50">
      <h2 className="font-semibold">Not paid yet?</h2>
      <p className="mt-1 text-sm text-gray-800 dark:text-gray-200">
        Your books are held for you until <strong>{time(order.reserved_until)}</strong>. If you closed the payment
        window, you can pay now. If you no longer want them, there is nothing to do: at {time(order.reserved_until)}{' '}
        they go back on sale and nothing is charged.
      </p>
      <Button size="lg" onClick={() => void payment.pay(order)} disabled={payment.busy} className="mt-4">
        {payment.busy ? <Processing /> : 'Pay Now'}
      </Button>
      <PaymentWindow payment={payment} />
    </div>
  );
}

/** Cancelled by the shopper or the shop (not a hold that ran out). */
const wasCancelled = (order: Order) => order.events.some((event) => event.type === 'cancelled');

function Heading({ order, onPaid }: { order: Order; onPaid(): void }) {
  if (wasCancelled(order)) {
    const refunded = moneyToCents(order.summary.refunded) ?? 0;
    return (
      <>
        <h1 className="text-3xl font-bold">Order Cancelled</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          {refunded > 0
            ? `Order #${order.id} was cancelled and ${formatMoney(refunded, order.currency)} refunded to your card. Its books went back on sale.`
            : `Order #${order.id} was cancelled. Nothing was charged, and its books went back on sale.`}
        </p>
      </>
    );
  }
  if (isOrderSettled(order)) {
    return (
      <>
        <div
          aria-hidden="true"
          className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700 dark:bg-green-900/50 dark:text-green-300"
        >
          ✓
        </div>
        <h1 className="mt-4 text-3xl font-bold">Payment Successful!</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          Thank you for your purchase. Your order has been confirmed.
        </p>
      </>
    );
  }
  if (isOrderExpired(order)) {
    return (
      <>
        <h1 className="text-3xl font-bold">The time to pay has run out</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          Order #{order.id} was held for {holdMinutes(order)} minutes, until {time(order.reserved_until)}. It was not
          paid, so nothing was charged and its books went back on sale. Add them to your cart again to order them.
        </p>
      </>
    );
  }
  return (
    <>
      <Spinner className="mx-auto" label="Checking payment" />
      <h1 className="mt-4 text-3xl font-bold">Payment Processing</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">Please wait while we confirm your payment...</p>
      <PayNow order={order} onPaid={onPaid} />
    </>
  );
}

function PaymentStatus() {
  const { orderId } = useParams();
  useEffect(() => {
    useCartStore.getState().clearCart();
  }, []);
  const { order, loading, restart } = useOrderPolling(orderId, {
    fetchOrder,
    onExhausted: () => toast('Payment status check completed', { icon: 'ℹ️' }),
    onError: () => toast.error('Error loading order details'),
  });
  const paid = order ? isOrderSettled(order) : false;
  usePageTitle(
    order
      ? wasCancelled(order)
        ? 'Order Cancelled'
        : paid
          ? 'Payment Successful'
          : isOrderExpired(order)
            ? 'Order Expired'
            : 'Payment Processing'
      : 'Order',
  );

  if (loading) return <PageLoading />;
  if (!order) {
    return <EmptyState title="Order Not Found" action={{ to: paths.cart, label: 'Return to Cart' }} />;
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="text-center" aria-live="polite">
        <Heading order={order} onPaid={restart} />
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
              {paymentStatusText(order)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-600 dark:text-gray-400">Payment Reference</dt>
            <dd className="font-mono text-sm break-all" data-testid="payment-reference">
              {order.transaction_ref ??
                (isOrderExpired(order) ? (
                  <span className="font-sans">None</span>
                ) : (
                  <span className="font-sans">
                    <span aria-hidden="true">⏳ </span>Processing...
                  </span>
                ))}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-600 dark:text-gray-400">Date</dt>
            <dd className="font-semibold">{formatDate(order.created_at, 'exact')}</dd>
          </div>
        </dl>

        <h2 className="mt-8 text-lg font-semibold">Delivery</h2>
        <div className="mt-3">
          <OrderDelivery order={order} />
        </div>

        <h2 className="mt-8 text-lg font-semibold">Purchased Items</h2>
        <OrderLines order={order} label="Purchased items" placeholderImages />
        <div className="mt-4">
          <OrderTotals order={order} totalLabel="Total Amount" />
        </div>
        <Downloads order={order} />

        {order.events.length > 0 && (
          <>
            <h2 className="mt-8 mb-3 text-lg font-semibold">Timeline</h2>
            <OrderTimeline order={order} />
          </>
        )}
        {canShopperCancel(order) && !isOrderExpired(order) && (
          <div className="mt-8 border-t border-gray-200 pt-6 dark:border-gray-800">
            <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">
              Changed your mind? You can cancel until we ship.
            </p>
            <CancelOrder order={order} onCancelled={restart} />
          </div>
        )}
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
