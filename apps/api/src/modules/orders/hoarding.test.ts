import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import {
  createBook,
  createUser,
  expireReservation,
  orderRow,
  placeOrder,
  stockOf,
  type TestUser,
} from '../../test/factories.js';
import { initialize } from '../../test/payments.js';
import { releaseExpiredReservations } from './reservations.js';

/**
 * Nobody can hold the shop's stock hostage with unpaid orders. One account may
 * hold a few open orders and a bounded number of copies, may place orders only so fast, and a hold
 * ends RESERVATION_MINUTES after the order was placed however often payment is started.
 */
describe('stock hoarding', () => {
  const ctx = useTestApp({ maxOpenOrders: 3, maxHeldCopies: 10, reservationMinutes: 15 });

  it('caps the unpaid orders one account may hold open, with a clear message', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 100 });
    for (let i = 0; i < 3; i++) expect((await placeOrder(app, user, [{ book, quantity: 1 }])).statusCode).toBe(201);
    const fourth = await placeOrder(app, user, [{ book, quantity: 1 }]);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().error).toBe(
      'You already have 3 unpaid orders. Please pay for one of them, or wait until its reservation ends, before placing another.',
    );
    expect(await stockOf(app, book.id)).toBe(97);
    // Someone else is not affected.
    expect((await placeOrder(app, await createUser(app), [{ book, quantity: 1 }])).statusCode).toBe(201);
  });

  it('caps the copies one account may hold in unpaid orders', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 100 });
    expect((await placeOrder(app, user, [{ book, quantity: 8 }])).statusCode).toBe(201);
    const more = await placeOrder(app, user, [{ book, quantity: 3 }]);
    expect(more.statusCode).toBe(422);
    expect(more.json().error).toBe(
      'Unpaid orders can hold at most 10 copies at a time, and you already hold 8. Please pay for your open orders first.',
    );
    expect((await placeOrder(app, user, [{ book, quantity: 2 }])).statusCode).toBe(201);
    const big = await placeOrder(app, await createUser(app), [{ book, quantity: 11 }]);
    expect(big.statusCode).toBe(422);
    expect(await stockOf(app, book.id)).toBe(90);
  });

  it('holds to the caps under a burst of parallel orders from one account', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 100 });
    const replies = await Promise.all(Array.from({ length: 8 }, () => placeOrder(app, user, [{ book, quantity: 1 }])));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(replies.every((r) => r.statusCode === 201 || r.statusCode === 422 || r.statusCode === 429)).toBe(true);
    expect(await stockOf(app, book.id)).toBe(97);
  });

  it('caps what all accounts and addresses together hold of one book: 28 addresses hold at most half of 150 copies', async () => {
    const { app } = ctx();
    const book = await createBook(app, { stock: 150 });
    const busy = `Many shoppers are paying for "${book.title}" right now. Please try again in a few minutes.`;
    const refusals = new Set<string>();
    // 28 fresh accounts, each from an address of its own, each holding as much as the shop lets it.
    const hoarders = await Promise.all(Array.from({ length: 28 }, () => createUser(app)));
    for (const hoarder of hoarders) {
      for (const quantity of [10, 5, 2, 1]) {
        const res = await placeOrder(app, hoarder, [{ book, quantity }]);
        if (res.statusCode === 201) break;
        expect(res.statusCode).toBe(422);
        refusals.add(res.json().error);
      }
    }
    const held = 150 - (await stockOf(app, book.id));
    expect(held).toBeLessThanOrEqual(75);
    expect(refusals).toContain(busy);
    const another = await placeOrder(app, await createUser(app), [{ book, quantity: 1 }]);
    expect(another.statusCode).toBe(422);
    expect(another.json()).toMatchObject({ error: busy, book: book.id });
    // When holds end, shoppers hold copies again.
    const { sql } = await import('drizzle-orm');
    await app.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE user_id = ${hoarders[0]!.id}`,
    );
    await releaseExpiredReservations(app.db);
    expect((await placeOrder(app, await createUser(app), [{ book, quantity: 1 }])).statusCode).toBe(201);
  });

  it('refuses none of many shoppers checking out a well-stocked book at the same moment', async () => {
    const { app } = ctx();
    const book = await createBook(app, { stock: 150 });
    const shoppers = await Promise.all(Array.from({ length: 40 }, () => createUser(app)));
    const replies = await Promise.all(shoppers.map((shopper) => placeOrder(app, shopper, [{ book, quantity: 1 }])));
    expect(replies.map((r) => r.statusCode)).toEqual(shoppers.map(() => 201));
    expect(await stockOf(app, book.id)).toBe(110);
  });

  it('lets shoppers hold every copy of a book with a few copies at once (20 copies, 20 shoppers)', async () => {
    const { app } = ctx();
    const book = await createBook(app, { stock: 20 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createUser(app)));
    const replies = await Promise.all(shoppers.map((shopper) => placeOrder(app, shopper, [{ book, quantity: 1 }])));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(await stockOf(app, book.id)).toBe(0);
  });

  it('frees a place once an order is paid or its reservation ends', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 100 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await placeOrder(app, user, [{ book, quantity: 1 }])).json().id);
    await app.db.execute(
      // The first reservation ran out a minute ago.
      (await import('drizzle-orm'))
        .sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${ids[0]!}`,
    );
    await releaseExpiredReservations(app.db);
    // Another book: the one whose hold ran out waits for its cool-down (tested below).
    const other = await createBook(app, { stock: 100 });
    expect((await placeOrder(app, user, [{ book: other, quantity: 1 }])).statusCode).toBe(201);
  });

  it('rate-limits order creation per account', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 1000 });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/orders/',
            headers: user.headers,
            remoteAddress: `10.6.0.${i}`,
            payload: { total_price: '0.00', items: [{ book: book.id, quantity: 1, price: '0.00' }] },
          })
        ).statusCode,
      );
    }
    expect(statuses).toContain(429);
  });

  it('ends a hold RESERVATION_MINUTES after the order was placed, however often payment is started', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 5 });
    const order = (await placeOrder(app, user, [{ book, quantity: 2 }])).json() as { id: number };
    const { sql } = await import('drizzle-orm');
    // Placed ten minutes ago: five minutes of its hold are left.
    await app.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '10 minutes', reserved_until = now() + interval '5 minutes' WHERE id = ${order.id}`,
    );
    const limit = (await orderRow(app, order.id)).createdAt.getTime() + 15 * 60 * 1000;
    for (let i = 0; i < 3; i++) {
      expect((await initialize(app, user, order.id)).statusCode).toBe(200);
      const row = await orderRow(app, order.id);
      expect(row.reservedUntil.getTime()).toBeLessThanOrEqual(limit + 1000);
    }
  });

  it('does not hold an order again once its reservation has ended', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 5 });
    const order = (await placeOrder(app, user, [{ book, quantity: 2 }])).json() as { id: number };
    const { sql } = await import('drizzle-orm');
    await app.db.execute(sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE id = ${order.id}`);
    await releaseExpiredReservations(app.db);
    expect(await stockOf(app, book.id)).toBe(5);
    const res = await initialize(app, user, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'The time to pay for this order has run out and its books are back on sale. Please check out again.',
    );
    expect(await stockOf(app, book.id)).toBe(5);
  });
});

/**
 * Cancelling an unpaid order is not punished: the shopper may order again at once. What keeps a
 * cancel-and-order-again loop from holding copies for ever is the hold itself: an order of the same
 * edition placed while the cancelled order's hold would still have run ends when that one would have.
 */
describe('cancelling an unpaid order and ordering again', () => {
  const ctx = useTestApp({ maxOpenOrders: 3, maxHeldCopies: 10, reservationMinutes: 15 });
  type Book = Awaited<ReturnType<typeof createBook>>;
  const MINUTE = 60_000;

  const cancel = async (user: TestUser, orderId: number) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel/`,
      headers: user.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { fulfilment_status: string; events: { type: string }[] };
  };
  const order = async (user: TestUser, lines: { book: Book; quantity: number }[]) => {
    const res = await placeOrder(ctx().app, user, lines);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; reserved_until: string };
  };
  /** The order as if it had been placed `minutes` ago: its hold has 15 - minutes left. */
  const placedAgo = (orderId: number, minutes: number) =>
    ctx().app.db.execute(
      sql`UPDATE orders SET created_at = now() - make_interval(mins => ${minutes}),
            reserved_until = now() + make_interval(mins => ${15 - minutes}) WHERE id = ${orderId}`,
    );
  const minutesLeft = (reservedUntil: string) => (Date.parse(reservedUntil) - Date.now()) / MINUTE;

  it('lets the shopper order the same book again at once after cancelling', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 10 });
    const first = await order(user, [{ book, quantity: 2 }]);
    expect((await cancel(user, first.id)).fulfilment_status).toBe('cancelled');
    expect(await stockOf(app, book.id)).toBe(10);

    const again = await placeOrder(app, user, [{ book, quantity: 1 }]);
    expect(again.statusCode, again.body).toBe(201);
    expect(await stockOf(app, book.id)).toBe(9);
  });

  it("gives the order placed again the rest of the cancelled order's hold, not a new one", async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 10 });
    const other = await createBook(app, { stock: 10 });
    const first = await order(user, [{ book, quantity: 1 }]);
    await placedAgo(first.id, 10);
    const cancelledUntil = (await orderRow(app, first.id)).reservedUntil.toISOString();
    await cancel(user, first.id);

    const again = await order(user, [{ book, quantity: 1 }]);
    expect(again.reserved_until).toBe(cancelledUntil);
    expect(minutesLeft(again.reserved_until)).toBeLessThan(5.1);
    // An order of another book holds it for the whole time.
    const elsewhere = await order(user, [{ book: other, quantity: 1 }]);
    expect(minutesLeft(elsewhere.reserved_until)).toBeGreaterThan(14);
  });

  it('keeps a cancel-and-order-again loop to the first hold, and its end to the cooling-off', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 10 });
    const other = await createBook(app, { stock: 10 });
    const first = await order(user, [{ book, quantity: 2 }]);
    await placedAgo(first.id, 12);
    const end = (await orderRow(app, first.id)).reservedUntil.toISOString();
    let last = first;
    for (let i = 0; i < 3; i++) {
      await cancel(user, last.id);
      // With another book in the same order, the whole order ends with the cancelled hold.
      last = await order(
        user,
        i === 2
          ? [
              { book, quantity: 2 },
              { book: other, quantity: 1 },
            ]
          : [{ book, quantity: 2 }],
      );
      expect(last.reserved_until).toBe(end);
    }

    // The time of the first hold passes: the last order's hold runs out unpaid, and that is what the
    // cooling-off is for.
    await app.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 minute' WHERE user_id = ${user.id}`,
    );
    expect(await releaseExpiredReservations(app.db)).toBe(1);
    const refused = await placeOrder(app, user, [{ book, quantity: 1 }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(
      `Your reservation of "${book.title}" ran out without payment. You can order it again in 14 minutes.`,
    );
  });

  it('a hold that had run out before the shopper cancelled it still ran out', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 10 });
    const first = await order(user, [{ book, quantity: 1 }]);
    // Its time is up, and the shop has not released it yet when the shopper cancels.
    await expireReservation(app, first.id);
    await cancel(user, first.id);
    const refused = await placeOrder(app, user, [{ book, quantity: 1 }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatch(
      /^Your reservation of ".+" ran out without payment\. You can order it again in 14 minutes\.$/,
    );
  });

  it('never holds longer than RESERVATION_MINUTES, whatever the cancelled order held', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 10 });
    const first = await order(user, [{ book, quantity: 1 }]);
    // Placed when holds were longer (the setting was lowered since).
    await app.db.execute(sql`UPDATE orders SET reserved_until = now() + interval '40 minutes' WHERE id = ${first.id}`);
    await cancel(user, first.id);
    const again = await order(user, [{ book, quantity: 1 }]);
    expect(minutesLeft(again.reserved_until)).toBeLessThanOrEqual(15);
    expect(minutesLeft(again.reserved_until)).toBeGreaterThan(14);
  });

  it("leaves other shoppers' holds alone", async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 10 });
    const first = await order(user, [{ book, quantity: 1 }]);
    await placedAgo(first.id, 10);
    await cancel(user, first.id);
    const someoneElse = await order(await createUser(app), [{ book, quantity: 1 }]);
    expect(minutesLeft(someoneElse.reserved_until)).toBeGreaterThan(14);
  });
});
