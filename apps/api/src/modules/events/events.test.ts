import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { storeJobs } from '../../jobs.js';
import { rows } from '../../db/rows.js';
import { outboxDeliveries, outboxEvents } from '../../db/schema.js';
import { type App, createSecondServer, onPostgres, useTestApp } from '../../test/app.js';
import {
  type Delivery,
  type DispatcherOptions,
  EventDispatcher,
  type OutboxEvent,
  recordEvent,
  subscribe,
} from './index.js';

declare module './outbox.js' {
  interface EventTypes {
    'test.ping': { n: number };
  }
}

/** The dispatcher on the file's database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with handlers of each test's own. */
const ctx = useTestApp();
const app = () => ctx().app;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let names = 0;
/** A subscriber to 'test.ping' under a name of its own, removed after the test. */
function probe(handler: (event: OutboxEvent<'test.ping'>, delivery: Delivery) => Promise<void> = async () => {}) {
  const name = `probe-${++names}`;
  const calls: { event: OutboxEvent<'test.ping'>; delivery: Delivery; at: number }[] = [];
  cleanups.push(
    subscribe('test.ping', name, async (event, delivery) => {
      calls.push({ event, delivery, at: Date.now() });
      await handler(event, delivery);
    }),
  );
  return { name, calls };
}

async function dispatcher(options: Partial<DispatcherOptions>, on: App = app()) {
  const d = new EventDispatcher(on, options);
  await d.start();
  cleanups.push(() => d.stop());
  return d;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const ping = (n: number, on: App = app()) =>
  on.db.transaction((tx) => recordEvent(tx, { type: 'test.ping', key: `ping-${n}`, payload: { n } }));

async function deliveryOf(eventId: number) {
  const [row] = await app().db.select().from(outboxDeliveries).where(eq(outboxDeliveries.eventId, eventId));
  return row!;
}

describe('events after commit', () => {
  it('delivers an event once its transaction has committed, woken by the commit (not a poll)', async () => {
    const { calls } = probe();
    await dispatcher({ pollMs: 60_000 });

    let id = 0;
    await app().db.transaction(async (tx) => {
      id = await recordEvent(tx, { type: 'test.ping', key: 'order-7', payload: { n: 7 } });
      // Still inside the transaction: nobody may have seen it yet.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(calls).toHaveLength(0);
    });
    await until(() => calls.length === 1, 5_000);

    expect(calls[0]!.event).toMatchObject({ id, type: 'test.ping', key: 'order-7', payload: { n: 7 } });
    expect(calls[0]!.delivery.attempt).toBe(1);
    expect(calls[0]!.delivery.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await until(async () => (await deliveryOf(id)).status === 'delivered');
  });

  it('records nothing and delivers nothing for a transaction that rolled back', async () => {
    const { calls } = probe();
    const d = await dispatcher({ pollMs: 20 });
    const before = await app().db.select().from(outboxEvents);

    await expect(
      app().db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'test.ping', key: 'rolled-back', payload: { n: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await d.idle();

    expect(calls).toHaveLength(0);
    expect(await app().db.select().from(outboxEvents)).toEqual(before);
  });

  it('retries a failing subscriber with backoff, under one idempotency key, then gives up: dead', async () => {
    const { calls } = probe(async () => {
      throw new Error('mail server said no');
    });
    const backoff = 120;
    await dispatcher({ pollMs: 10, maxAttempts: 3, backoffMs: () => backoff });

    const id = await ping(1);
    await until(async () => (await deliveryOf(id)).status === 'dead');

    expect(calls.map((c) => c.delivery.attempt)).toEqual([1, 2, 3]);
    expect(new Set(calls.map((c) => c.delivery.idempotencyKey)).size).toBe(1);
    // Equal jitter waits at least half the backoff.
    for (let i = 1; i < calls.length; i++)
      expect(calls[i]!.at - calls[i - 1]!.at).toBeGreaterThanOrEqual(backoff / 2 - 5);
    expect(await deliveryOf(id)).toMatchObject({ attempts: 3, lastError: 'mail server said no' });
    await new Promise((resolve) => setTimeout(resolve, 3 * backoff));
    expect(calls).toHaveLength(3);
  });

  it('keeps the idempotency key when a failed delivery succeeds on a later attempt', async () => {
    let failures = 2;
    const { calls } = probe(async () => {
      if (failures-- > 0) throw new Error('try again');
    });
    await dispatcher({ pollMs: 10, backoffMs: () => 20 });

    const id = await ping(2);
    await until(async () => (await deliveryOf(id)).status === 'delivered');

    expect(calls.map((c) => c.delivery.attempt)).toEqual([1, 2, 3]);
    expect(new Set(calls.map((c) => c.delivery.idempotencyKey))).toEqual(
      new Set([(await deliveryOf(id)).idempotencyKey]),
    );
  });

  it('counts an attempt that outlives its lease as failed and aborts it', async () => {
    let aborted: unknown;
    const { calls } = probe(
      (_event, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject((aborted = signal.reason)));
        }),
    );
    await dispatcher({ pollMs: 10, leaseMs: 100, backoffMs: () => 60_000 });

    const id = await ping(3);
    await until(async () => (await deliveryOf(id)).attempts === 1 && (await deliveryOf(id)).lastError !== null);

    expect(calls).toHaveLength(1);
    expect(String(aborted)).toContain('lease');
    expect((await deliveryOf(id)).status).toBe('pending');
  });

  it('takes up a delivery whose claimer died once its lease runs out, with the same key', async () => {
    const { calls } = probe();
    const id = await ping(4);
    // What a claim leaves behind when its process dies before recording the outcome.
    const lease = 400;
    const [claimed] = await rows<{ at: Date | string }>(
      app().db,
      sql`UPDATE outbox_deliveries SET attempts = attempts + 1, next_attempt_at = now() + ${lease}::float8 * interval '1 millisecond'
          WHERE event_id = ${id} RETURNING now() AS at`,
    );
    const claimedAt = new Date(claimed!.at).getTime();
    const key = (await deliveryOf(id)).idempotencyKey;

    await dispatcher({ pollMs: 20 });
    await until(() => calls.length === 1);

    expect(calls[0]!.at - claimedAt).toBeGreaterThanOrEqual(lease - 50);
    expect(calls[0]!.delivery).toMatchObject({ attempt: 2, idempotencyKey: key });
    await until(async () => (await deliveryOf(id)).status === 'delivered');
  });

  it('deletes delivered events after the retention period and keeps the dead and the pending', async () => {
    probe();
    const [delivered, dead, pending] = [await ping(10), await ping(11), await ping(12)];
    const old = sql`now() - interval '8 days'`;
    await app()
      .db.update(outboxEvents)
      .set({ createdAt: old })
      .where(sql`${outboxEvents.id} IN (${delivered}, ${dead}, ${pending})`);
    await app().db.update(outboxDeliveries).set({ status: 'delivered' }).where(eq(outboxDeliveries.eventId, delivered));
    await app().db.update(outboxDeliveries).set({ status: 'dead' }).where(eq(outboxDeliveries.eventId, dead));
    await app()
      .db.update(outboxDeliveries)
      .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(eq(outboxDeliveries.eventId, pending));

    // The scheduler's outbox-cleanup job (src/jobs.ts), as a worker runs it.
    const cleanup = storeJobs(app()).find((job) => job.name === 'outbox-cleanup')!;
    await cleanup.run({ now: new Date(), signal: new AbortController().signal });
    expect(await app().db.select().from(outboxEvents).where(eq(outboxEvents.id, delivered))).toEqual([]);

    const left = await app()
      .db.select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(sql`${outboxEvents.id} IN (${dead}, ${pending})`);
    expect(left.map((e) => e.id).sort()).toEqual([dead, pending].sort());
  });

  it('backs off exponentially from 5 seconds up to an hour', () => {
    const { backoffMs } = new EventDispatcher(app()).options;
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });

  it.runIf(onPostgres)(
    'shares the work of two servers on one PostgreSQL without delivering an event twice',
    async () => {
      const other = await createSecondServer(ctx());
      cleanups.push(() => other.close());
      const seen = new Map<number, App[]>();
      probe(async (event, delivery) => {
        seen.set(event.id, [...(seen.get(event.id) ?? []), delivery.app]);
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      await dispatcher({ pollMs: 50, batchSize: 5 }, app());
      await dispatcher({ pollMs: 50, batchSize: 5 }, other.app);

      const ids: number[] = [];
      for (let batch = 0; batch < 10; batch++) {
        await app().db.transaction(async (tx) => {
          for (let i = 0; i < 10; i++)
            ids.push(await recordEvent(tx, { type: 'test.ping', key: `shared-${batch}-${i}`, payload: { n: i } }));
        });
      }
      await until(() => ids.every((id) => seen.has(id)));
      await new Promise((resolve) => setTimeout(resolve, 300));

      expect([...seen.values()].filter((apps) => apps.length > 1)).toEqual([]);
      const byServer = [app(), other.app].map((server) => [...seen.values()].filter(([by]) => by === server).length);
      expect(byServer[0]! + byServer[1]!).toBe(100);
      expect(byServer[0]).toBeGreaterThan(0);
      expect(byServer[1]).toBeGreaterThan(0);
    },
  );
});
