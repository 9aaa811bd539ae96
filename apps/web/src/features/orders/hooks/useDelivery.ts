import { useState } from 'react';
import { shippingCents, useShippingMethods } from '../../../lib/shipping';
import type { Cart } from '../../cart/stores/cart';
import { useCartParcel } from '../../cart/api/cart-books';

/** What the checkout sends about delivery: nothing for an eBook-only cart. */
export interface DeliveryChoice {
  /** The cart has a book to post: an address and a method are asked for. */
  needed: boolean;
  /** The picked address's id. */
  address: number | null;
  /** The picked method's code. */
  method: string | null;
}

/**
 * The checkout's delivery step (docs/product.md, "After the sale"): the shop's methods, the one picked (the
 * first, Standard, until the shopper picks another), the address picked, and what the delivery costs
 * this cart, priced as the server prices it (`shipping`, null when nothing is posted).
 */
export function useDelivery(cart: Cart) {
  // Priced on the parcel: eBooks are not in it (docs/decisions/0023-ebook-delivery.md).
  const { needed, cents: parcelCents } = useCartParcel(cart.items);
  const methods = useShippingMethods();
  const [address, setAddress] = useState<number | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const list = methods.data ?? [];
  const method = list.find((m) => m.code === picked) ?? list[0] ?? null;
  const shipping =
    needed && method ? { code: method.code, name: method.name, cents: shippingCents(method, parcelCents) } : null;
  const choice: DeliveryChoice = { needed, address, method: method?.code ?? null };
  return { choice, methods, setAddress, setMethod: setPicked, shipping, parcelCents };
}

export type Delivery = ReturnType<typeof useDelivery>;
