import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { priceHistory } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { type App, createSecondServer, onPostgres, useTestApp } from '../../test/app.js';
import { createUser, insertBook, type TestUser } from '../../test/factories.js';
import { type SaleScheduler, startSaleScheduler } from './index.js';

/**
 * When the sale scheduler of a process wakes (docs/decisions/0019-sales-and-price-history.md), on a
 * fake clock (lib/clock.ts): a test moves the clock to the time the scheduler asked to be woken at and
 * runs what its timer would run then (`tick`), instead of waiting for the timer.
 */
const t = useTestApp();
const app = () => t().app;

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
let now = Date.parse('2027-03-01T09:00:00Z');
const realNow = clock.now;
clock.now = () => new Date(now);
afterAll(() => {
  clock.now = realNow;
});
const at = (offset: number) => new Date(now + offset).toISOString();

let staff: TestUser;
const running: SaleScheduler[] = [];
afterEach(() => {
  for (const scheduler of running.splice(0)) scheduler.stop();
});

/** This process's scheduler, after its first run (as a server starts it). */
async function scheduler(on: App = app()): Promise<SaleScheduler> {
  const started = startSaleScheduler(on);
  running.push(started);
  await started.tick();
  return started;
}

/** The clock reaches the time the scheduler asked to be woken at, and its timer fires. */
async function wake(s: SaleScheduler) {
  now = s.wakesAt().getTime();
  await s.tick();
}

async function book(priceCents: number) {
  const row = await insertBook(app().db, { priceCents, image: 'covers/test.jpg' });
  await app()
    .db.insert(priceHistory)
    .values({ bookId: row.id, priceCents, reason: 'added', changedAt: new Date(now - 90 * 24 * HOUR) });
  return row;
}

async function priceOf(id: number, on: App = app()) {
  const res = await on.inject({ method: 'GET', url: `/api/books/book/${id}/` });
  expect(res.statusCode).toBe(200);
  return res.json().price as string;
}

const history = (bookId: number) =>
  app()
    .db.select({ price: priceHistory.priceCents, reason: priceHistory.reason, at: priceHistory.changedAt })
    .from(priceHistory)
    .where(eq(priceHistory.bookId, bookId))
    .orderBy(asc(priceHistory.id));

async function createSale(body: Record<string, unknown>, on: App = app()) {
  staff ??= await createUser(app(), { staff: true });
  const res = await on.inject({
    method: 'POST',
    url: '/api/admin/sales/',
    headers: staff.headers,
    payload: { name: 'Flash sale', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string };
}

describe('the sale scheduler', () => {
  it('starts a sale created a second before its start at that second, and ends it on time', async () => {
    const s = await scheduler();
    const b = await book(2000);
    const sale = await createSale({
      percent_off: 50,
      target: 'books',
      target_ids: [b.id],
      starts_at: at(SECOND),
      ends_at: at(10 * SECOND),
    });
    expect(sale.status).toBe('scheduled');
    const start = now + SECOND;
    expect(s.wakesAt().getTime()).toBe(start);

    await wake(s);
    expect(now).toBe(start);
    expect(await priceOf(b.id)).toBe('10.00');
    expect(s.wakesAt().getTime()).toBe(start + 9 * SECOND);

    await wake(s);
    expect(await priceOf(b.id)).toBe('20.00');
    expect((await history(b.id)).map((h) => [h.reason, h.price, h.at.getTime() - start])).toEqual([
      ['added', 2000, -90 * 24 * HOUR - SECOND],
      ['sale-start', 1000, 0],
      ['sale-end', 2000, 9 * SECOND],
    ]);
  });

  it('starts at once a sale whose start is now or past, and wakes for its end', async () => {
    const s = await scheduler();
    const a = await book(1000);
    const b = await book(1000);
    const fromNow = await createSale({
      percent_off: 10,
      target: 'books',
      target_ids: [a.id],
      starts_at: at(0),
      ends_at: at(HOUR),
    });
    const fromBefore = await createSale({
      percent_off: 20,
      target: 'books',
      target_ids: [b.id],
      starts_at: at(-HOUR),
      ends_at: at(20 * SECOND),
    });
    expect([fromNow.status, fromBefore.status]).toEqual(['running', 'running']);
    expect([await priceOf(a.id), await priceOf(b.id)]).toEqual(['9.00', '8.00']);
    expect(s.wakesAt().getTime()).toBe(now + 20 * SECOND);
    await wake(s);
    expect([await priceOf(a.id), await priceOf(b.id)]).toEqual(['9.00', '10.00']);
    expect(s.wakesAt().getTime()).toBe(now + 30 * SECOND);
  });

  it('looks again within 30 s for sales another process created', async () => {
    const s = await scheduler();
    expect(s.wakesAt().getTime() - now).toBeLessThanOrEqual(30 * SECOND);
    await wake(s);
    expect(s.wakesAt().getTime() - now).toBeLessThanOrEqual(30 * SECOND);
  });

  it.runIf(onPostgres)(
    'applies a boundary once when the schedulers of two processes wake for it together',
    async () => {
      const other = await createSecondServer(t());
      try {
        const mine = await scheduler();
        const theirs = await scheduler(other.app);
        const b = await book(4000);
        await createSale({
          amount_off: '5.00',
          target: 'books',
          target_ids: [b.id],
          starts_at: at(2 * SECOND),
          ends_at: at(HOUR),
        });
        now += 2 * SECOND;
        await Promise.all([mine.tick(), theirs.tick(), mine.tick(), theirs.tick()]);
        expect(await priceOf(b.id)).toBe('35.00');
        expect(await priceOf(b.id, other.app)).toBe('35.00');
        expect((await history(b.id)).map((h) => h.reason)).toEqual(['added', 'sale-start']);
        now += HOUR;
        await Promise.all([mine.tick(), theirs.tick()]);
        expect((await history(b.id)).map((h) => h.reason)).toEqual(['added', 'sale-start', 'sale-end']);
      } finally {
        await other.close();
      }
    },
  );
});
