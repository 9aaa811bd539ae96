import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { books } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, orderBody, placeOrder, stockOf } from '../../test/factories.js';

const ctx = useTestApp();

describe('POST /api/orders/', () => {
  it('prices the order from the shop, reserves the copies and returns every field', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { price: '12.99', stock: 5 });
    const b = await createBook(app, { price: '7.50', stock: 3, image: null });
    const before = Date.now();
    const res = await placeOrder(app, user, [
      { book: a, quantity: 2 },
      { book: b, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      id: expect.any(Number),
      status: 'pending',
      payment_status: 'pending',
      transaction_ref: null,
      paid_at: null,
      total_price: '33.48',
      currency: 'USD',
      items: [
        {
          id: expect.any(Number),
          book: a.id,
          title: a.title,
          image: '/media/covers/test.jpg',
          quantity: 2,
          price: '12.99',
        },
        { id: expect.any(Number), book: b.id, title: b.title, image: null, quantity: 1, price: '7.50' },
      ],
    });
    expect(Date.parse(order.created_at)).toBeGreaterThan(before - 60_000);
    // Held for RESERVATION_MINUTES (15 by default).
    const held = Date.parse(order.reserved_until) - Date.parse(order.created_at);
    expect(held).toBeGreaterThan(14 * 60_000);
    expect(held).toBeLessThan(16 * 60_000);
    expect(await stockOf(app, a.id)).toBe(3);
    expect(await stockOf(app, b.id)).toBe(2);
  });

  it('accepts amounts as decimal strings', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { price: '10.10', stock: 2 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: user.headers,
      payload: { total_price: '20.20', status: 'pending', items: [{ book: a.id, quantity: 2, price: '10.10' }] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().total_price).toBe('20.20');
  });

  it('refuses guests and expired or forged tokens', async () => {
    const { app } = ctx();
    const a = await createBook(app);
    const payload = orderBody([{ book: a, quantity: 1 }]);
    const guest = await app.inject({ method: 'POST', url: '/api/orders/', payload });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error).toBe('Please sign in to continue');
    const forged = await app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { authorization: 'Bearer not.a.token' },
      payload,
    });
    expect(forged.statusCode).toBe(401);
    expect(await stockOf(app, a.id)).toBe(5);
  });

  it('refuses a tampered line price with 409 and the current prices, taking nothing', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { price: '12.99', stock: 5 });
    const b = await createBook(app, { price: '5.00', stock: 5 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: user.headers,
      payload: {
        total_price: 0.02 + 5,
        status: 'pending',
        items: [
          { book: a.id, quantity: 1, price: 0.01 },
          { book: b.id, quantity: 1, price: 5 },
        ],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: expect.stringContaining('Prices have changed'),
      prices: [
        { book: a.id, price: '12.99' },
        { book: b.id, price: '5.00' },
      ],
      total_price: '17.99',
    });
    expect(await stockOf(app, a.id)).toBe(5);
  });

  it('refuses a tampered total with 409 even when the lines are right', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { price: '12.99', stock: 5 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: user.headers,
      payload: { total_price: 1, status: 'pending', items: [{ book: a.id, quantity: 2, price: 12.99 }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ total_price: '25.98', prices: [{ book: a.id, price: '12.99' }] });
    expect(await stockOf(app, a.id)).toBe(5);
  });

  it('refuses a stale cart after a price change, and the refreshed cart then succeeds', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { price: '9.99', stock: 5 });
    await app.db.update(books).set({ priceCents: 1499 }).where(eq(books.id, a.id));
    const stale = await placeOrder(app, user, [{ book: a, quantity: 1 }]);
    expect(stale.statusCode).toBe(409);
    const fresh = stale.json().prices[0].price;
    expect(fresh).toBe('14.99');
    const retry = await placeOrder(app, user, [{ book: { ...a, price: fresh }, quantity: 1 }]);
    expect(retry.statusCode).toBe(201);
  });

  it('refuses unknown, unavailable and sold-out books with a clear message', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const unknown = await placeOrder(app, user, [{ book: { id: 999_999, price: '1.00' }, quantity: 1 }]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toBe('Book 999999 is not in the store (it may have been removed)');

    const hidden = await createBook(app, { available: false, title: `Hidden ${Date.now()}` });
    const unavailable = await placeOrder(app, user, [{ book: hidden, quantity: 1 }]);
    expect(unavailable.statusCode).toBe(422);
    expect(unavailable.json().error).toBe(`"${hidden.title}" is not available for sale`);

    const gone = await createBook(app, { stock: 0 });
    const soldOut = await placeOrder(app, user, [{ book: gone, quantity: 1 }]);
    expect(soldOut.statusCode).toBe(422);
    expect(soldOut.json()).toMatchObject({ error: `"${gone.title}" is out of stock`, book: gone.id, stock_amount: 0 });
  });

  it('refuses more copies than the stock, saying how many are left', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { stock: 2 });
    const b = await createBook(app, { stock: 10 });
    const res = await placeOrder(app, user, [
      { book: b, quantity: 1 },
      { book: a, quantity: 3 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: `Only 2 copies of "${a.title}" left`, stock_amount: 2 });
    // Nothing of the order was reserved.
    expect(await stockOf(app, b.id)).toBe(10);
    expect(await stockOf(app, a.id)).toBe(2);
  });

  it.each([
    ['zero', 0, 'quantity must be at least 1'],
    ['negative', -2, 'quantity must be at least 1'],
    ['fractional', 1.5, 'quantity must be a whole number'],
    ['huge', 1e12, 'quantity must be at most 1000'],
    ['a string', '2', 'quantity must be a whole number'],
  ])('refuses a %s quantity with 400', async (_name, quantity, message) => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { stock: 5 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: user.headers,
      payload: { total_price: 12.99, status: 'pending', items: [{ book: a.id, quantity, price: 12.99 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['items.0.quantity']).toEqual([message]);
    expect(await stockOf(app, a.id)).toBe(5);
  });

  it('refuses empty orders, duplicate lines, other statuses and malformed bodies', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const a = await createBook(app, { stock: 5 });
    const send = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/orders/', headers: user.headers, payload: payload as object });

    const empty = await send({ total_price: 0, status: 'pending', items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('items: Your order is empty');

    const twice = await send({
      total_price: 25.98,
      status: 'pending',
      items: [
        { book: a.id, quantity: 1, price: 12.99 },
        { book: a.id, quantity: 1, price: 12.99 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe(
      `items.1.book: Book ${a.id} appears more than once; put all its copies on one line`,
    );

    const paid = await send({ ...orderBody([{ book: a, quantity: 1 }]), status: 'completed' });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().fields.status).toEqual(["A new order's status must be 'pending'"]);

    const negativePrice = await send({ total_price: 12.99, items: [{ book: a.id, quantity: 1, price: -1 }] });
    expect(negativePrice.statusCode).toBe(400);

    const noTotal = await send({ items: [{ book: a.id, quantity: 1, price: 12.99 }] });
    expect(noTotal.statusCode).toBe(400);
    expect(Object.keys(noTotal.json().fields)).toContain('total_price');

    const notJson = await app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"items": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await stockOf(app, a.id)).toBe(5);
  });
});

describe('GET /api/orders/ and /api/orders/{id}/', () => {
  it("lists only the caller's own orders, newest first, with items as bought", async () => {
    const { app } = ctx();
    const alice = await createUser(app);
    const bob = await createUser(app);
    const a = await createBook(app, { price: '10.00', stock: 100 });
    const first = (await placeOrder(app, alice, [{ book: a, quantity: 1 }])).json();
    const second = (await placeOrder(app, alice, [{ book: a, quantity: 2 }])).json();
    await placeOrder(app, bob, [{ book: a, quantity: 1 }]);
    // Later catalogue edits do not rewrite history.
    await app.db
      .update(books)
      .set({ title: `${a.title} (2nd edition)`, priceCents: 2000 })
      .where(eq(books.id, a.id));

    const res = await app.inject({ method: 'GET', url: '/api/orders/', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    expect(list[0].items[0]).toMatchObject({ title: a.title, price: '10.00', quantity: 2 });
    expect(list[0].total_price).toBe('20.00');

    const empty = await app.inject({ method: 'GET', url: '/api/orders/', headers: (await createUser(app)).headers });
    expect(empty.json()).toEqual([]);
  });

  it("shows one's own order and hides anyone else's behind a 404", async () => {
    const { app } = ctx();
    const alice = await createUser(app);
    const mallory = await createUser(app);
    const a = await createBook(app, { stock: 3 });
    const order = (await placeOrder(app, alice, [{ book: a, quantity: 1 }])).json();

    const own = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/`, headers: alice.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(order);

    const other = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/`, headers: mallory.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Order not found' });

    const missing = await app.inject({ method: 'GET', url: '/api/orders/987654/', headers: alice.headers });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: '/api/orders/abc/', headers: alice.headers });
    expect(bad.statusCode).toBe(400);
    const guest = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/` });
    expect(guest.statusCode).toBe(401);
    const guestList = await app.inject({ method: 'GET', url: '/api/orders/' });
    expect(guestList.statusCode).toBe(401);
  });

  it('lets staff list every order, paged, and nobody else', async () => {
    const { app } = ctx();
    const staff = await createUser(app, { staff: true });
    const alice = await createUser(app);
    const a = await createBook(app, { stock: 10 });
    await placeOrder(app, alice, [{ book: a, quantity: 1 }]);
    await placeOrder(app, alice, [{ book: a, quantity: 1 }]);

    const page = await app.inject({ method: 'GET', url: '/api/orders/?all=1&page_size=1', headers: staff.headers });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.data).toHaveLength(1);
    expect(body.meta).toMatchObject({ page: 1, pageSize: 1, next: 2 });
    expect(body.meta.count).toBeGreaterThanOrEqual(2);
    expect(body.data[0].customer).toEqual({ id: alice.id, username: alice.username, email: alice.email });

    // Staff may open any order (the dashboard links to them).
    const anyOrder = await app.inject({
      method: 'GET',
      url: `/api/orders/${body.data[0].id}/`,
      headers: staff.headers,
    });
    expect(anyOrder.statusCode).toBe(200);

    const denied = await app.inject({ method: 'GET', url: '/api/orders/?all=1', headers: alice.headers });
    expect(denied.statusCode).toBe(403);
    const badPage = await app.inject({ method: 'GET', url: '/api/orders/?all=1&page=0', headers: staff.headers });
    expect(badPage.statusCode).toBe(400);
  });
});
