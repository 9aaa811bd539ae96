import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems } from '../../db/schema.js';
import { type App, createSecondServer, onPostgres, useTestApp } from '../../test/app.js';
import { createBook, createUser, expireReservation, orderRow, placeOrder, stockOf } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';
import { releaseExpiredReservations } from './reservations.js';

const ctx = useTestApp();

async function soldCopies(app: App, bookId: number): Promise<number> {
  const [row] = await app.db
    .select({ sold: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.bookId, bookId));
  return row!.sold;
}

/** Two app instances, each with its own connection pool, on the test's PostgreSQL database: two servers. */
const secondServer = () => createSecondServer(ctx());

describe('many buyers, few copies', () => {
  it('sells each of the last 5 copies once among 30 concurrent buyers', async () => {
    const { app } = ctx();
    const book = await createBook(app, { stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => createUser(app)));
    const replies = await Promise.all(buyers.map((buyer) => placeOrder(app, buyer, [{ book, quantity: 1 }])));
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 422)).toHaveLength(25);
    for (const refused of replies.filter((r) => r.statusCode === 422)) {
      expect(refused.json().error).toBe(`"${book.title}" is out of stock`);
    }
    expect(await stockOf(app, book.id)).toBe(0);
    expect(await soldCopies(app, book.id)).toBe(5);
  });

  it('never deadlocks or oversells when orders take the same books in different orders', async () => {
    const { app } = ctx();
    const a = await createBook(app, { stock: 6 });
    const b = await createBook(app, { stock: 6 });
    const buyers = await Promise.all(Array.from({ length: 16 }, () => createUser(app)));
    const replies = await Promise.all(
      buyers.map((buyer, i) =>
        placeOrder(
          app,
          buyer,
          i % 2
            ? [
                { book: a, quantity: 1 },
                { book: b, quantity: 1 },
              ]
            : [
                { book: b, quantity: 1 },
                { book: a, quantity: 1 },
              ],
        ),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(6);
    expect(replies.every((r) => r.statusCode === 201 || r.statusCode === 422)).toBe(true);
    expect(await stockOf(app, a.id)).toBe(0);
    expect(await stockOf(app, b.id)).toBe(0);
    expect(await soldCopies(app, a.id)).toBe(6);
  });

  it.runIf(onPostgres)(
    'sells each copy once when two servers on one PostgreSQL take orders, and every paid order exists',
    async () => {
      const { app } = ctx();
      const other = await secondServer();
      try {
        const servers = [app, other.app];
        const book = await createBook(app, { stock: 5 });
        const buyers = await Promise.all(Array.from({ length: 40 }, () => createUser(app)));
        const replies = await Promise.all(
          buyers.map((buyer, i) => placeOrder(servers[i % 2]!, buyer, [{ book, quantity: 1 }])),
        );
        expect(replies.filter((r) => r.statusCode === 422)).toHaveLength(35);
        const winners = replies.flatMap((r, i) =>
          r.statusCode === 201 ? [{ buyer: buyers[i]!, id: r.json().id as number }] : [],
        );
        expect(winners).toHaveLength(5);
        expect(await stockOf(app, book.id)).toBe(0);
        expect(await soldCopies(app, book.id)).toBe(5);

        // Every winner pays, bouncing between the two servers; every payment ends up on its order.
        await Promise.all(
          winners.map(async ({ buyer, id }, i) => {
            const { reference } = (await initialize(servers[i % 2]!, buyer, id)).json();
            expect((await charge(servers[(i + 1) % 2]!, buyer, reference)).statusCode).toBe(200);
            const verified = await Promise.all(servers.map((server) => verify(server, buyer, id, reference)));
            expect(verified.map((v) => v.json().status)).toEqual(['success', 'success']);
          }),
        );
        for (const { id } of winners) expect((await orderRow(app, id)).paymentStatus).toBe('success');
        expect(await stockOf(app, book.id)).toBe(0);
      } finally {
        await other.close();
      }
    },
  );

  it.runIf(onPostgres)('gives back an expired reservation once when two servers sweep at the same moment', async () => {
    const { app } = ctx();
    const other = await secondServer();
    try {
      const book = await createBook(app, { stock: 20 });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(app)));
      const orders = await Promise.all(buyers.map((buyer) => placeOrder(app, buyer, [{ book, quantity: 1 }])));
      expect(await stockOf(app, book.id)).toBe(0);
      for (const order of orders) await expireReservation(app, order.json().id);
      const released = await Promise.all([
        releaseExpiredReservations(app.db, 3),
        releaseExpiredReservations(other.app.db, 3),
        releaseExpiredReservations(app.db, 3),
      ]);
      expect(released.reduce((a, b) => a + b, 0)).toBe(20);
      expect(await stockOf(app, book.id)).toBe(20);
    } finally {
      await other.close();
    }
  });
});
