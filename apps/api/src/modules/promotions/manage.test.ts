import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { priceHistory } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { useTestApp } from '../../test/app.js';
import { addressOf, createUser, insertBook, type TestUser } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';
import { runSaleBoundaries } from './index.js';

/**
 * Staff manage codes and sales after creating them: edit, pause and resume, end, delete. The history of
 * uses and prices stays true, and a change shows in the cart and in prices at once.
 */
const t = useTestApp();
const app = () => t().app;

const HOUR = 60 * 60 * 1000;
let now = Date.parse('2026-12-01T10:00:00Z');
const realNow = clock.now;
clock.now = () => new Date(now);
afterAll(() => {
  clock.now = realNow;
});
const at = (offset: number) => new Date(now + offset).toISOString();

let staff: TestUser;
let shopper: TestUser;
let other: TestUser;
let book: { id: number; price: string };
beforeAll(async () => {
  staff = await createUser(app(), { staff: true });
  shopper = await createUser(app());
  other = await createUser(app());
  book = { id: (await insertBook(app().db, { priceCents: 2000, stockAmount: 50 })).id, price: '20.00' };
});

const call = (method: 'PATCH' | 'DELETE' | 'POST', url: string, body?: unknown, who: TestUser | null = staff) =>
  app().inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

async function newCode(body: Record<string, unknown>) {
  const res = await call('POST', '/api/admin/promo-codes/', body);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; code: string; active: boolean };
}

function quote(code: string, who: TestUser | null = shopper) {
  return app().inject({
    method: 'POST',
    url: '/api/cart/quote/',
    headers: who?.headers ?? {},
    payload: { items: [{ book: book.id, quantity: 1 }], code },
  });
}

function order(who: TestUser, code: string, total: string) {
  return app().inject({
    method: 'POST',
    url: '/api/orders/',
    headers: who.headers,
    remoteAddress: addressOf(who),
    payload: { total_price: total, promo_code: code, items: [{ book: book.id, quantity: 1, price: book.price }] },
  });
}

async function pay(who: TestUser, orderId: number) {
  const started = await initialize(app(), who, orderId);
  const reference = started.json().reference as string;
  await charge(app(), who, reference);
  return verify(app(), who, orderId, reference);
}

describe('staff manage promo codes', () => {
  it('a paused code is refused at the cart and checkout in the shop’s words, and works again once resumed', async () => {
    const code = await newCode({ code: 'PAUSEME', kind: 'percent', percent_off: 10 });
    expect(code.active).toBe(true);
    expect((await quote('pauseme')).json().discount).toBe('2.00');

    const paused = await call('PATCH', `/api/admin/promo-codes/${code.id}/`, { active: false });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ code: 'PAUSEME', active: false });
    const refused = await quote('pauseme');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields.promo_code).toEqual(['This code is paused.']);
    const placed = await order(shopper, 'PAUSEME', '18.00');
    expect(placed.statusCode).toBe(422);
    expect(placed.json().fields.promo_code).toEqual(['This code is paused.']);

    const resumed = await call('PATCH', `/api/admin/promo-codes/${code.id}/`, { active: true });
    expect(resumed.json().active).toBe(true);
    expect((await quote('pauseme')).json().discount).toBe('2.00');
  });

  it('an unpaid order placed before the pause keeps its price and can still be paid', async () => {
    const code = await newCode({ code: 'HELDCODE', kind: 'percent', percent_off: 50 });
    const placed = await order(other, 'HELDCODE', '10.00');
    expect(placed.statusCode).toBe(201);
    await call('PATCH', `/api/admin/promo-codes/${code.id}/`, { active: false });
    expect((await pay(other, placed.json().id)).statusCode).toBe(200);
    const list = await call('PATCH', `/api/admin/promo-codes/${code.id}/`, { max_uses: 5 });
    expect(list.json()).toMatchObject({ uses: 1, held: 0, left: 4, active: false, revenue: '10.00' });
  });

  it('edits what is safe; once used, the text and the discount stay as the orders had them', async () => {
    const fresh = await newCode({ code: 'EDITME', kind: 'percent', percent_off: 10 });
    const edited = await call('PATCH', `/api/admin/promo-codes/${fresh.id}/`, {
      code: 'edited',
      kind: 'amount',
      amount_off: '5',
      max_uses: 3,
      ends_at: at(HOUR),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      code: 'EDITED',
      kind: 'amount',
      amount_off: '5.00',
      percent_off: null,
      max_uses: 3,
      ends_at: at(HOUR),
    });

    const placed = await order(shopper, 'EDITED', '15.00');
    expect(placed.statusCode).toBe(201);
    const text = await call('PATCH', `/api/admin/promo-codes/${fresh.id}/`, { code: 'RENAMED' });
    expect(text.statusCode).toBe(409);
    expect(text.json().fields.code).toEqual([
      'This code has been used, so its text cannot change: orders keep it. End it and create a new code instead.',
    ]);
    const gives = await call('PATCH', `/api/admin/promo-codes/${fresh.id}/`, { amount_off: '6' });
    expect(gives.statusCode).toBe(409);
    expect(gives.json().error).toMatch(/what it gives cannot change/);
    const limits = await call('PATCH', `/api/admin/promo-codes/${fresh.id}/`, {
      max_uses: 10,
      max_uses_per_customer: 1,
      min_subtotal: '1',
    });
    expect(limits.statusCode).toBe(200);
    expect(limits.json()).toMatchObject({ max_uses: 10, max_uses_per_customer: 1, min_subtotal: '1.00', held: 1 });
  });

  it('refuses a bad change by field, an unknown code, and anyone but staff', async () => {
    const code = await newCode({ code: 'GUARDED', kind: 'percent', percent_off: 10 });
    const url = `/api/admin/promo-codes/${code.id}/`;
    const bad = await call('PATCH', url, { percent_off: 150, active: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      percent_off: ['The percentage off must be a whole number from 1 to 100'],
      active: ['active must be true or false'],
    });
    const dates = await call('PATCH', url, { starts_at: at(2 * HOUR), ends_at: at(HOUR) });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().fields.ends_at).toEqual(['The end must come after the start']);
    expect((await call('PATCH', url, {})).statusCode).toBe(400);
    const taken = await call('PATCH', url, { code: 'PAUSEME' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.code).toEqual(['There is already a code with this name']);
    expect((await call('PATCH', '/api/admin/promo-codes/999999/', { active: false })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/promo-codes/999999/')).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/promo-codes/abc/', { active: false })).statusCode).toBe(400);

    for (const [who, status] of [
      [null, 401],
      [shopper, 403],
    ] as const) {
      expect((await call('PATCH', url, { active: false }, who)).statusCode).toBe(status);
      expect((await call('DELETE', url, undefined, who)).statusCode).toBe(status);
      expect((await call('POST', `${url}end/`, undefined, who)).statusCode).toBe(status);
    }
    expect((await quote('GUARDED')).statusCode).toBe(200);
  });

  it('ending a code makes the cart say it has expired; a used code cannot be deleted, an unused one can', async () => {
    const used = await newCode({ code: 'ENDME', kind: 'percent', percent_off: 10 });
    const placed = await order(other, 'ENDME', '18.00');
    expect(placed.statusCode).toBe(201);
    const ended = await call('POST', `/api/admin/promo-codes/${used.id}/end/`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().ends_at).toBe(new Date(now).toISOString());
    expect((await quote('ENDME')).json().fields.promo_code).toEqual(['This code has expired.']);
    expect((await call('POST', `/api/admin/promo-codes/${used.id}/end/`)).statusCode).toBe(422);

    const kept = await call('DELETE', `/api/admin/promo-codes/${used.id}/`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toBe(
      'This code has been used, so it stays with the orders that used it and cannot be deleted. End it instead.',
    );
    const mine = await app().inject({ method: 'GET', url: `/api/orders/${placed.json().id}/`, headers: other.headers });
    expect(mine.json()).toMatchObject({ promo_code: 'ENDME', discount: '2.00' });

    const unused = await newCode({ code: 'NEVERUSED', kind: 'free_delivery' });
    expect((await call('DELETE', `/api/admin/promo-codes/${unused.id}/`)).statusCode).toBe(204);
    const list = await app().inject({ method: 'GET', url: '/api/admin/promo-codes/', headers: staff.headers });
    expect(list.json().data.map((c: { code: string }) => c.code)).not.toContain('NEVERUSED');
    expect((await quote('NEVERUSED')).json().fields.promo_code).toEqual([
      'This code does not exist. Check the spelling and try again.',
    ]);
  });
});

describe('staff manage sales', () => {
  async function shownPrice(id: number) {
    const res = await app().inject({ method: 'GET', url: `/api/books/book/${id}/` });
    return res.json().price as string;
  }
  async function newBook() {
    const row = await insertBook(app().db, { priceCents: 2000, image: 'covers/test.jpg' });
    return row.id;
  }
  async function newSale(body: Record<string, unknown>) {
    const res = await call('POST', '/api/admin/sales/', {
      name: 'Winter sale',
      starts_at: at(-1000),
      ends_at: at(2 * HOUR),
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; status: string; active: boolean };
  }

  it('editing a running sale’s percentage, pausing and resuming it reprice its books at once', async () => {
    const id = await newBook();
    const sale = await newSale({ percent_off: 25, target: 'books', target_ids: [id], headline: true });
    expect(sale).toMatchObject({ status: 'running', active: true });
    expect(await shownPrice(id)).toBe('15.00');

    const deeper = await call('PATCH', `/api/admin/sales/${sale.id}/`, { percent_off: 50, name: 'Deeper' });
    expect(deeper.statusCode).toBe(200);
    expect(deeper.json()).toMatchObject({ name: 'Deeper', percent_off: 50, status: 'running' });
    expect(await shownPrice(id)).toBe('10.00');

    const paused = await call('PATCH', `/api/admin/sales/${sale.id}/`, { active: false });
    expect(paused.json()).toMatchObject({ active: false, status: 'running' });
    expect(await shownPrice(id)).toBe('20.00');
    // A paused headline sale is not the hero's.
    const headline = () => app().inject({ method: 'GET', url: '/api/sales/headline/' });
    expect((await headline()).json()).toEqual({ sale: null });
    // The scheduler passing by leaves a paused sale paused.
    now += 1000;
    await runSaleBoundaries(app().db);
    expect(await shownPrice(id)).toBe('20.00');

    await call('PATCH', `/api/admin/sales/${sale.id}/`, { active: true });
    expect(await shownPrice(id)).toBe('10.00');
    expect((await headline()).json().sale).toMatchObject({ name: 'Deeper', percent_off: 50 });

    const ended = await call('POST', `/api/admin/sales/${sale.id}/end/`);
    expect(ended.json().status).toBe('ended');
    expect(await shownPrice(id)).toBe('20.00');
    const history = await app()
      .db.select({ price: priceHistory.priceCents, reason: priceHistory.reason })
      .from(priceHistory)
      .where(eq(priceHistory.bookId, id))
      .orderBy(asc(priceHistory.id));
    expect(history.map((h) => `${h.price} ${h.reason}`)).toEqual([
      '1500 sale-start',
      '1000 sale-change',
      '2000 sale-end',
      '1000 sale-start',
      '2000 sale-end',
    ]);
  });

  it('a started sale keeps its start and books; an ended one cannot change; only a sale that never ran is deleted', async () => {
    const id = await newBook();
    const running = await newSale({ percent_off: 10, target: 'books', target_ids: [id] });
    const moved = await call('PATCH', `/api/admin/sales/${running.id}/`, { starts_at: at(HOUR) });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toMatch(/has started, so its start and the books it reaches cannot change/);
    const past = await call('PATCH', `/api/admin/sales/${running.id}/`, { ends_at: at(-HOUR / 2) });
    expect(past.statusCode).toBe(422);
    expect(past.json().fields.ends_at).toEqual(['The sale must end in the future']);
    const deleted = await call('DELETE', `/api/admin/sales/${running.id}/`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toMatch(/stays in the price history/);
    await call('POST', `/api/admin/sales/${running.id}/end/`);
    expect((await call('PATCH', `/api/admin/sales/${running.id}/`, { name: 'Again' })).statusCode).toBe(409);

    const later = await newSale({ percent_off: 10, target: 'books', target_ids: [id], starts_at: at(HOUR) });
    expect(later.status).toBe('scheduled');
    const retargeted = await call('PATCH', `/api/admin/sales/${later.id}/`, { target: 'all', starts_at: at(-1) });
    expect(retargeted.statusCode).toBe(200);
    expect(retargeted.json()).toMatchObject({ target: 'all', status: 'running' });
    await call('POST', `/api/admin/sales/${later.id}/end/`);

    const never = await newSale({ percent_off: 10, target: 'all', starts_at: at(HOUR) });
    expect((await call('DELETE', `/api/admin/sales/${never.id}/`)).statusCode).toBe(204);
    const list = await app().inject({ method: 'GET', url: '/api/admin/sales/', headers: staff.headers });
    expect(list.json().data.map((s: { id: number }) => s.id)).not.toContain(never.id);
    expect(await shownPrice(id)).toBe('20.00');
  });

  it('refuses a bad change by field, an unknown sale, and anyone but staff', async () => {
    const sale = await newSale({ percent_off: 10, target: 'all', starts_at: at(HOUR) });
    const url = `/api/admin/sales/${sale.id}/`;
    const bad = await call('PATCH', url, { percent_off: 95, name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      percent_off: ['The percentage off must be a whole number from 1 to 90'],
      name: ['Give the sale a name'],
    });
    const books = await call('PATCH', url, { target: 'books' });
    expect(books.statusCode).toBe(400);
    expect(books.json().fields.target_ids).toEqual(['Choose at least one']);
    expect((await call('PATCH', '/api/admin/sales/999999/', { name: 'X' })).statusCode).toBe(404);
    for (const [who, status] of [
      [null, 401],
      [shopper, 403],
    ] as const) {
      expect((await call('PATCH', url, { active: false }, who)).statusCode).toBe(status);
      expect((await call('DELETE', url, undefined, who)).statusCode).toBe(status);
    }
    expect((await call('DELETE', url)).statusCode).toBe(204);
  });
});
