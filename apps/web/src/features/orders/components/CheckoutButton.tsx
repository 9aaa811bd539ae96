import { Button } from '../../../components/ui/Button';
import { useCheckout } from '../hooks/useCheckout';
import type { Delivery } from '../hooks/useDelivery';

/** An eBook-only cart's delivery: nothing to ask. */
export const NO_DELIVERY = { choice: { needed: false, address: null, method: null }, shipping: null };
import { PaymentWindow } from './PaymentWindow';
import { Processing } from './Processing';

export { canCheckOut } from '../hooks/useCheckout';

/**
 * 'Proceed to Checkout', then, once the order is placed, what happens next and 'Pay Now', with the
 * sandbox pop-up while paying: the steps are `useCheckout`'s, with the delivery picked in `DeliveryStep`.
 */
export function CheckoutButton({ delivery }: { delivery: Pick<Delivery, 'choice' | 'shipping'> }) {
  const { busy, empty, order, payment, placeOrder, pay } = useCheckout({
    ...delivery.choice,
    shippingCents: delivery.shipping?.cents ?? 0,
  });
  if (!order) {
    return (
      <Button size="xl" onClick={() => void placeOrder()} disabled={busy || empty} className="w-full">
        {busy ? <Processing /> : 'Proceed to Checkout'}
      </Button>
    );
  }
  return (
    <>
      <p
        role="status"
        className="mb-4 rounded-md bg-indigo-50 p-3 text-sm text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100"
      >
        Your order #{order.id} is reserved for {order.holdMinutes} minutes — pay to complete it
      </p>
      <Button size="xl" onClick={() => void pay(order)} disabled={busy} className="w-full">
        {busy ? <Processing /> : 'Pay Now'}
      </Button>
      <PaymentWindow payment={payment} />
    </>
  );
}
