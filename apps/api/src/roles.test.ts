import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rows } from './db/rows.js';
import { eventDispatcherRunning, recordEvent } from './modules/events/index.js';
import { schedulerOf } from './modules/jobs/index.js';
import { buildProbeServer, prepareStore } from './startup.js';
import { createTestApp, type ConfigOverrides, type TestApp } from './test/app.js';

/**
 * What a process does by its ROLE (docs/decisions/0029-roles-and-production-settings.md): `web`
 * answers requests and writes nothing at start, `worker` runs the background work behind its health
 * checks, `all` does both. The processes themselves are started in roles-process.test.ts.
 */
describe('roles', () => {
  const admin = { email: 'owner@shop.test', password: 'quiet lantern 1917' };
  let current: TestApp | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  async function start(overrides: ConfigOverrides) {
    current = await createTestApp(overrides);
    await prepareStore(current.app);
    return current;
  }

  /** The statuses of the deliveries of one event, by subscriber. */
  async function deliveries(test: TestApp, eventId: number) {
    return rows<{ subscriber: string; status: string }>(
      test.database.db,
      sql`SELECT subscriber, status FROM outbox_deliveries WHERE event_id = ${eventId} ORDER BY subscriber`,
    );
  }
  const digestDue = (test: TestApp) =>
    test.database.db.transaction((tx) =>
      recordEvent(tx, { type: 'stock.digest-due', key: 'roles-test', payload: { day: '2026-01-01' } }),
    );

  it('web: no dispatcher, no jobs, no demo catalogue and no admin at start; a recorded event waits for a worker', async () => {
    const web = await start({ role: 'web', seedDemo: true, admin });
    expect(eventDispatcherRunning(web.app)).toBe(false);
    expect(schedulerOf(web.database.db)).toBeUndefined();
    const [counts] = await rows<{ books: number; staff: number; runs: number; jobs: number }>(
      web.database.db,
      sql`SELECT (SELECT count(*) FROM books)::int AS books,
                 (SELECT count(*) FROM users WHERE is_staff)::int AS staff,
                 (SELECT count(*) FROM daily_runs)::int AS runs,
                 (SELECT count(*) FROM scheduled_jobs)::int AS jobs`,
    );
    expect(counts).toEqual({ books: 0, staff: 0, runs: 0, jobs: 0 });
    const eventId = await digestDue(web);
    expect(await deliveries(web, eventId)).toEqual([{ subscriber: 'mail.low-stock', status: 'pending' }]);
    // Its requests are the store's.
    expect((await web.app.inject('/api/books/')).statusCode).toBe(200);
  });

  it('worker: makes the first admin, runs the scheduled jobs, delivers events, and stops both as the app closes', async () => {
    const worker = await start({ role: 'worker', admin });
    expect(eventDispatcherRunning(worker.app)).toBe(true);
    expect(schedulerOf(worker.database.db)).toBeDefined();
    // Every job of src/jobs.ts is in the book; the daily digest, never run before, runs at once.
    const jobs = await rows<{ name: string }>(worker.database.db, sql`SELECT name FROM scheduled_jobs ORDER BY name`);
    expect(jobs.map((j) => j.name)).toEqual([
      'low-stock-digest',
      'outbox-cleanup',
      'payment-reconciliation',
      'refund-retries',
      'release-expired-reservations',
      'sale-boundaries',
    ]);
    await expect
      .poll(
        async () =>
          (await rows<{ n: number }>(worker.database.db, sql`SELECT count(*)::int AS n FROM daily_runs`))[0]?.n,
      )
      .toBe(1);
    const [staff] = await rows<{ email: string }>(worker.database.db, sql`SELECT email FROM users WHERE is_staff`);
    expect(staff?.email).toBe(admin.email);

    const eventId = await digestDue(worker);
    const deadline = Date.now() + 20_000;
    while ((await deliveries(worker, eventId))[0]?.status !== 'delivered') {
      if (Date.now() > deadline) throw new Error(`not delivered: ${JSON.stringify(await deliveries(worker, eventId))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await worker.app.close();
    expect(eventDispatcherRunning(worker.app)).toBe(false);
    expect(schedulerOf(worker.database.db)).toBeUndefined();
  });

  it("worker: its HTTP server answers the store's health checks and 404 for every other address", async () => {
    const worker = await start({ role: 'worker' });
    const probe = await buildProbeServer(worker.app);
    try {
      expect((await probe.inject('/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await probe.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok' });
      for (const url of ['/api/books/', '/', '/books/anything', '/api/docs/json']) {
        expect((await probe.inject(url)).statusCode, url).toBe(404);
      }
    } finally {
      await probe.close();
    }
  });

  it('all: both, as a single process has always done', async () => {
    const all = await start({ role: 'all', admin });
    expect(eventDispatcherRunning(all.app)).toBe(true);
    expect((await all.app.inject('/api/books/')).statusCode).toBe(200);
    expect((await all.app.inject('/healthz')).statusCode).toBe(200);
    // What MIGRATE_ON_START=false checks before it serves: this database has had every migration.
    expect(await all.database.pendingMigrations()).toBe(0);
  });
});
