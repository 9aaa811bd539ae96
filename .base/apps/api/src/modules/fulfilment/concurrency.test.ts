import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, refunds } from '../../db/schema.js';
import { type App, createSecondServer, onPostgres, useTestApp } from '../../test/app.js';
import { createBook, createUser, orderRow, placeOrder, stockOf } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';

const ctx = useTestApp();

/** A shopper's cancel and staff's ship of one paid order, each sent twice at once: one wins, once. */
async function race(servers: App[]) {
  const { app } = ctx();
  const shopper = await createUser(app);
  const staff = await createUser(app, { staff: true });
  const book = await createBook(app, { price: '10.00', stock: 6 });
  const id = (await placeOrder(app, shopper, [{ book, quantity: 2 }])).json().id as number;
  const { reference } = (await initialize(app, shopper, id)).json();
  await charge(app, shopper, reference);
  expect((await verify(app, shopper, id, reference)).statusCode).toBe(200);
  const at = (i: number) => servers[i % servers.length]!;
  const answers = await Promise.all([
    ...[0, 1].map((i) => at(i).inject({ method: 'POST', url: `/api/orders/${id}/cancel/`, headers: shopper.headers })),
    ...[0, 1].map((i) =>
      at(i + 1).inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/ship/`,
        headers: staff.headers,
        payload: { carrier: 'UPS', tracking_number: '1Z0001' },
      }),
    ),
  ]);
  const codes = answers.map((a) => a.statusCode);
  const row = await orderRow(app, id);
  const history = (await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).map((e) => e.type);
  const given = await app.db.select().from(refunds).where(eq(refunds.orderId, id));
  if (row.fulfilmentStatus === 'cancelled') {
    expect(codes).toEqual([200, 200, 409, 409]);
    expect(await stockOf(app, book.id)).toBe(6);
    expect(given).toMatchObject([{ amountCents: 2000, status: 'succeeded' }]);
    expect(history).not.toContain('shipped');
  } else {
    expect(row.fulfilmentStatus).toBe('shipped');
    expect(codes).toEqual([409, 409, 200, 200]);
    expect(await stockOf(app, book.id)).toBe(4);
    expect(given).toEqual([]);
    expect(history).not.toContain('cancelled');
  }
  expect(history.filter((t) => t === 'shipped' || t === 'cancelled')).toHaveLength(1);
}

describe('a cancel racing a shipment', () => {
  it('on one server: one of them wins, once, and stock and refunds follow it', async () => {
    await race([ctx().app]);
  });

  it.runIf(onPostgres)('on two servers sharing the database: the same', async () => {
    const other = await createSecondServer(ctx());
    try {
      for (let i = 0; i < 3; i++) await race([ctx().app, other.app]);
    } finally {
      await other.close();
    }
  });
});
