import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';

const ctx = useTestApp();

describe('GET /api/admin/orders/{id}/ (the staff order page)', () => {
  const place = async (user: Awaited<ReturnType<typeof createUser>>, book: { id: number }) => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: user.headers,
      payload: { total_price: 15.96, items: [{ book: book.id, quantity: 2, price: 4.99, protection: true }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  it('shows staff the customer, lines with protection, total and every payment attempt', async () => {
    const { app } = ctx();
    const staff = await createUser(app, { staff: true });
    const shopper = await createUser(app);
    const book = await createBook(app, { price: '4.99', stock: 5 });
    const order = await place(shopper, book);
    const reference = (await initialize(app, shopper, order.id)).json().reference as string;
    expect((await charge(app, shopper, reference)).statusCode).toBe(200);
    expect((await verify(app, shopper, order.id, reference)).json().status).toBe('success');

    const res = await app.inject({ url: `/api/admin/orders/${order.id}/`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: order.id,
      status: 'completed',
      payment_status: 'success',
      transaction_ref: reference,
      total_price: '15.96',
      customer: { id: shopper.id, username: shopper.username, email: shopper.email, first_name: '', last_name: '' },
      items: [
        { book: book.id, title: book.title, quantity: 2, price: '4.99', protection: true, protection_price: '2.99' },
      ],
      payments: [{ reference, provider: 'sandbox', status: 'success', amount: '15.96', currency: 'USD' }],
    });
    expect(Date.parse(body.paid_at)).toBeGreaterThanOrEqual(Date.parse(body.created_at));
    expect(Date.parse(body.payments[0].created_at)).toBeGreaterThan(0);
  });

  it('is for staff only, even for the order’s own customer, and 404s an unknown order', async () => {
    const { app } = ctx();
    const shopper = await createUser(app);
    const order = await place(shopper, await createBook(app, { price: '4.99', stock: 5 }));
    const url = `/api/admin/orders/${order.id}/`;
    expect((await app.inject({ url })).statusCode).toBe(401);
    const own = await app.inject({ url, headers: shopper.headers });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('Only staff can do that');
    const staff = await createUser(app, { staff: true });
    const missing = await app.inject({ url: '/api/admin/orders/999999/', headers: staff.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Order not found');
    expect((await app.inject({ url: '/api/admin/orders/abc/', headers: staff.headers })).statusCode).toBe(400);
  });
});
