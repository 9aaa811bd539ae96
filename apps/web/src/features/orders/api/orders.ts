import type { Order, PriceConflict } from '@bookstore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { type Cart, type CartPromo, cartTotalCents } from '../../cart/stores/cart';

/** Where and how a cart with books to post goes: an address id and a method code. */
export interface OrderDelivery {
  shipping_address: number;
  shipping_method: string;
  /** What the cart showed for it, in cents (part of the total the server checks). */
  shippingCents: number;
}

/**
 * POST /api/orders/: the cart as an order request, amounts as numbers (as clients written against the
 * spec's call table send them); the total includes the protection plans of the lines that have one
 * and the delivery, when the cart has books to post.
 */
export function orderRequestFromCart(cart: Cart, delivery?: OrderDelivery, promo: CartPromo | null = null) {
  return {
    total_price: Math.max(0, cartTotalCents(cart) + (delivery?.shippingCents ?? 0) - (promo?.discountCents ?? 0)) / 100,
    ...(delivery && { shipping_address: delivery.shipping_address, shipping_method: delivery.shipping_method }),
    ...(promo ? { promo_code: promo.code } : {}),
    status: 'pending' as const,
    items: cart.items.map((item) => ({
      book: item.id,
      ...(item.edition_id === undefined ? {} : { edition_id: item.edition_id }),
      quantity: item.quantity,
      price: item.priceCents / 100,
      protection: Boolean(item.protection),
    })),
  };
}

export function createOrder(cart: Cart, delivery?: OrderDelivery, promo: CartPromo | null = null) {
  return api.post<Partial<Order> | null>('/orders/', orderRequestFromCart(cart, delivery, promo));
}

/** The current prices in a 409 reply, when the cart was stale. */
export function priceConflictOf(error: unknown): PriceConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const prices = error.body?.prices;
  return Array.isArray(prices) ? (error.body as unknown as PriceConflict) : null;
}

/** GET /api/orders/{id}/ */
export function fetchOrder(orderId: number | string, signal?: AbortSignal) {
  return api.get<Order>(`/orders/${orderId}/`, { signal });
}

/** GET /api/orders/: the signed-in shopper's orders, newest first. */
export function fetchOrders(signal?: AbortSignal) {
  return api.get<Order[]>('/orders/', { signal });
}

export function useOrders(owner: string | null) {
  return useQuery({
    queryKey: ['orders', owner],
    queryFn: ({ signal }) => fetchOrders(signal),
    enabled: owner !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** POST /api/orders/{id}/cancel/ : the shopper cancels an order that has not shipped (the order as it now is). */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api.post<Order>(`/orders/${orderId}/cancel/`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
