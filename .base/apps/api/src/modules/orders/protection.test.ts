import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, orderRow, stockOf } from '../../test/factories.js';
import { initialize } from '../../test/payments.js';

const ctx = useTestApp();

/** The protection plan (PROTECTION_PLAN: $2.99 a copy) as a priced part of the order. */
describe('protection plan on order lines', () => {
  const post = (user: { headers: { authorization: string } }, payload: unknown) =>
    ctx().app.inject({ method: 'POST', url: '/api/orders/', headers: user.headers, payload: payload as object });

  it('adds $2.99 a copy to the lines that ask for it, stores it per line and charges it', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { price: '10.00', stock: 5 });
    const b = await createBook(app, { price: '5.50', stock: 5 });
    // 2 x (10.00 + 2.99) + 1 x 5.50 = 31.48
    const res = await post(user, {
      total_price: 31.48,
      items: [
        { book: a.id, quantity: 2, price: 10, protection: true },
        { book: b.id, quantity: 1, price: 5.5, protection: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order.total_price).toBe('31.48');
    expect(order.items).toMatchObject([
      { book: a.id, quantity: 2, price: '10.00', protection: true, protection_price: '2.99' },
      { book: b.id, quantity: 1, price: '5.50', protection: false, protection_price: '0.00' },
    ]);
    expect((await orderRow(app, order.id)).totalCents).toBe(3148);

    // The shopper's own view and the payment both carry it.
    const mine = await app.inject({ url: `/api/orders/${order.id}/`, headers: user.headers });
    expect(mine.json().items[0]).toMatchObject({ protection: true, protection_price: '2.99' });
    const payment = await initialize(app, user, order.id);
    expect(payment.json().amount).toBe(3148);
  });

  it('gives no protection to a client that does not mention it', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { price: '10.00', stock: 5 });
    const res = await post(user, {
      total_price: 10,
      status: 'pending',
      items: [{ book: a.id, quantity: 1, price: 10 }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      total_price: '10.00',
      items: [{ protection: false, protection_price: '0.00' }],
    });
  });

  it('refuses a total that leaves out (or adds) the protection, with the right total in the 409', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { price: '10.00', stock: 5 });
    const without = await post(user, {
      total_price: 20,
      items: [{ book: a.id, quantity: 2, price: 10, protection: true }],
    });
    expect(without.statusCode).toBe(409);
    expect(without.json()).toMatchObject({ total_price: '25.98', prices: [{ book: a.id, price: '10.00' }] });
    const extra = await post(user, {
      total_price: 25.98,
      items: [{ book: a.id, quantity: 2, price: 10, protection: false }],
    });
    expect(extra.statusCode).toBe(409);
    expect(extra.json().total_price).toBe('20.00');
    expect(await stockOf(app, a.id)).toBe(5);
  });

  it('refuses a protection that is not true or false', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { price: '10.00', stock: 5 });
    const res = await post(user, {
      total_price: 12.99,
      items: [{ book: a.id, quantity: 1, price: 10, protection: 'yes' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['items.0.protection']).toEqual(['protection must be true or false']);
  });
});
