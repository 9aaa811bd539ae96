import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { priceHistory, orderItems, orders } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { useTestApp } from '../../test/app.js';
import { createUser, insertBook, insertCategory, orderBody, addressOf, type TestUser } from '../../test/factories.js';
import { multipart } from '../../test/uploads.js';
import { runSaleBoundaries } from './index.js';

/**
 * Sales scheduled by staff, on a fake clock (lib/clock.ts): their boundaries, overlapping sales, the
 * bestsellers, the 30-day lowest price, and what a cart holding an old price is told.
 */
const t = useTestApp();
const app = () => t().app;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
let now = Date.parse('2026-12-01T10:00:00Z');
const realNow = clock.now;
clock.now = () => new Date(now);
afterAll(() => {
  clock.now = realNow;
});
const at = (offset: number) => new Date(now + offset).toISOString();
/** Moves the fake clock and runs the scheduler as a process would at that moment. */
async function travel(ms: number) {
  now += ms;
  return runSaleBoundaries(app().db);
}

let staff: TestUser;
let shopper: TestUser;
beforeEach(async () => {
  staff ??= await createUser(app(), { staff: true });
  shopper ??= await createUser(app());
});

async function book(priceCents: number, values: Parameters<typeof insertBook>[1] = {}) {
  const row = await insertBook(app().db, { priceCents, image: 'covers/test.jpg', ...values });
  await app()
    .db.insert(priceHistory)
    .values({ bookId: row.id, priceCents, reason: 'added', changedAt: new Date(now - 90 * DAY) });
  return row;
}

async function shown(id: number) {
  const res = await app().inject({ method: 'GET', url: `/api/books/book/${id}/` });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return {
    price: body.price,
    original_price: body.original_price,
    regular_price: body.regular_price,
    lowest_price_30d: body.lowest_price_30d,
  };
}

function sale(body: Record<string, unknown>, who: TestUser | null = staff) {
  return app().inject({
    method: 'POST',
    url: '/api/admin/sales/',
    headers: who?.headers ?? {},
    payload: { name: 'Winter sale', starts_at: at(HOUR), ends_at: at(2 * HOUR), ...body },
  });
}

describe('staff schedule sales', () => {
  it('a sale starts and ends at its boundaries, not before, and every answer follows', async () => {
    const b = await book(2000);
    const res = await sale({ percent_off: 25, target: 'books', target_ids: [b.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'scheduled', percent_off: 25, target: 'books' });
    expect(await shown(b.id)).toEqual({
      price: '20.00',
      original_price: '0.00',
      regular_price: '20.00',
      lowest_price_30d: null,
    });

    expect(await travel(HOUR - 1000)).toBe(0);
    expect((await shown(b.id)).price).toBe('20.00');
    expect(await travel(1000)).toBe(1);
    expect(await shown(b.id)).toEqual({
      price: '15.00',
      original_price: '20.00',
      regular_price: '20.00',
      lowest_price_30d: '20.00',
    });
    const list = await app().inject({ method: 'GET', url: '/api/admin/sales/', headers: staff.headers });
    expect(list.json().data[0]).toMatchObject({ id: res.json().id, status: 'running', book_ids: [b.id] });

    expect(await travel(HOUR)).toBe(1);
    expect(await shown(b.id)).toEqual({
      price: '20.00',
      original_price: '0.00',
      regular_price: '20.00',
      lowest_price_30d: null,
    });
    const history = await app()
      .db.select({ price: priceHistory.priceCents, reason: priceHistory.reason })
      .from(priceHistory)
      .where(eq(priceHistory.bookId, b.id))
      .orderBy(asc(priceHistory.id));
    expect(history).toEqual([
      { price: 2000, reason: 'added' },
      { price: 1500, reason: 'sale-start' },
      { price: 2000, reason: 'sale-end' },
    ]);
  });

  it('overlapping sales: the best one for each book wins, and its end leaves the other one running', async () => {
    const category = await insertCategory(app().db);
    const a = await book(2000, { categoryId: category.id });
    const b = await book(500, { categoryId: category.id });
    expect(
      (await sale({ percent_off: 10, target: 'categories', target_ids: [category.id], ends_at: at(3 * HOUR) }))
        .statusCode,
    ).toBe(201);
    expect((await sale({ amount_off: '4.00', target: 'books', target_ids: [a.id, b.id] })).statusCode).toBe(201);
    await travel(HOUR);
    // a: 10% is 18.00, 4.00 off is 16.00; b: 10% is 4.50, 4.00 off is 1.00.
    expect((await shown(a.id)).price).toBe('16.00');
    expect((await shown(b.id)).price).toBe('1.00');
    await travel(HOUR);
    expect(await shown(a.id)).toMatchObject({ price: '18.00', original_price: '20.00', lowest_price_30d: '20.00' });
    expect((await shown(b.id)).price).toBe('4.50');
    await travel(HOUR);
    expect((await shown(a.id)).price).toBe('20.00');
  });

  it('the 30-day lowest price: a price raised just before a sale does not hide the lower one', async () => {
    const b = await book(2000);
    // Staff raise the price to 30.00, then a 20% sale starts ten days later: 24.00 "reduced" from 30.00,
    // but the lowest price of the 30 days before was 20.00, and that is what is shown beside it.
    const { payload, headers } = await multipart({ price: '30.00' });
    const edit = await app().inject({
      method: 'PUT',
      url: `/api/books/update/${b.id}/`,
      payload,
      headers: { ...headers, ...staff.headers },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ price: '30.00', regular_price: '30.00', original_price: '0.00' });
    now += 10 * DAY;
    await sale({ percent_off: 20, target: 'all', starts_at: at(0), ends_at: at(5 * DAY) });
    expect(await shown(b.id)).toEqual({
      price: '24.00',
      original_price: '30.00',
      regular_price: '30.00',
      lowest_price_30d: '20.00',
    });
    await travel(5 * DAY);
    expect(await shown(b.id)).toMatchObject({ price: '30.00', lowest_price_30d: null });
    // 31 days after the raise the 20.00 is out of the window: a new sale compares with 30.00.
    now += 16 * DAY + HOUR;
    await sale({ percent_off: 50, target: 'books', target_ids: [b.id], starts_at: at(0), ends_at: at(DAY) });
    expect(await shown(b.id)).toMatchObject({ price: '15.00', original_price: '30.00', lowest_price_30d: '24.00' });
    await travel(DAY);
  });

  it('a staff edit during a sale changes the regular price, and the sale applies to the new one', async () => {
    const b = await book(1000);
    await sale({ percent_off: 50, target: 'books', target_ids: [b.id], starts_at: at(0), ends_at: at(HOUR) });
    expect((await shown(b.id)).price).toBe('5.00');
    const { payload, headers } = await multipart({ price: '12.00' });
    const edit = await app().inject({
      method: 'PUT',
      url: `/api/books/update/${b.id}/`,
      payload,
      headers: { ...headers, ...staff.headers },
    });
    expect(edit.json()).toMatchObject({ price: '6.00', regular_price: '12.00', lowest_price_30d: '10.00' });
    await travel(HOUR);
    expect((await shown(b.id)).price).toBe('12.00');
  });

  it('bestsellers are the books with most copies in paid orders of the last 30 days, then featured books', async () => {
    const sold = await book(1000);
    const soldMore = await book(1000);
    const unpaid = await book(1000);
    const old = await book(1000);
    const featured = await book(1000, { featured: true });
    const order = async (bookId: number, quantity: number, paid: boolean, paidAt = new Date(now - DAY)) => {
      const [row] = await app()
        .db.insert(orders)
        .values({
          userId: shopper.id,
          status: paid ? 'completed' : 'pending',
          paymentStatus: paid ? 'success' : 'pending',
          totalCents: 0,
          currency: 'USD',
          reservedUntil: new Date(now + HOUR),
          paidAt: paid ? paidAt : null,
        })
        .returning();
      await app().db.insert(orderItems).values({ orderId: row!.id, bookId, title: 'x', quantity, priceCents: 1000 });
    };
    await order(sold.id, 1000, true);
    await order(soldMore.id, 2000, true);
    await order(unpaid.id, 5000, false);
    await order(old.id, 9000, true, new Date(now - 31 * DAY));

    const body = { percent_off: 50, target: 'bestsellers', bestsellers: 3 };
    const preview = await app().inject({
      method: 'POST',
      url: '/api/admin/sales/preview/',
      headers: staff.headers,
      payload: { name: 'Bestsellers', starts_at: at(0), ends_at: at(DAY), ...body },
    });
    expect(preview.statusCode).toBe(200);
    const previewed = preview.json();
    expect(previewed.count).toBe(3);
    expect(previewed.books.map((p: { id: number }) => p.id).sort()).toEqual([soldMore.id, sold.id, featured.id].sort());
    expect(previewed.books[0]).toMatchObject({ regular_price: '10.00', price_now: '10.00', sale_price: '5.00' });
    // The preview saved nothing.
    expect((await shown(sold.id)).price).toBe('10.00');

    const res = await sale({ ...body, starts_at: at(0), ends_at: at(DAY), headline: true });
    expect(res.json().book_ids).toEqual([soldMore.id, sold.id, featured.id]);
    expect((await shown(sold.id)).price).toBe('5.00');
    expect((await shown(unpaid.id)).price).toBe('10.00');
    expect((await shown(old.id)).price).toBe('10.00');
    const headline = await app().inject({ method: 'GET', url: '/api/sales/headline/' });
    expect(headline.json()).toEqual({
      sale: { name: 'Winter sale', percent_off: 50, amount_off: null, target: 'bestsellers', ends_at: at(DAY) },
    });

    // Ending it now: prices come back at once, and the hero has nothing to say.
    const ended = await app().inject({
      method: 'POST',
      url: `/api/admin/sales/${res.json().id}/end/`,
      headers: staff.headers,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().status).toBe('ended');
    expect((await shown(sold.id)).price).toBe('10.00');
    expect((await app().inject({ method: 'GET', url: '/api/sales/headline/' })).json()).toEqual({ sale: null });
    const again = await app().inject({
      method: 'POST',
      url: `/api/admin/sales/${res.json().id}/end/`,
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe('This sale has already ended');
  });

  it('a sale ending while a cart holds the sale price: checkout answers 409 with the new prices', async () => {
    const b = await book(2000);
    await sale({ percent_off: 50, target: 'books', target_ids: [b.id], starts_at: at(0), ends_at: at(HOUR) });
    const inCart = { id: b.id, price: '10.00' };
    await travel(HOUR);
    const buyer = await createUser(app());
    const res = await app().inject({
      method: 'POST',
      url: '/api/orders/',
      headers: buyer.headers,
      remoteAddress: addressOf(buyer),
      payload: orderBody([{ book: inCart, quantity: 1 }]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ prices: [{ book: b.id, price: '20.00' }], total_price: '20.00' });
  });

  it('refuses a bad sale with the field that is wrong, and anyone but staff', async () => {
    const bad = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await sale(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toContain(message);
    };
    await bad({ target: 'all' }, 'percent_off', 'Give either a percentage or an amount off');
    await bad(
      { target: 'all', percent_off: 10, amount_off: '1' },
      'percent_off',
      'Give either a percentage or an amount off',
    );
    await bad(
      { target: 'all', percent_off: 95 },
      'percent_off',
      'The percentage off must be a whole number from 1 to 90',
    );
    await bad({ target: 'books', percent_off: 10 }, 'target_ids', 'Choose at least one');
    await bad(
      { target: 'bestsellers', percent_off: 10 },
      'bestsellers',
      'How many bestsellers: a whole number from 1 to 100',
    );
    await bad({ target: 'all', percent_off: 10, ends_at: at(0) }, 'ends_at', 'The sale must end after it starts');
    const past = await sale({ target: 'all', percent_off: 10, starts_at: at(-2 * HOUR), ends_at: at(-HOUR) });
    expect(past.statusCode).toBe(422);
    expect(past.json().error).toBe('The sale must end in the future');

    expect((await sale({ target: 'all', percent_off: 10 }, null)).statusCode).toBe(401);
    expect((await sale({ target: 'all', percent_off: 10 }, shopper)).statusCode).toBe(403);
    expect((await app().inject({ method: 'GET', url: '/api/admin/sales/', headers: shopper.headers })).statusCode).toBe(
      403,
    );
    const missing = await app().inject({ method: 'POST', url: '/api/admin/sales/99999/end/', headers: staff.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Sale not found');
  });
});
