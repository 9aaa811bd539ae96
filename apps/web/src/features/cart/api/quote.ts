import type { Quote } from '@bookstore/contract';
import { api } from '../../../lib/api-client';
import type { CartItem } from '../stores/cart';

/** POST /cart/quote/ : the cart priced by the server with a promo code, without placing an order. */
export function quoteCart(items: CartItem[], code: string, signal?: AbortSignal) {
  return api.post<Quote>(
    '/cart/quote/',
    {
      items: items.map((item) => ({ book: item.id, quantity: item.quantity, protection: Boolean(item.protection) })),
      code,
    },
    { signal },
  );
}
