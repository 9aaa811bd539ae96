import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, orderRow, placeOrder } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';

/**
 * One order takes one successful payment. A second initialize while a payment is
 * open returns that payment; a charge that still arrives for a paid order is refunded through the
 * provider adapter, never left for a person to notice.
 */
describe('one successful payment per order', () => {
  const ctx = useTestApp();

  async function newOrder() {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 5, price: '10.00' });
    const order = (await placeOrder(app, user, [{ book, quantity: 1 }])).json() as { id: number };
    return { app, user, order };
  }

  it('a second initialize while a payment is open returns that same payment', async () => {
    const { app, user, order } = await newOrder();
    const first = (await initialize(app, user, order.id)).json();
    const second = await initialize(app, user, order.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first);
    const parallel = await Promise.all([initialize(app, user, order.id), initialize(app, user, order.id)]);
    expect(parallel.map((r) => r.json().reference)).toEqual([first.reference, first.reference]);
    expect(await app.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it('a declined attempt is closed, so the next initialize opens a new one', async () => {
    const { app, user, order } = await newOrder();
    const first = (await initialize(app, user, order.id)).json();
    expect((await charge(app, user, first.reference, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await verify(app, user, order.id, first.reference)).statusCode).toBe(402);
    const next = (await initialize(app, user, order.id)).json();
    expect(next.reference).not.toBe(first.reference);
  });

  it('refunds, through the provider, a second charge that arrives for a paid order', async () => {
    const { app, user, order } = await newOrder();
    // Attempt A is declined, attempt B pays, then A is charged after all (a retried pop-up, a slow bank).
    const a = (await initialize(app, user, order.id)).json();
    await charge(app, user, a.reference, '4000 0000 0000 0002');
    await verify(app, user, order.id, a.reference);
    const b = (await initialize(app, user, order.id)).json();
    await charge(app, user, b.reference);
    expect((await verify(app, user, order.id, b.reference)).json()).toEqual({
      status: 'success',
      order_status: 'completed',
    });
    expect((await charge(app, user, a.reference)).statusCode).toBe(200);

    const late = await verify(app, user, order.id, a.reference);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'This order was already paid, so this second payment has been refunded.',
      status: 'failed',
    });
    const [row] = await app.db.select().from(payments).where(eq(payments.reference, a.reference));
    expect(row!.status).toBe('refunded');
    expect(row!.providerResponse).toMatchObject({ status: 'success', refund: { amount: 1000, currency: 'USD' } });
    // Asking again changes nothing and refunds nothing twice.
    expect((await verify(app, user, order.id, a.reference)).statusCode).toBe(409);
    expect((await orderRow(app, order.id)).transactionRef).toBe(b.reference);
  });

  it('refuses to open a payment for a paid order', async () => {
    const { app, user, order } = await newOrder();
    const a = (await initialize(app, user, order.id)).json();
    await charge(app, user, a.reference);
    await verify(app, user, order.id, a.reference);
    const again = await initialize(app, user, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This order has already been paid');
  });
});
