import type { Quote } from '@bookstore/contract';
import { api } from '../../../lib/api-client';
import type { CartItem } from '../stores/cart';

/**
 * POST /cart/quote/ : the cart priced by the server with a promo code and the chosen delivery (a
 * free-delivery code takes off that method's price), without placing an order.
 */
export function quoteCart(items: CartItem[], code: string, shippingMethod?: string, signal?: AbortSignal) {
  return api.post<Quote>(
    '/cart/quote/',
    {
      items: items.map((item) => ({
        book: item.id,
        ...(item.edition_id === undefined ? {} : { edition_id: item.edition_id }),
        quantity: item.quantity,
        protection: Boolean(item.protection),
      })),
      code,
      ...(shippingMethod && { shipping_method: shippingMethod }),
    },
    { signal },
  );
}
