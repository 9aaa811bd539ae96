import CartPage from '../../features/cart/pages/CartPage';
import { CheckoutButton } from '../../features/orders/components/CheckoutButton';

/** The cart screen with the checkout feature's button in its summary (features meet here, in app/). */
export default function CartRoute() {
  return <CartPage checkout={<CheckoutButton />} />;
}
