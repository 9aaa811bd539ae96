import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents, refunds } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, orderRow, SHIPPING_ADDRESS, stockOf, type TestUser } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';

const ctx = useTestApp();

const address = SHIPPING_ADDRESS;

type Book = Awaited<ReturnType<typeof createBook>>;

async function order(user: TestUser, book: Book, quantity = 2, extra: Record<string, unknown> = {}, total?: number) {
  const { app } = ctx();
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: user.headers,
    payload: {
      total_price: total ?? (Number(book.price) * 100 * quantity) / 100,
      items: [{ book: book.id, quantity, price: book.price }],
      ...extra,
    },
  });
  return res;
}

async function paidOrder(options: { stock?: number; quantity?: number; price?: string } = {}) {
  const { app } = ctx();
  const shopper = await createUser(app);
  const staff = await createUser(app, { staff: true });
  const book = await createBook(app, { price: options.price ?? '10.00', stock: options.stock ?? 5 });
  const placed = await order(shopper, book, options.quantity ?? 2);
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().id as number;
  const { reference } = (await initialize(app, shopper, id)).json();
  await charge(app, shopper, reference);
  expect((await verify(app, shopper, id, reference)).json().status).toBe('success');
  return { app, shopper, staff, book, id, reference };
}

const post = (user: TestUser | null, url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx().app.inject({
    method: 'POST',
    url,
    headers: { ...(user?.headers ?? {}), ...headers },
    ...(payload ? { payload } : {}),
  });

const eventTypes = (body: { events: { type: string }[] }) => body.events.map((e) => e.type);

describe('checkout with an address and a delivery method', () => {
  it('charges Express with a new address, keeps the address and method on the order, and shows them to the shopper', async () => {
    const { app } = ctx();
    const shopper = await createUser(app);
    const book = await createBook(app, { price: '10.00', stock: 5 });
    const res = await order(shopper, book, 1, { shipping_method: 'express', shipping_address: address }, 19.99);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      total_price: '19.99',
      shipping_price: '9.99',
      shipping_method: { code: 'express', name: 'Express Delivery', days: '1-2 business days' },
      shipping_address: { ...address, line2: '', phone: '' },
      fulfilment_status: 'unfulfilled',
      refunded_amount: '0.00',
      carrier: null,
      tracking_url: null,
    });
    expect(eventTypes(res.json())).toEqual(['placed']);
    const { reference, amount } = (await initialize(app, shopper, res.json().id)).json();
    expect(amount).toBe(1999); // the pop-up charges the total with delivery
    await charge(app, shopper, reference);
    expect((await verify(app, shopper, res.json().id, reference)).statusCode).toBe(200);
  });

  it('takes one of your addresses by id, and refuses someone else’s, a method without an address, or an unknown method (422)', async () => {
    const { app } = ctx();
    const shopper = await createUser(app);
    const other = await createUser(app);
    const book = await createBook(app, { price: '10.00', stock: 9 });
    const mine = (
      await app.inject({ method: 'POST', url: '/api/addresses/', headers: shopper.headers, payload: address })
    ).json();
    const theirs = (
      await app.inject({ method: 'POST', url: '/api/addresses/', headers: other.headers, payload: address })
    ).json();

    const byId = await order(shopper, book, 1, { shipping_method: 'standard', shipping_address: mine.id });
    expect(byId.statusCode, byId.body).toBe(201);
    expect(byId.json()).toMatchObject({
      shipping_price: '0.00',
      shipping_address: { name: 'Grace Hopper', country: 'US' },
    });

    const stolen = await order(shopper, book, 1, { shipping_method: 'standard', shipping_address: theirs.id });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().error).toBe('This address is not in your address book. Please choose another one.');
    const noAddress = await order(shopper, book, 1, { shipping_method: 'express' }, 19.99);
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().error).toBe('Please choose where to send your books.');
    const unknown = await order(shopper, book, 1, { shipping_method: 'pigeon', shipping_address: address });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toBe('This delivery method is not offered. Please choose another one.');
    const badAddress = await order(shopper, book, 1, {
      shipping_method: 'standard',
      shipping_address: { ...address, postal_code: 'nope' },
    });
    expect(badAddress.statusCode).toBe(400);
  });

  it('prices Standard from the threshold: old clients (no method) too; eBooks only need no delivery', async () => {
    const { app } = ctx();
    const staff = await createUser(app, { staff: true });
    const shopper = await createUser(app);
    await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: staff.headers,
      payload: { free_standard_from: '25.00' },
    });
    try {
      const book = await createBook(app, { price: '10.00', stock: 9 });
      const old = await order(shopper, book, 1); // 10.00, as an old client adds it up
      expect(old.statusCode).toBe(409);
      expect(old.json().error).toBe('The order total does not match the prices of its books. Please review your cart.');
      const priced = await order(shopper, book, 1, {}, 14.99);
      expect(priced.statusCode, priced.body).toBe(201);
      expect(priced.json()).toMatchObject({
        shipping_price: '4.99',
        shipping_method: { code: 'standard' },
        shipping_address: null,
      });
      const big = await createBook(app, { price: '10.00', stock: 100 });
      const free = await order(
        await createUser(app),
        big,
        3,
        { shipping_method: 'standard', shipping_address: address },
        30,
      );
      expect(free.json()).toMatchObject({ shipping_price: '0.00', total_price: '30.00' });

      const ebook = await createBook(app, { price: '10.00', stock: 9, bookType: 'eBook' });
      const digital = await order(shopper, ebook, 1, { shipping_method: 'express' });
      expect(digital.statusCode, digital.body).toBe(201);
      expect(digital.json()).toMatchObject({
        shipping_price: '0.00',
        shipping_method: null,
        shipping_address: null,
        total_price: '10.00',
      });
    } finally {
      await app.inject({
        method: 'PUT',
        url: '/api/admin/settings/',
        headers: staff.headers,
        payload: { free_standard_from: '0.00' },
      });
    }
  });
});

describe('ship and deliver (staff)', () => {
  it('ships a paid order with a tracking link, once; the shopper sees it; delivers it, once', async () => {
    const { app, shopper, staff, id } = await paidOrder();
    const url = `/api/admin/orders/${id}/ship/`;
    const parcel = { carrier: 'UPS', tracking_number: '1Z999AA10123456784' };
    const shipped = await post(staff, url, parcel);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      fulfilment_status: 'shipped',
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const again = await post(staff, url, parcel);
    expect(again.statusCode).toBe(200);
    expect(eventTypes(again.json())).toEqual(['placed', 'paid', 'shipped']);
    const other = await post(staff, url, { carrier: 'DHL', tracking_number: '123' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('This order has already been shipped with UPS (1Z999AA10123456784).');

    const seen = (await app.inject({ url: `/api/orders/${id}/`, headers: shopper.headers })).json();
    expect(seen).toMatchObject({ fulfilment_status: 'shipped', tracking_url: shipped.json().tracking_url });
    expect(seen.events.at(-1)).toMatchObject({ type: 'shipped', by: 'staff', amount: null });

    const delivered = await post(staff, `/api/admin/orders/${id}/deliver/`);
    expect(delivered.json().fulfilment_status).toBe('delivered');
    const twice = await post(staff, `/api/admin/orders/${id}/deliver/`);
    expect(twice.statusCode).toBe(200);
    expect(eventTypes(twice.json())).toEqual(['placed', 'paid', 'shipped', 'delivered']);
    expect((await post(staff, url, parcel)).statusCode).toBe(409);

    const sent = await app.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.key, String(id)));
    expect(sent.map((e) => e.type)).toEqual(['order.placed', 'order.paid', 'order.shipped', 'order.delivered']);
    expect(sent[2]!.payload).toMatchObject({ carrier: 'UPS', trackingUrl: shipped.json().tracking_url });
  });

  it('refuses to ship an unpaid order or deliver an unshipped one (409), checks the body (400), and is for staff only', async () => {
    const { app } = ctx();
    const shopper = await createUser(app);
    const staff = await createUser(app, { staff: true });
    const book = await createBook(app, { price: '10.00', stock: 5 });
    const id = (await order(shopper, book, 1)).json().id;
    const parcel = { carrier: 'Royal Mail', tracking_number: 'AB123456789GB' };
    const unpaid = await post(staff, `/api/admin/orders/${id}/ship/`, parcel);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toBe('This order has not been paid yet, so it cannot be shipped.');
    const unshipped = await post(staff, `/api/admin/orders/${id}/deliver/`);
    expect(unshipped.statusCode).toBe(409);
    expect(unshipped.json().error).toBe('This order has not been shipped yet, so it cannot be delivered.');
    const empty = await post(staff, `/api/admin/orders/${id}/ship/`, { carrier: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      carrier: ['Enter the carrier'],
      tracking_number: ['Enter the tracking number'],
    });
    for (const action of ['ship', 'deliver', 'refund', 'return']) {
      const url = `/api/admin/orders/${id}/${action}/`;
      expect((await post(null, url, parcel)).statusCode).toBe(401);
      expect((await post(shopper, url, parcel)).statusCode).toBe(403);
      expect((await post(staff, `/api/admin/orders/999999/${action}/`, parcel)).statusCode).toBe(404);
    }
    void app;
  });
});

describe('cancel', () => {
  it('the shopper cancels an unpaid order: the hold is released, nothing to refund; again changes nothing', async () => {
    const { app } = ctx();
    const shopper = await createUser(app);
    const book = await createBook(app, { price: '10.00', stock: 5 });
    const id = (await order(shopper, book, 2)).json().id;
    expect(await stockOf(app, book.id)).toBe(3);
    const url = `/api/orders/${id}/cancel/`;
    const res = await post(shopper, url, { reason: 'Ordered by mistake' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', fulfilment_status: 'cancelled', refunded_amount: '0.00' });
    expect(await stockOf(app, book.id)).toBe(5);
    const again = await post(shopper, url);
    expect(again.statusCode).toBe(200);
    expect(eventTypes(again.json())).toEqual(['placed', 'cancelled']);
    expect(await stockOf(app, book.id)).toBe(5);
    expect((await initialize(app, shopper, id)).statusCode).toBe(409);
  });

  it('the shopper cancels a paid order: copies back on sale and the payment refunded in full, once', async () => {
    const { app, shopper, book, id, reference } = await paidOrder();
    expect(await stockOf(app, book.id)).toBe(3);
    const res = await post(shopper, `/api/orders/${id}/cancel/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fulfilment_status: 'cancelled',
      refunded_amount: '20.00',
      payment_status: 'success',
    });
    expect(eventTypes(res.json())).toEqual(['placed', 'paid', 'cancelled', 'refunded']);
    expect(await stockOf(app, book.id)).toBe(5);
    await post(shopper, `/api/orders/${id}/cancel/`);
    const given = await app.db.select().from(refunds).where(eq(refunds.orderId, id));
    expect(given).toMatchObject([
      { amountCents: 2000, status: 'succeeded', paymentReference: reference, provider: 'sandbox' },
    ]);
    expect(await stockOf(app, book.id)).toBe(5);
  });

  it('the shopper may not cancel once shipped (409); staff may until delivery, and not after', async () => {
    const { app, shopper, staff, book, id } = await paidOrder();
    await post(staff, `/api/admin/orders/${id}/ship/`, { carrier: 'USPS', tracking_number: '9400100000000000000000' });
    const late = await post(shopper, `/api/orders/${id}/cancel/`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(
      'This order has already been shipped, so it can no longer be cancelled. Please contact us.',
    );
    const byStaff = await post(staff, `/api/orders/${id}/cancel/`);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toMatchObject({ fulfilment_status: 'cancelled', refunded_amount: '20.00' });
    expect(byStaff.json().events.find((e: { type: string }) => e.type === 'cancelled').by).toBe('staff');
    expect(await stockOf(app, book.id)).toBe(5);

    const other = await paidOrder();
    await post(other.staff, `/api/admin/orders/${other.id}/ship/`, {
      carrier: 'FedEx',
      tracking_number: '123456789012',
    });
    await post(other.staff, `/api/admin/orders/${other.id}/deliver/`);
    const delivered = await post(other.staff, `/api/orders/${other.id}/cancel/`);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().error).toBe(
      'This order has been delivered, so it cannot be cancelled. Use Return instead.',
    );
  });

  it("is a 404 for someone else's order and a 401 without signing in", async () => {
    const { app, id } = await paidOrder();
    const stranger = await createUser(app);
    expect((await post(stranger, `/api/orders/${id}/cancel/`)).statusCode).toBe(404);
    expect((await post(null, `/api/orders/${id}/cancel/`)).statusCode).toBe(401);
    expect((await post(stranger, '/api/orders/999999/cancel/')).statusCode).toBe(404);
    expect((await orderRow(app, id)).fulfilmentStatus).toBe('unfulfilled');
  });

  it('refunds a payment that arrives after the shopper cancelled, instead of selling the copies again', async () => {
    const { app } = ctx();
    const shopper = await createUser(app);
    const book = await createBook(app, { price: '10.00', stock: 5 });
    const id = (await order(shopper, book, 1)).json().id;
    const { reference } = (await initialize(app, shopper, id)).json();
    await charge(app, shopper, reference);
    await post(shopper, `/api/orders/${id}/cancel/`);
    const late = await verify(app, shopper, id, reference);
    expect(late.statusCode).toBe(409);
    expect(await stockOf(app, book.id)).toBe(5);
    expect(await orderRow(app, id)).toMatchObject({ status: 'cancelled', refundedCents: 1000 });
  });
});

describe('refund (staff)', () => {
  it('partial, then the rest (amount left out), then nothing more; over the rest is a 409', async () => {
    const { app, staff, id } = await paidOrder();
    const url = `/api/admin/orders/${id}/refund/`;
    const part = await post(staff, url, { amount: '5.00', reason: 'Damaged cover' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      refunded_amount: '5.00',
      refunds: [{ amount: '5.00', status: 'succeeded', reason: 'Damaged cover' }],
    });
    const tooMuch = await post(staff, url, { amount: '15.01' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('You can refund at most 15.00 more on this order (paid 20.00, refunded 5.00).');
    const rest = await post(staff, url);
    expect(rest.json()).toMatchObject({ refunded_amount: '20.00' });
    expect(rest.json().refunds.map((r: { amount: string }) => r.amount)).toEqual(['5.00', '15.00']);
    const again = await post(staff, url);
    expect(again.statusCode).toBe(200);
    expect(again.json().refunds).toHaveLength(2);
    const more = await post(staff, url, { amount: '1.00' });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe('This order has already been refunded in full.');
    expect(eventTypes(again.json())).toEqual(['placed', 'paid', 'refunded', 'refunded']);
    expect(
      again
        .json()
        .events.slice(2)
        .map((e: { amount: string }) => e.amount),
    ).toEqual(['5.00', '15.00']);

    // The dashboard counts net sales.
    const sent = await app.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'order.refunded'));
    expect(sent.filter((e) => e.key === String(id)).map((e) => e.payload)).toEqual([
      { orderId: id, amountCents: 500 },
      { orderId: id, amountCents: 1500 },
    ]);
  });

  it('refunds once per Idempotency-Key, refuses an unpaid order (409) and a bad amount (400/422)', async () => {
    const { app, staff, id, shopper, book } = await paidOrder();
    const url = `/api/admin/orders/${id}/refund/`;
    const key = { 'idempotency-key': 'refund-1' };
    await post(staff, url, { amount: '2.00' }, key);
    const retry = await post(staff, url, { amount: '2.00' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ refunded_amount: '2.00' });
    expect(retry.json().refunds).toHaveLength(1);
    expect((await post(staff, url, { amount: 'lots' })).statusCode).toBe(400);
    const zero = await post(staff, url, { amount: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().error).toBe('Enter an amount above 0.00.');

    const unpaid = (await order(shopper, book, 1)).json().id;
    const refused = await post(staff, `/api/admin/orders/${unpaid}/refund/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This order has not been paid, so there is nothing to refund.');
    void app;
  });

  it('refunds chosen copies of chosen lines, each less its share of the promo code (409 for more than were bought, 422 for lines not bought)', async () => {
    const { app } = ctx();
    const shopper = await createUser(app);
    const staff = await createUser(app, { staff: true });
    const a = await createBook(app, { price: '10.00', stock: 5 });
    const b = await createBook(app, { price: '5.00', stock: 5 });
    const code = await post(staff, '/api/admin/promo-codes/', { code: 'FIVEOFF', kind: 'amount', amount_off: 5 });
    expect(code.statusCode, code.body).toBe(201);
    // 25.00 of books, 5.00 off shared by amount: 4.00 on the first line, 1.00 on the second.
    const placed = await post(shopper, '/api/orders/', {
      total_price: 20,
      promo_code: 'FIVEOFF',
      items: [
        { book: a.id, quantity: 2, price: a.price },
        { book: b.id, quantity: 1, price: b.price },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().id as number;
    const [lineA, lineB] = [a, b].map(
      (book) => placed.json().items.find((i: { book: number }) => i.book === book.id).id,
    );
    const { reference } = (await initialize(app, shopper, id)).json();
    await charge(app, shopper, reference);
    await verify(app, shopper, id, reference);

    const url = `/api/admin/orders/${id}/refund/`;
    const one = await post(staff, url, { items: [{ item: lineA, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ refunded_amount: '8.00', refunds: [{ amount: '8.00' }] });
    const notBought = await post(staff, url, { items: [{ item: lineB, quantity: 2 }] });
    expect(notBought.statusCode).toBe(409);
    expect(notBought.json()).toMatchObject({
      error: `Only 1 copy of "${b.title}" was bought.`,
      fields: { items: [`Only 1 copy of "${b.title}" was bought.`] },
    });
    const otherOrder = await post(staff, url, { items: [{ item: 999_999, quantity: 1 }] });
    expect(otherOrder.statusCode).toBe(422);
    expect(otherOrder.json().error).toBe('Line 999999 is not part of this order.');
    const both = await post(staff, url, { amount: '1.00', items: [{ item: lineB, quantity: 1 }] });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toContain('Give an amount or the lines to refund, not both');
    const rest = await post(staff, url, {
      items: [
        { item: lineA, quantity: 1 },
        { item: lineB, quantity: 1 },
      ],
    });
    expect(rest.json()).toMatchObject({ refunded_amount: '20.00' });
    expect(rest.json().refunds.map((r: { amount: string }) => r.amount)).toEqual(['8.00', '12.00']);
    expect((await post(shopper, url, { items: [{ item: lineA, quantity: 1 }] })).statusCode).toBe(403);
  });

  it('the dashboard counts refunds: net sales', async () => {
    const { app, staff, id } = await paidOrder({ price: '7.00', quantity: 1 });
    const before = (await app.inject({ url: '/api/admin/summary/', headers: staff.headers })).json();
    await post(staff, `/api/admin/orders/${id}/refund/`, { amount: '3.00' });
    const after = (await app.inject({ url: '/api/admin/summary/', headers: staff.headers })).json();
    expect(Number(after.sales_total)).toBeCloseTo(Number(before.sales_total) - 3, 2);
  });
});

describe('return (staff)', () => {
  it('takes back a shipped order: copies back on sale, refund as chosen; again changes nothing', async () => {
    const { app, staff, book, id } = await paidOrder();
    const early = await post(staff, `/api/admin/orders/${id}/return/`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('This order has not been shipped yet. Cancel it instead.');
    await post(staff, `/api/admin/orders/${id}/ship/`, { carrier: 'An Post', tracking_number: 'LX123456789IE' });
    const shipped = (await app.inject({ url: `/api/admin/orders/${id}/`, headers: staff.headers })).json();
    expect(shipped.tracking_url).toBeNull(); // a carrier without a known pattern: no link

    const back = await post(staff, `/api/admin/orders/${id}/return/`, { refund: '12.00' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ fulfilment_status: 'returned', refunded_amount: '12.00' });
    expect(await stockOf(app, book.id)).toBe(5);
    const again = await post(staff, `/api/admin/orders/${id}/return/`, { refund: '12.00' });
    expect(again.json()).toMatchObject({ refunded_amount: '12.00' });
    expect(eventTypes(again.json())).toEqual(['placed', 'paid', 'shipped', 'returned', 'refunded']);
    expect(await stockOf(app, book.id)).toBe(5);
    expect(
      (await post(staff, `/api/admin/orders/${id}/ship/`, { carrier: 'UPS', tracking_number: '1' })).statusCode,
    ).toBe(409);
  });
});

describe("the staff's order queue", () => {
  it('filters by fulfilment and payment state, searches by number, e-mail or name, newest first; exports CSV safely', async () => {
    const { app, staff, shopper, id } = await paidOrder();
    await app.db.execute(
      // A customer whose name a spreadsheet would run as a formula.
      `UPDATE users SET first_name = '=HYPERLINK("http://evil")', last_name = 'Smith' WHERE id = ${shopper.id}`,
    );
    await post(staff, `/api/admin/orders/${id}/ship/`, { carrier: 'UPS', tracking_number: '1Z1' });
    const list = (q: string) => app.inject({ url: `/api/admin/orders/?${q}`, headers: staff.headers });
    const shipped = (await list('fulfilment_status=shipped')).json();
    expect(shipped.data.map((o: { id: number }) => o.id)).toContain(id);
    expect(shipped.data.every((o: { fulfilment_status: string }) => o.fulfilment_status === 'shipped')).toBe(true);
    expect((await list(`q=%23${id}`)).json().data.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await list(`q=${shopper.email}`)).json().data.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await list('q=hyperlink')).json().data.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await list('fulfilment_status=unfulfilled')).json().data.map((o: { id: number }) => o.id)).not.toContain(
      id,
    );
    await post(staff, `/api/admin/orders/${id}/refund/`, { amount: '1.00' });
    expect((await list('payment_status=partially_refunded')).json().data.map((o: { id: number }) => o.id)).toContain(
      id,
    );
    expect((await list('payment_status=refunded')).json().data.map((o: { id: number }) => o.id)).not.toContain(id);
    const all = (await list('page_size=100')).json().data as { id: number }[];
    expect(all.map((o) => o.id)).toEqual([...all.map((o) => o.id)].sort((a, b) => b - a));
    expect((await list('fulfilment_status=lost')).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/admin/orders/', headers: shopper.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/orders/' })).statusCode).toBe(401);

    const csv = await app.inject({ url: `/api/admin/orders/export.csv?q=%23${id}`, headers: staff.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row, end] = csv.body.split('\r\n');
    expect(header).toBe(
      '"order","placed_at","email","name","status","payment_status","fulfilment_status","copies","total","shipping","refunded","currency","carrier","tracking_number","country"',
    );
    expect(row).toContain(`"'=HYPERLINK(""http://evil"") Smith"`);
    expect(row).toContain('"shipped","2","20.00","0.00","1.00","USD","UPS","1Z1"');
    expect(end).toBe('');
    expect((await app.inject({ url: '/api/admin/orders/export.csv', headers: shopper.headers })).statusCode).toBe(403);
  });
});
