import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, orderRow, placeOrder, stockOf } from '../../test/factories.js';
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
