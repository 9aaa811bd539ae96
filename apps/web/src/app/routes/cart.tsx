import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { rememberDestination, useAuthStore, withDestination } from '../../stores/auth';
import { AddressChooser } from '../../features/addresses/components/AddressChooser';
import CartPage from '../../features/cart/pages/CartPage';
import { useActiveCart } from '../../features/cart/stores/cart';
import { CheckoutButton } from '../../features/orders/components/CheckoutButton';
import { DeliveryStep } from '../../features/orders/components/DeliveryStep';
import { useDelivery } from '../../features/orders/hooks/useDelivery';

/**
 * The cart screen with the checkout feature's delivery step and button, and the address book's chooser
 * in that step (features meet here, in app/). A guest picks a method; the address waits for sign-in.
 */
export default function CartRoute() {
  const cart = useActiveCart();
  const delivery = useDelivery(cart);
  const isAuth = useAuthStore((s) => s.isAuth);
  const address = isAuth ? (
    <AddressChooser value={delivery.choice.address} onChange={delivery.setAddress} />
  ) : (
    <p className="text-sm text-gray-700 dark:text-gray-300">
      <Link
        to={withDestination(paths.login, paths.cart)}
        onClick={() => rememberDestination(paths.cart)}
        className="font-medium text-indigo-700 underline dark:text-indigo-300"
      >
        Sign in
      </Link>{' '}
      to choose where we send your books.
    </p>
  );
  return (
    <CartPage
      shipping={delivery.shipping}
      delivery={<DeliveryStep delivery={delivery} address={address} />}
      checkout={<CheckoutButton delivery={delivery} />}
    />
  );
}
