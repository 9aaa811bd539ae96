import type { ShippingMethod } from '@bookstore/contract';
import { shippingCentsFor } from '@bookstore/contract/checkout';
import { moneyToCents } from '@bookstore/contract/money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /shipping-methods/ : the shop's active delivery methods with their prices and "free from"
 * amounts, read by the book page (its server-rendered loader too) and the cart's checkout
 * (docs/product.md, "After the sale").
 */
export const shippingMethodsQuery = () =>
  queryOptions({
    queryKey: ['shipping-methods'],
    staleTime: 60_000,
    queryFn: ({ signal }) => api.get<ShippingMethod[]>('/shipping-methods/', { signal, auth: false }),
  });

export function useShippingMethods() {
  return useQuery(shippingMethodsQuery());
}

const cents = (amount: string | null) => (amount === null ? null : (moneyToCents(amount) ?? null));

/** From which order subtotal a method is free, in cents; null when it never is. */
export const freeFromCents = (method: ShippingMethod) => cents(method.free_from);

/** What `method` costs on an order whose lines come to `subtotalCents`, as the server prices it. */
export function shippingCents(method: ShippingMethod, subtotalCents: number): number {
  return shippingCentsFor(
    { priceCents: cents(method.price) ?? 0, freeFromCents: freeFromCents(method) },
    subtotalCents,
  );
}
