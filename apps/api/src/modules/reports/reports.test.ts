import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moneyToCents } from '@bookstore/contract';
import { orders } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import {
  addressOf,
  createUser,
  insertAuthor,
  insertBook,
  insertCategory,
  type TestUser,
} from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';

/**
 * The staff's reports (GET /api/admin/reports/): paid orders over a range of days, by period, and broken
 * down by category, author, format and promo code, every figure from the orders' summaries.
 */
const ctx = useTestApp();
const app = () => ctx().app;

async function post(who: TestUser, url: string, payload: object) {
  return app().inject({ method: 'POST', url, headers: who.headers, remoteAddress: addressOf(who), payload });
}

/** A paid order of these lines, as if paid at `paidAt`; its id. */
async function paidAt(
  lines: { book: { id: number; price: string }; quantity: number }[],
  at: string,
  promo?: string,
): Promise<number> {
  const shopper = await createUser(app());
  const total = lines.reduce((sum, l) => sum + moneyToCents(l.book.price)! * l.quantity, 0);
  const placed = await post(shopper, '/api/orders/', {
    total_price: ((total - (promo ? 100 : 0)) / 100).toFixed(2),
    items: lines.map((l) => ({ book: l.book.id, quantity: l.quantity, price: l.book.price })),
    ...(promo ? { promo_code: promo } : {}),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().id as number;
  const { reference } = (await initialize(app(), shopper, id)).json();
  await charge(app(), shopper, reference);
  expect((await verify(app(), shopper, id, reference)).json().status).toBe('success');
  await app()
    .db.update(orders)
    .set({ paidAt: new Date(at) })
    .where(eq(orders.id, id));
  return id;
}

async function report(staff: TestUser, query: string) {
  return app().inject({ url: `/api/admin/reports/?${query}`, headers: staff.headers });
}

describe('reports', () => {
  it("sums paid orders by week and every way, from the same summaries as the orders' pages", async () => {
    const staff = await createUser(app(), { staff: true });
    const fiction = await insertCategory(app().db, { name: 'Fiction' });
    const history = await insertCategory(app().db, { name: 'History' });
    const austen = await insertAuthor(app().db, { name: 'Jane Austen' });
    const novel = await insertBook(app().db, {
      priceCents: 1000,
      stockAmount: 50,
      categoryId: fiction.id,
      authorId: austen.id,
      bookType: 'Paperback',
      image: 'covers/test.jpg',
    });
    const atlas = await insertBook(app().db, {
      priceCents: 2500,
      stockAmount: 50,
      categoryId: history.id,
      bookType: 'Hardcover',
      image: 'covers/test.jpg',
    });
    const n = { id: novel.id, price: '10.00' };
    const a = { id: atlas.id, price: '25.00' };
    expect(
      (await post(staff, '/api/admin/promo-codes/', { code: 'REPORT1', kind: 'amount', amount_off: 1 })).statusCode,
    ).toBe(201);

    // Week of Monday 2 November: two orders; week of 9 November: one; nothing after.
    const first = await paidAt([{ book: n, quantity: 2 }], '2026-11-02T09:00:00Z');
    const second = await paidAt(
      [
        { book: n, quantity: 1 },
        { book: a, quantity: 1 },
      ],
      '2026-11-04T18:30:00Z',
      'REPORT1',
    );
    const third = await paidAt([{ book: a, quantity: 2 }], '2026-11-10T12:00:00Z');
    // Outside the range: not counted.
    await paidAt([{ book: a, quantity: 1 }], '2026-12-01T00:00:00Z');
    const refund = await post(staff, `/api/admin/orders/${third}/refund/`, { amount: '25.00' });
    expect(refund.statusCode, refund.body).toBe(200);

    const res = await report(staff, 'from=2026-11-01&to=2026-11-30&by=week');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 20.00 + 34.00 (35.00 less the $1 code) + 50.00 = 104.00; 25.00 refunded.
    expect(body.totals).toEqual({ orders: 3, units: 6, sales: '104.00', refunds: '25.00', net: '79.00' });
    expect(body.truncated).toBe(false);
    expect(body.series.map((r: { key: string; orders: number; net: string }) => [r.key, r.orders, r.net])).toEqual([
      ['2026-10-26', 0, '0.00'],
      ['2026-11-02', 2, '54.00'],
      ['2026-11-09', 1, '25.00'],
      ['2026-11-16', 0, '0.00'],
      ['2026-11-23', 0, '0.00'],
      ['2026-11-30', 0, '0.00'],
    ]);

    // The same figures as each order's own summary.
    let summed = 0;
    for (const id of [first, second, third]) {
      const order = await app().inject({ url: `/api/admin/orders/${id}/`, headers: staff.headers });
      summed += moneyToCents(order.json().summary.total)!;
    }
    expect(moneyToCents(body.totals.sales)).toBe(summed);

    const pick = (rows: { label: string; units: number; sales: string; refunds: string }[]) =>
      rows.map((r) => [r.label, r.units, r.sales, r.refunds]);
    // The code's dollar is shared between the second order's lines by their prices: 0.29 and 0.71.
    expect(pick(body.breakdowns.category)).toEqual([
      ['History', 3, '74.29', '25.00'],
      ['Fiction', 3, '29.71', '0.00'],
    ]);
    expect(pick(body.breakdowns.author)).toEqual([
      ['No author', 3, '74.29', '25.00'],
      ['Jane Austen', 3, '29.71', '0.00'],
    ]);
    expect(pick(body.breakdowns.format)).toEqual([
      ['Hardcover', 3, '74.29', '25.00'],
      ['Paperback', 3, '29.71', '0.00'],
    ]);
    expect(pick(body.breakdowns.promo_code)).toEqual([
      ['No code', 4, '70.00', '25.00'],
      ['REPORT1', 2, '34.00', '0.00'],
    ]);
  });

  it('by day and by month, with every period of the range, empty or not', async () => {
    const staff = await createUser(app(), { staff: true });
    const days = await report(staff, 'from=2025-02-27&to=2025-03-02');
    expect(days.json().by).toBe('day');
    expect(days.json().series.map((r: { key: string }) => r.key)).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
    expect(days.json().totals).toEqual({ orders: 0, units: 0, sales: '0.00', refunds: '0.00', net: '0.00' });
    const months = await report(staff, 'from=2025-01-15&to=2025-04-02&by=month');
    expect(months.json().series.map((r: { key: string }) => r.key)).toEqual([
      '2025-01-01',
      '2025-02-01',
      '2025-03-01',
      '2025-04-01',
    ]);
  });

  it('refuses dates that are not days, a range back to front or too long, and an unknown period', async () => {
    const staff = await createUser(app(), { staff: true });
    const cases: [string, string, string][] = [
      ['from=2026-11-31&to=2026-12-01', 'from', 'from must be a date such as 2026-11-28'],
      ['from=yesterday&to=2026-12-01', 'from', 'from must be a date such as 2026-11-28'],
      ['from=2026-11-01', 'to', 'to must be a date such as 2026-11-28'],
      ['from=2026-12-01&to=2026-11-01', 'to', 'The start date must be on or before the end date'],
      ['from=2020-01-01&to=2026-01-01', 'to', 'A report covers at most 731 days'],
      ['from=2026-11-01&to=2026-11-02&by=year', 'by', 'by must be one of: day, week, month'],
    ];
    for (const [query, field, message] of cases) {
      const res = await report(staff, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields?.[field], query).toEqual([message]);
    }
  });

  it('is for staff only', async () => {
    const shopper = await createUser(app());
    expect((await report(shopper, 'from=2026-11-01&to=2026-11-02')).statusCode).toBe(403);
    expect((await app().inject('/api/admin/reports/?from=2026-11-01&to=2026-11-02')).statusCode).toBe(401);
  });
});
