import {
  centsToMoney,
  DEFAULT_SHIPPING_METHOD,
  type Quote,
  quoteRequestSchema,
  quoteSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../lib/openapi.js';
import type { Database } from '../../db/client.js';
import { unprocessable } from '../../lib/errors.js';
import { findActiveMethod } from '../settings/index.js';
import {
  applyDiscounts,
  checkCopies,
  checkPromoCode,
  linesAtShopPrices,
  needsDelivery,
  priceShipping,
  shopBooks,
  validateLines,
} from './checkout.js';

type QuoteRequest = z.output<typeof quoteRequestSchema>;

/**
 * The cart priced as checkout would price it now (docs/decisions/0009-checkout-steps.md: validate,
 * price, shipping, discounts), without placing an order or holding anything: what the cart shows, and
 * the `total_price` the order must then carry.
 */
export async function quoteCart(db: Database, request: QuoteRequest, userId: number | null): Promise<Quote> {
  const cart = { items: request.items.map((item) => ({ ...item, protection: item.protection })) };
  const shop = await shopBooks(db, cart);
  validateLines(cart, shop);
  const lines = linesAtShopPrices(cart, shop);
  checkCopies(lines, shop);
  // The delivery method's price, as checkout's step 4 prices it (no address is needed to quote).
  const method = needsDelivery(lines)
    ? await findActiveMethod(db, request.shipping_method ?? DEFAULT_SHIPPING_METHOD)
    : null;
  if (needsDelivery(lines) && !method) {
    throw unprocessable('This delivery method is not offered. Please choose another one.');
  }
  const shippingCents = priceShipping(lines, method ?? null);
  const code = await checkPromoCode(db, request.code || undefined, userId, lines, shippingCents, false);
  const discountCents = applyDiscounts(lines, code).reduce((sum, d) => sum + d.cents, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.cents, 0);
  return {
    lines: lines.map((line) => {
      const discount = code?.lineDiscounts.get(line.book.editionId) ?? 0;
      return {
        book: line.book.id,
        edition_id: line.book.editionId,
        format: line.book.bookType,
        condition: line.book.condition,
        title: line.book.title,
        quantity: line.quantity,
        price: centsToMoney(line.unitCents),
        protection_price: centsToMoney(line.protectionCents),
        discount: centsToMoney(discount),
        total: centsToMoney(line.cents - discount),
      };
    }),
    subtotal: centsToMoney(subtotal),
    discount: centsToMoney(discountCents),
    shipping: centsToMoney(shippingCents),
    total: centsToMoney(Math.max(0, subtotal + shippingCents - discountCents)),
    code: code?.code ?? null,
  };
}

export async function quoteRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/cart/quote/',
    {
      config: { invalidates: [], rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary: 'Price a cart now, with a promo code and a delivery method, without placing an order',
        description:
          'Guests may quote; a code limited per customer is checked against the signed-in account. A code that does ' +
          'not apply is a 422 saying why (unknown, expired, not valid yet, minimum not reached, already used, not ' +
          'valid for these books), with `fields.promo_code`.',
        body: quoteRequestSchema,
        response: { 200: quoteSchema, ...errorReplies(400, 422, 429) },
      },
    },
    async (request) => quoteCart(app.db, request.body, request.user?.userId ?? null),
  );
}
