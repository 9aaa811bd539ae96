import type { OrderRequest } from '@bookstore/contract';
import { PROTECTION_PLAN } from '@bookstore/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { orderEvents, orders } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, expireReservation, stockOf } from '../../test/factories.js';
import {
  applyDiscounts,
  checkCopies,
  insertOrder,
  MAX_TOTAL_CENTS,
  priceLines,
  priceShipping,
  reserveStock,
  type ShopBook,
  shopBooks,
  totalOf,
  validateLines,
} from './checkout.js';
import { expireOrder, markPaid } from './transitions.js';

/** Checkout's steps one by one (checkout.ts): what each accepts, refuses, and says when it refuses. */
const book = (over: Partial<ShopBook> = {}): ShopBook => ({
  id: 1,
  editionId: 101,
  condition: 'New',
  isbn: '',
  title: 'Dune',
  image: null,
  priceCents: 1_299,
  available: true,
  stockAmount: 5,
  inShop: true,
  bookType: 'Paperback',
  comingSoon: false,
  ...over,
});
const shopOf = (...books: ShopBook[]) => new Map(books.map((b) => [b.id, b]));
const request = (
  items: { book: number; quantity: number; price: number; protection?: boolean }[],
  total: number,
): OrderRequest =>
  ({ total_price: total, items: items.map((i) => ({ protection: false, ...i })) }) as unknown as OrderRequest;
const refusal = (step: () => unknown) => {
  try {
    step();
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, message: err.message, extra: err.extra };
    throw err;
  }
  throw new Error('the step accepted it');
};

describe('checkout steps on what was read', () => {
  it('validate: refuses a book not in the shop, not for sale, or sold out, naming it', () => {
    expect(
      refusal(() => validateLines(request([{ book: 9, quantity: 1, price: 100 }], 100), shopOf(book()))),
    ).toMatchObject({
      status: 422,
      message: 'Book 9 is not in the store (it may have been removed)',
    });
    const drafted = shopOf(book({ inShop: false }));
    expect(refusal(() => validateLines(request([{ book: 1, quantity: 1, price: 1_299 }], 1_299), drafted)).status).toBe(
      422,
    );
    expect(
      refusal(() =>
        validateLines(request([{ book: 1, quantity: 1, price: 1_299 }], 1_299), shopOf(book({ available: false }))),
      ),
    ).toMatchObject({
      message: '"Dune" is not available for sale',
    });
    expect(
      refusal(() =>
        validateLines(request([{ book: 1, quantity: 1, price: 1_299 }], 1_299), shopOf(book({ stockAmount: 0 }))),
      ),
    ).toMatchObject({
      message: '"Dune" is out of stock',
      extra: { book: 1, stock_amount: 0 },
    });
    expect(() => validateLines(request([{ book: 1, quantity: 1, price: 1_299 }], 1_299), shopOf(book()))).not.toThrow();
  });

  it('validate: an eBook is one copy, without the protection plan, and only once its file is there', () => {
    const ebook = book({ bookType: 'eBook', stockAmount: null });
    const one = (over: { quantity?: number; protection?: boolean } = {}) =>
      request([{ book: 1, quantity: 1, price: 1_299, ...over }], 1_299);
    expect(() => validateLines(one(), shopOf(ebook))).not.toThrow();
    expect(refusal(() => validateLines(one({ quantity: 2 }), shopOf(ebook)))).toMatchObject({
      status: 422,
      message: '"Dune (eBook)" is a download: one copy is all you need.',
      extra: { book: 1, edition_id: 101 },
    });
    expect(refusal(() => validateLines(one({ protection: true }), shopOf(ebook)))).toMatchObject({
      status: 422,
      message: 'The 2-Year Protection is for printed books: "Dune (eBook)" is a download and needs none.',
    });
    expect(refusal(() => validateLines(one(), shopOf(book({ ...ebook, comingSoon: true }))))).toMatchObject({
      status: 422,
      message:
        '"Dune (eBook)" is coming soon: it cannot be downloaded yet. Please choose another format, or come back later.',
    });
    // A paper book keeps its copies and its plan.
    expect(() => validateLines(one({ quantity: 3, protection: true }), shopOf(book()))).not.toThrow();
  });

  it('price the lines: at the shop’s prices with the protection plan per copy; another price is a 409 with today’s', () => {
    const lines = priceLines(request([{ book: 1, quantity: 2, price: 1_299, protection: true }], 0), shopOf(book()));
    expect(lines).toMatchObject([
      {
        quantity: 2,
        unitCents: 1_299,
        protectionCents: PROTECTION_PLAN.priceCents,
        cents: 2 * (1_299 + PROTECTION_PLAN.priceCents),
      },
    ]);
    const stale = refusal(() => priceLines(request([{ book: 1, quantity: 2, price: 999 }], 1_998), shopOf(book())));
    expect(stale).toMatchObject({
      status: 409,
      extra: { prices: [{ book: 1, price: '12.99' }], total_price: '25.98' },
    });
  });

  it("shipping: the method's price, free from its threshold, nothing to send for eBooks; no discounts yet", () => {
    const lines = priceLines(request([{ book: 1, quantity: 1, price: 1_299 }], 1_299), shopOf(book()));
    expect(priceShipping(lines, null)).toBe(0);
    const standard = {
      code: 'standard',
      name: 'Standard Delivery',
      days: '3-5 business days',
      active: true,
      position: 0,
    };
    expect(priceShipping(lines, { ...standard, priceCents: 499, freeFromCents: 0 })).toBe(0);
    expect(priceShipping(lines, { ...standard, priceCents: 499, freeFromCents: 1_300 })).toBe(499);
    expect(priceShipping(lines, { ...standard, priceCents: 499, freeFromCents: 1_299 })).toBe(0);
    expect(priceShipping(lines, { ...standard, priceCents: 999, freeFromCents: null })).toBe(999);
    expect(applyDiscounts(lines)).toEqual([]);
    // The parcel is what reaches the threshold: an eBook beside the book is not in it.
    const mixed = priceLines(
      request(
        [
          { book: 1, quantity: 1, price: 1_299 },
          { book: 2, quantity: 1, price: 900 },
        ],
        2_199,
      ),
      shopOf(book(), book({ id: 2, editionId: 102, bookType: 'eBook', stockAmount: null, priceCents: 900 })),
    );
    expect(priceShipping(mixed, { ...standard, priceCents: 499, freeFromCents: 2_000 })).toBe(499);
    expect(priceShipping(mixed, { ...standard, priceCents: 499, freeFromCents: 1_299 })).toBe(0);
  });

  it('total: lines plus shipping less discounts, which must be what the shopper saw, and must fit', () => {
    const req = request([{ book: 1, quantity: 2, price: 1_299 }], 2_598);
    const lines = priceLines(req, shopOf(book()));
    expect(totalOf(req, lines, 0, [])).toBe(2_598);
    expect(refusal(() => totalOf({ ...req, total_price: 100 }, lines, 0, []))).toMatchObject({
      status: 409,
      message: 'The order total does not match the prices of its books. Please review your cart.',
    });
    expect(totalOf({ ...req, total_price: 2_098 }, lines, 0, [{ label: 'Sale', cents: 500 }])).toBe(2_098);
    const huge = request([{ book: 1, quantity: 2, price: MAX_TOTAL_CENTS }], 2 * MAX_TOTAL_CENTS);
    const hugeLines = priceLines(huge, shopOf(book({ priceCents: MAX_TOTAL_CENTS })));
    expect(refusal(() => totalOf(huge, hugeLines, 0, []))).toMatchObject({
      status: 422,
      message: 'This order is too large to be placed online. Please contact us.',
    });
  });

  it('enough copies: more than the shop has says how many are left', () => {
    const req = request([{ book: 1, quantity: 3, price: 1_299 }], 3_897);
    const shop = shopOf(book({ stockAmount: 2 }));
    expect(refusal(() => checkCopies(priceLines(req, shop), shop))).toMatchObject({
      status: 422,
      message: 'Only 2 copies of "Dune" left',
    });
  });
});

describe('checkout steps that write, and the order’s changes of state', () => {
  const ctx = useTestApp();
  const options = (userId: number) => ({
    userId,
    currency: 'USD',
    reservationMinutes: 15,
    maxOpenOrders: 5,
    maxHeldCopies: 50,
  });
  const historyOf = async (orderId: number) =>
    (
      await ctx().app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))
    ).map((e) => ({
      type: e.type,
      actor: e.actor,
      actorUserId: e.actorUserId,
    }));
  const eventsOf = (orderId: number) =>
    rows<{ type: string }>(
      ctx().app.db,
      sql`SELECT type FROM outbox_events WHERE key = ${String(orderId)} AND type LIKE 'order.%' ORDER BY id`,
    );

  it('insert and reserve: the order keeps what was bought, its history starts, and the copies are taken', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const sold = await createBook(app, { stock: 4, price: '10.00' });
    const req = request([{ book: sold.id, quantity: 3, price: 1_000 }], 3_000);
    const orderId = await app.db.transaction(async (tx) => {
      const lines = priceLines(req, await shopBooks(tx, req));
      const { order, items } = await insertOrder(tx, lines, 3_000, options(user.id));
      expect(items).toMatchObject([{ bookId: sold.id, title: sold.title, quantity: 3, priceCents: 1_000 }]);
      await reserveStock(tx, req, lines, order.id);
      return order.id;
    });
    expect(await stockOf(app, sold.id)).toBe(1);
    expect(await historyOf(orderId)).toEqual([{ type: 'placed', actor: 'customer', actorUserId: user.id }]);
    expect(await eventsOf(orderId)).toEqual([{ type: 'order.placed' }]);
  });

  it('reserve: copies bought by someone else since the read are refused with what is left, and nothing stays', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const scarce = await createBook(app, { stock: 2, price: '10.00' });
    const req = request([{ book: scarce.id, quantity: 2, price: 1_000 }], 2_000);
    const attempt = app.db.transaction(async (tx) => {
      const lines = priceLines(req, await shopBooks(tx, req));
      const { order } = await insertOrder(tx, lines, 2_000, options(user.id));
      await tx.execute(sql`UPDATE books SET stock_amount = 1 WHERE id = ${scarce.id}`); // another buyer
      await reserveStock(tx, req, lines, order.id);
    });
    await expect(attempt).rejects.toMatchObject({ statusCode: 422, message: `Only 1 copy of "${scarce.title}" left` });
    expect(await stockOf(app, scarce.id)).toBe(2);
    expect(await app.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('paid and expired: each change is written once to the history and the outbox; a paid order does not expire', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const title = await createBook(app, { stock: 3, price: '10.00' });
    const place = () =>
      app.db.transaction(async (tx) => {
        const req = request([{ book: title.id, quantity: 1, price: 1_000 }], 1_000);
        const lines = priceLines(req, await shopBooks(tx, req));
        const { order } = await insertOrder(tx, lines, 1_000, options(user.id));
        await reserveStock(tx, req, lines, order.id);
        return order.id;
      });

    const paid = await place();
    expect(await app.db.transaction((tx) => markPaid(tx, paid, 'ORD-1'))).toMatchObject({
      applied: true,
      orderStatus: 'completed',
    });
    expect(await app.db.transaction((tx) => markPaid(tx, paid, 'ORD-2'))).toMatchObject({
      applied: false,
      transactionRef: 'ORD-1',
    });
    await expireReservation(app, paid);
    expect(await app.db.transaction((tx) => expireOrder(tx, paid))).toBe(false);
    expect(await historyOf(paid)).toEqual([
      { type: 'placed', actor: 'customer', actorUserId: user.id },
      { type: 'paid', actor: 'provider', actorUserId: null },
    ]);
    expect(await eventsOf(paid)).toEqual([{ type: 'order.placed' }, { type: 'order.paid' }]);

    const unpaid = await place();
    expect(await stockOf(app, title.id)).toBe(1);
    expect(await app.db.transaction((tx) => expireOrder(tx, unpaid))).toBe(true);
    expect(await app.db.transaction((tx) => expireOrder(tx, unpaid))).toBe(false);
    expect(await stockOf(app, title.id)).toBe(2);
    expect(await historyOf(unpaid)).toEqual([
      { type: 'placed', actor: 'customer', actorUserId: user.id },
      { type: 'expired', actor: 'shop', actorUserId: null },
    ]);
    expect(await eventsOf(unpaid)).toEqual([{ type: 'order.placed' }, { type: 'order.expired' }]);
  });
});
