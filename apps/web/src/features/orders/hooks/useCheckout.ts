import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { useMemo, useState } from 'react';
import toast from '../../../lib/toast';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { type AuthState, useAuthStore } from '../../../stores/auth';
import { useActiveCart, useCartStore } from '../../cart/stores/cart';
import { initializePayment, verifyPayment } from '../../payments/api/payments';
import {
  buildPopupConfig,
  type PaymentTransaction,
  type PopupConfig,
  validateCheckoutParams,
} from '../../payments/lib/params';
import { openPaystack } from '../../payments/lib/paystack';
import { createOrder, priceConflictOf } from '../api/orders';
import { rememberAndGoToLogin } from './useRequireSignIn';

/**
 * Spec section 5: checkout needs a signed-in profile with an email. A profile that is still loading
 * (or that does not carry the email) is left to the server, which knows the account's email.
 */
export function canCheckOut(auth: Pick<AuthState, 'isAuth' | 'profile'>): boolean {
  if (!auth.isAuth) return false;
  const profile = auth.profile as (AuthState['profile'] & { email?: unknown }) | null;
  if (profile && 'email' in profile) return typeof profile.email === 'string' && profile.email.trim() !== '';
  return true;
}

export interface PlacedOrder {
  id: number;
  total_price: string;
  /** The cart this order was made from: if the cart changes, the order no longer matches it. */
  cartKey: string;
}

/**
 * The checkout's steps (spec sections 2, 4, 5 and 8): `placeOrder` reserves the cart's books as an
 * order; `pay` opens the card pop-up (the built-in sandbox, or Paystack's inline pop-up); `finish`
 * has the server verify the payment, then clears the cart and shows the confirmation; `cancel`
 * closes the pop-up and leaves the order to be paid again. The button only draws the state.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const cart = useActiveCart();
  const updatePrices = useCartStore((s) => s.updatePrices);
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [popup, setPopup] = useState<PopupConfig | null>(null);

  const cartKey = useMemo(
    () => JSON.stringify(cart.items.map((item) => [item.id, item.quantity, item.priceCents])),
    [cart.items],
  );
  /** The order placed for this very cart, ready to pay; null before that or once the cart changed. */
  const order = placed && placed.cartKey === cartKey ? placed : null;

  const placeOrder = async () => {
    if (!canCheckOut(useAuthStore.getState())) {
      toast.error('Please login to proceed with checkout');
      rememberAndGoToLogin(navigate, paths.cart);
      return;
    }
    if (cart.items.length === 0) return;
    setBusy(true);
    try {
      const created = await createOrder(cart.items, cart.totalCents);
      if (!created || typeof created.id !== 'number') {
        toast.error('Invalid order response');
        return;
      }
      setPlaced({ id: created.id, total_price: created.total_price ?? '0.00', cartKey });
    } catch (error) {
      const conflict = priceConflictOf(error);
      if (conflict) {
        updatePrices(conflict.prices);
        toast.error(
          `Prices have changed since you added these books. Your cart now shows the current prices (total ${formatMoney(moneyToCents(conflict.total_price) ?? 0)}). Please review it and check out again.`,
          {
            duration: 8000,
          },
        );
      } else if (error instanceof ApiError && error.status === 422) {
        toast.error(`Error processing checkout: ${error.message}`);
      } else {
        toast.error('Error processing checkout');
      }
    } finally {
      setBusy(false);
    }
  };

  const finish = async (orderId: number, transaction: PaymentTransaction) => {
    setPopup(null);
    try {
      const result = await verifyPayment(transaction.reference, orderId);
      if (result.status === 'success' || result.status === 'pending') {
        if (result.status === 'success') toast.success('Payment successful!');
        useCartStore.getState().clearCart();
        setPlaced(null);
        navigate(paths.paymentSuccess(orderId));
        return;
      }
      toast.error('Error processing payment');
    } catch {
      toast.error('Error processing payment');
    }
    setBusy(false);
  };

  const cancel = () => {
    setPopup(null);
    setBusy(false);
    toast('Payment cancelled');
  };

  const pay = async (current: PlacedOrder) => {
    setBusy(true);
    try {
      const init = await initializePayment(current.id);
      const config = buildPopupConfig(init, current);
      const validated = validateCheckoutParams(config);
      if (!validated.ok) {
        toast.error(validated.error);
        setBusy(false);
        return;
      }
      if (init.provider === 'paystack') {
        await openPaystack(validated.params, {
          onSuccess: (transaction) => void finish(current.id, transaction),
          onCancel: cancel,
          onError: () => {
            toast.error('Error processing payment');
            setBusy(false);
          },
        });
      } else {
        setPopup(config);
      }
    } catch (error) {
      // An order whose reservation ran out and whose books are gone cannot be paid: start again.
      if (error instanceof ApiError && error.status === 409) {
        setPlaced(null);
        toast.error(error.message);
      } else {
        toast.error('Error processing payment');
      }
      setBusy(false);
    }
  };

  return { busy, empty: cart.items.length === 0, order, popup, placeOrder, pay, finish, cancel };
}
