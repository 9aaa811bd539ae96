import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, refunds } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, orderRow, SHIPPING_ADDRESS, stockOf, type TestUser } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';

/**
 * Refunds per line (docs/decisions/0018-after-the-sale.md, "Refunds per line"): every cent given back
 * is counted on a line or on delivery, a line never gives back more copies or money than it had, and
 * the same Idempotency-Key never stands for two different refunds.
 */
const ctx = useTestApp();

type Book = Awaited<ReturnType<typeof createBook>>;
type Line = { id: number; book: number; refunded_quantity: number; refunded_amount: string };

const post = (user: TestUser, url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx().app.inject({ method: 'POST', url, headers: { ...user.headers, ...headers }, ...(payload ? { payload } : {}) });

/** A paid order of these lines (with a promo code or a delivery method when given). */
async function paid(
  lines: { book: Book; quantity: number }[],
  extra: { promo?: { code: string; body: object }; totalCents?: number; shipping?: object } = {},
) {
  const { app } = ctx();
  const shopper = await createUser(app);
  const staff = await createUser(app, { staff: true });
  if (extra.promo) {
    const made = await post(staff, '/api/admin/promo-codes/', { code: extra.promo.code, ...extra.promo.body });
    expect(made.statusCode, made.body).toBe(201);
  }
  const books = lines.reduce((sum, l) => sum + Math.round(Number(l.book.price) * 100) * l.quantity, 0);
  const placed = await post(shopper, '/api/orders/', {
    total_price: (extra.totalCents ?? books) / 100,
    items: lines.map((l) => ({ book: l.book.id, quantity: l.quantity, price: l.book.price })),
    ...(extra.promo ? { promo_code: extra.promo.code } : {}),
    ...(extra.shipping ?? {}),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().id as number;
  const { reference } = (await initialize(app, shopper, id)).json();
  await charge(app, shopper, reference);
  expect((await verify(app, shopper, id, reference)).json().status).toBe('success');
  const lineOf = (book: Book) => (placed.json().items as Line[]).find((i) => i.book === book.id)!.id;
  return { app, shopper, staff, id, lineOf, url: `/api/admin/orders/${id}/refund/` };
}

const lineRefunds = (items: Line[]) => items.map((i) => [i.refunded_quantity, i.refunded_amount]);

describe('refunds per line', () => {
  it('refuses to refund a line twice (409), so a $10 line gives back $10 once, not $20', async () => {
    const { app } = ctx();
    const ten = await createBook(app, { price: '10.00' });
    const fifty = await createBook(app, { price: '50.00' });
    const { staff, url, lineOf } = await paid([
      { book: ten, quantity: 1 },
      { book: fifty, quantity: 1 },
    ]);
    const first = await post(staff, url, { items: [{ item: lineOf(ten), quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ refunded_amount: '10.00', refund_status: 'partial' });
    expect(lineRefunds(first.json().items)).toEqual([
      [1, '10.00'],
      [0, '0.00'],
    ]);

    const again = await post(staff, url, { items: [{ item: lineOf(ten), quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: `Every copy of "${ten.title}" has already been refunded.`,
      fields: { items: [`Every copy of "${ten.title}" has already been refunded.`] },
    });
    const order = await app.inject({ url: `/api/admin/orders/${first.json().id}/`, headers: staff.headers });
    expect(order.json()).toMatchObject({ refunded_amount: '10.00', refunds: [{ amount: '10.00' }] });
  });

  it('says how many copies are left to refund when a line was refunded in part', async () => {
    const { app } = ctx();
    const book = await createBook(app, { price: '8.00', stock: 30 });
    const { staff, url, lineOf } = await paid([{ book, quantity: 3 }]);
    expect((await post(staff, url, { items: [{ item: lineOf(book), quantity: 2 }] })).statusCode).toBe(200);
    const more = await post(staff, url, { items: [{ item: lineOf(book), quantity: 2 }] });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe(`Only 1 copy of "${book.title}" is left to refund (2 of 3 already refunded).`);
  });

  it('gives back exactly what a discounted line cost when its copies are refunded one at a time', async () => {
    const { app } = ctx();
    const book = await createBook(app, { price: '10.00', stock: 30 });
    const other = await createBook(app, { price: '5.00' });
    // A $1 code on 35.00 of books: 0.86 of it on the three copies (30:5, to the cent), so they cost 29.14,
    // 9.71333… each. Refunded one at a time, each is worth its share of what is left, and the last takes
    // the rest: 9.71 + 9.72 + 9.71 = 29.14, not 3 x 9.71 = 29.13.
    const { staff, url, lineOf, id } = await paid(
      [
        { book, quantity: 3 },
        { book: other, quantity: 1 },
      ],
      { promo: { code: 'ONEOFF', body: { kind: 'amount', amount_off: 1 } }, totalCents: 3400 },
    );
    const [line] = await app.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, lineOf(book)));
    expect(line!.discountCents).toBe(86);
    const amounts: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await post(staff, url, { items: [{ item: lineOf(book), quantity: 1 }] });
      expect(res.statusCode, res.body).toBe(200);
      amounts.push(res.json().refunds.at(-1).amount);
    }
    expect(amounts).toEqual(['9.71', '9.72', '9.71']);
    const order = (await app.inject({ url: `/api/admin/orders/${id}/`, headers: staff.headers })).json();
    expect(lineRefunds(order.items)).toEqual([
      [3, '29.14'],
      [0, '0.00'],
    ]);
    expect(order.summary.lines[0]).toMatchObject({ amount: '29.14', refunded_amount: '29.14', refunded_quantity: 3 });
    expect(order.refunded_amount).toBe('29.14');
  });

  it('spreads an amount over the lines and delivery, so the refunded total is always the sum of its parts', async () => {
    const { app } = ctx();
    const a = await createBook(app, { price: '20.00' });
    const b = await createBook(app, { price: '10.00' });
    const { staff, url, id } = await paid(
      [
        { book: a, quantity: 1 },
        { book: b, quantity: 1 },
      ],
      {
        totalCents: 3999,
        shipping: {
          shipping_method: 'express',
          shipping_address: SHIPPING_ADDRESS,
        },
      },
    );
    const res = await post(staff, url, { amount: '10.00' });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    const lines = order.items.map((i: Line) => Math.round(Number(i.refunded_amount) * 100));
    const shipping = Math.round(Number(order.summary.shipping_refunded) * 100);
    expect(lines.reduce((s: number, c: number) => s + c, 0) + shipping).toBe(1000);
    // In proportion to 20.00, 10.00 and 9.99: 5.00125, 2.500625 and 2.498125, to the cent (the largest remainder takes the odd cent).
    expect([...lines, shipping]).toEqual([500, 250, 250]);
    expect(order.items.map((i: Line) => i.refunded_quantity)).toEqual([0, 0]);

    const rest = await post(staff, url, {});
    expect(rest.json()).toMatchObject({ refunded_amount: '39.99', refund_status: 'full' });
    expect(lineRefunds(rest.json().items)).toEqual([
      [0, '20.00'],
      [0, '10.00'],
    ]);
    expect(rest.json().summary).toMatchObject({ shipping_refunded: '9.99', refunded: '39.99', net: '0.00' });
    expect((await orderRow(app, id)).shippingRefundedCents).toBe(999);
  });

  it('counts every copy as given back when a paid order is cancelled', async () => {
    const { app } = ctx();
    const book = await createBook(app, { price: '6.00' });
    const { staff, id, lineOf } = await paid([{ book, quantity: 2 }]);
    await post(staff, `/api/admin/orders/${id}/refund/`, { items: [{ item: lineOf(book), quantity: 1 }] });
    const cancelled = await post(staff, `/api/orders/${id}/cancel/`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refund_status: 'full', refunded_amount: '12.00' });
    expect(lineRefunds(cancelled.json().items)).toEqual([[2, '12.00']]);
  });

  it('puts refunded copies back on sale with restock, and a later return puts back only the rest', async () => {
    const { app } = ctx();
    const book = await createBook(app, { price: '9.00', stock: 30 });
    const { staff, id, lineOf, url } = await paid([{ book, quantity: 3 }]);
    expect(await stockOf(app, book.id)).toBe(27);
    const back = await post(staff, url, { items: [{ item: lineOf(book), quantity: 1 }], restock: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(await stockOf(app, book.id)).toBe(28);
    expect(back.json().summary.lines[0]).toMatchObject({ to_ship: 2, refunded_quantity: 1 });
    // Without restock the copy stays out of the shop (damaged in the post, say).
    await post(staff, url, { items: [{ item: lineOf(book), quantity: 1 }] });
    expect(await stockOf(app, book.id)).toBe(28);

    await post(staff, `/api/admin/orders/${id}/ship/`, { carrier: 'An Post', tracking_number: 'AB123' });
    const returned = await post(staff, `/api/admin/orders/${id}/return/`, {});
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await stockOf(app, book.id)).toBe(30);
    expect(returned.json()).toMatchObject({ refunded_amount: '27.00', refund_status: 'full' });
  });

  it('refuses restock without lines (400), and refunds for staff only', async () => {
    const { app } = ctx();
    const book = await createBook(app, { price: '9.00' });
    const { staff, shopper, url, lineOf } = await paid([{ book, quantity: 1 }]);
    const bad = await post(staff, url, { amount: '1.00', restock: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.restock).toEqual(['Choose the lines whose copies go back on sale']);
    expect((await post(shopper, url, { items: [{ item: lineOf(book), quantity: 1 }] })).statusCode).toBe(403);
    const guest = await app.inject({ method: 'POST', url, payload: {} });
    expect(guest.statusCode).toBe(401);
  });
});

describe('Idempotency-Key on refunds', () => {
  it('refunds once for the same key and body, and refuses the same key with another body (422)', async () => {
    const { app } = ctx();
    const book = await createBook(app, { price: '30.00' });
    const { staff, url, id } = await paid([{ book, quantity: 1 }]);
    const key = { 'idempotency-key': 'refund-7f3a' };
    const first = await post(staff, url, { amount: '5.00', reason: 'Late' }, key);
    const again = await post(staff, url, { amount: '5.00', reason: 'Late' }, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().refunded_amount).toBe('5.00');

    const other = await post(staff, url, { amount: '25.00', reason: 'Late' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe(
      'This Idempotency-Key was already used for a different refund of this order. Use a new key for a new refund.',
    );
    expect(await app.db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(1);
    expect((await orderRow(app, id)).refundedCents).toBe(500);
  });
});
