import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { useMemo, useState } from 'react';
import toast from '../../../lib/toast';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { type AuthState, useAuthStore } from '../../../stores/auth';
import { useActiveCart, useCartStore } from '../../cart/stores/cart';
import { createOrder, priceConflictOf } from '../api/orders';
import type { DeliveryChoice } from './useDelivery';
import { type PayableOrder, usePayment } from './usePayment';
import { rememberAndGoToLogin } from './useRequireSignIn';

/**
 * docs/product.md, "Rules": checkout needs a signed-in profile with an email. A profile that is still loading
 * (or that does not carry the email) is left to the server, which knows the account's email.
 */
export function canCheckOut(auth: Pick<AuthState, 'isAuth' | 'profile'>): boolean {
  if (!auth.isAuth) return false;
  const profile = auth.profile as (AuthState['profile'] & { email?: unknown }) | null;
  if (profile && 'email' in profile) return typeof profile.email === 'string' && profile.email.trim() !== '';
  return true;
}

export interface PlacedOrder extends PayableOrder {
  /** How long the order holds its books for payment (RESERVATION_MINUTES on the server). */
  holdMinutes: number;
  /** The cart this order was made from: if the cart changes, the order no longer matches it. */
  cartKey: string;
}

/** Minutes from when an order was placed to when its hold ends, as the server set them. */
export function holdMinutes(order: { created_at?: string; reserved_until?: string }): number {
  const held = Date.parse(order.reserved_until ?? '') - Date.parse(order.created_at ?? '');
  return Number.isFinite(held) && held > 0 ? Math.round(held / 60_000) : 15;
}

/**
 * The checkout's steps: `placeOrder` reserves the cart's books as an
 * order, with the delivery picked (`delivery`, docs/product.md, "After the sale"); then the order is paid through `usePayment` (pop-up, verification), after which the cart is
 * cleared and the confirmation shown. The button only draws the state.
 */
export function useCheckout(delivery: DeliveryChoice & { shippingCents: number }) {
  const navigate = useNavigate();
  const cart = useActiveCart();
  const updatePrices = useCartStore((s) => s.updatePrices);
  const promo = useCartStore((s) => s.promo);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const payment = usePayment({
    onPaid: (orderId) => {
      useCartStore.getState().clearCart();
      setPlaced(null);
      navigate(paths.paymentSuccess(orderId));
    },
    onExpired: () => setPlaced(null),
  });

  const { needed, address, method, shippingCents } = delivery;
  const cartKey = useMemo(
    () =>
      JSON.stringify([
        cart.items.map((item) => [item.id, item.quantity, item.priceCents, Boolean(item.protection)]),
        needed ? [address, method, shippingCents] : null,
        promo,
      ]),
    [cart.items, needed, address, method, shippingCents, promo],
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
    if (needed && address === null) {
      toast.error('Please choose a delivery address');
      return;
    }
    if (needed && method === null) {
      toast.error('Please choose a delivery method');
      return;
    }
    setPlacing(true);
    try {
      const created = await createOrder(
        cart,
        needed ? { shipping_address: address!, shipping_method: method!, shippingCents } : undefined,
        promo,
      );
      if (!created || typeof created.id !== 'number') {
        toast.error('Invalid order response');
        return;
      }
      setPlaced({
        id: created.id,
        total_price: created.total_price ?? '0.00',
        holdMinutes: holdMinutes(created),
        cartKey,
      });
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
      setPlacing(false);
    }
  };

  return {
    busy: placing || payment.busy,
    empty: cart.items.length === 0,
    order,
    payment,
    placeOrder,
    pay: (current: PlacedOrder) => payment.pay(current),
  };
}
