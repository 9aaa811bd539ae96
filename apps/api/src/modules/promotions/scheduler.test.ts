import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { priceHistory } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { type App, createSecondServer, onPostgres, useTestApp } from '../../test/app.js';
import { createUser, insertBook, type TestUser } from '../../test/factories.js';
import { type Scheduler, scheduledJobRows } from '../jobs/index.js';
import { testScheduler } from '../../test/scheduler.js';
import { SALE_BOUNDARIES_JOB } from './index.js';

/**
 * When sales start and end (docs/decisions/0019-sales-and-price-history.md): the scheduler's
 * `sale-boundaries` job (src/jobs.ts, docs/decisions/0032-one-scheduler.md), on a fake clock
 * (lib/clock.ts): a test moves the clock to the time the job is due and runs what a worker's timer would
 * run then (`runDue`), instead of waiting for the timer.
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
const running: Scheduler[] = [];
afterEach(async () => {
  for (const scheduler of running.splice(0)) await scheduler.stop();
});

/** A worker's scheduler, after its first run (as a worker starts it). */
async function scheduler(on: App = app()): Promise<Scheduler> {
  const started = await testScheduler(on);
  running.push(started);
  await started.runDue();
  return started;
}

/** When the sale job runs next, on whichever worker. */
async function due(): Promise<number> {
  const row = (await scheduledJobRows(app().db)).find((r) => r.name === SALE_BOUNDARIES_JOB);
  return row!.dueAt.getTime();
}

/** The clock reaches the time the job is due, and the worker's timer fires. */
async function wake(s: Scheduler) {
  now = await due();
  expect(await s.runDue()).toContain(SALE_BOUNDARIES_JOB);
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
    expect(await due()).toBe(start);

    await wake(s);
    expect(now).toBe(start);
    expect(await priceOf(b.id)).toBe('10.00');
    expect(await due()).toBe(start + 9 * SECOND);

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
    expect(await due()).toBe(now + 20 * SECOND);
    await wake(s);
    expect([await priceOf(a.id), await priceOf(b.id)]).toEqual(['9.00', '10.00']);
    // Nothing more to start or end: the job's pattern, every 30 s on the half-minute.
    expect((await due()) % (30 * SECOND)).toBe(0);
    expect((await due()) - now).toBeGreaterThan(0);
    expect((await due()) - now).toBeLessThanOrEqual(30 * SECOND);
  });

  it('looks again within 30 s, whatever happens', async () => {
    const s = await scheduler();
    expect((await due()) - now).toBeLessThanOrEqual(30 * SECOND);
    await wake(s);
    expect((await due()) - now).toBeLessThanOrEqual(30 * SECOND);
    expect((await due()) - now).toBeGreaterThan(0);
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
        const ran = await Promise.all([mine.runDue(), theirs.runDue(), mine.runDue(), theirs.runDue()]);
        expect(ran.flat().filter((name) => name === SALE_BOUNDARIES_JOB)).toHaveLength(1);
        expect(await priceOf(b.id)).toBe('35.00');
        expect(await priceOf(b.id, other.app)).toBe('35.00');
        expect((await history(b.id)).map((h) => h.reason)).toEqual(['added', 'sale-start']);
        now += HOUR;
        await Promise.all([mine.runDue(), theirs.runDue()]);
        expect((await history(b.id)).map((h) => h.reason)).toEqual(['added', 'sale-start', 'sale-end']);
      } finally {
        await other.close();
      }
    },
  );
});
