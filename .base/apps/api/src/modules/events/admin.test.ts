import { NOTHING_TO_RETRY_MESSAGE } from '@bookstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDeliveries } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { EventDispatcher, recordEvent, subscribe } from './index.js';

declare module './outbox.js' {
  interface EventTypes {
    'test.admin': { n: number };
  }
}

describe('staff see and retry events: /api/admin/events/', () => {
  const ctx = useTestApp();
  const app = () => ctx().app;
  let staff: TestAccount;
  let shopper: TestAccount;
  let failing = true;
  const unsubscribe = subscribe('test.admin', 'flaky-mailer', async () => {
    if (failing) throw new Error('SMTP said 451');
  });
  afterAll(unsubscribe);

  beforeAll(async () => {
    staff = await createAccount(app(), { staff: true });
    shopper = await createAccount(app());
  });

  const record = (n: number) =>
    app().db.transaction((tx) => recordEvent(tx, { type: 'test.admin', key: `order-${n}`, payload: { n } }));
  const kill = (eventId: number) =>
    app()
      .db.update(outboxDeliveries)
      .set({ status: 'dead', attempts: 10, lastError: 'SMTP said 451' })
      .where(eq(outboxDeliveries.eventId, eventId));

  it('lists the dead ones, paged, newest first, with what went wrong', async () => {
    const [first, second, third] = [await record(1), await record(2), await record(3)];
    await kill(first);
    await kill(third);

    const res = await app().inject({ url: '/api/admin/events/?status=dead&page_size=1', headers: staff.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ page: 1, pageSize: 1, count: 2, pages: 2, next: 2 });
    expect(body.data).toEqual([
      {
        id: third,
        type: 'test.admin',
        key: 'order-3',
        payload: { n: 3 },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        status: 'dead',
        deliveries: [
          {
            subscriber: 'flaky-mailer',
            status: 'dead',
            attempts: 10,
            next_attempt_at: null,
            delivered_at: null,
            last_error: 'SMTP said 451',
          },
        ],
      },
    ]);
    const next = (
      await app().inject({ url: '/api/admin/events/?status=dead&page_size=1&page=2', headers: staff.auth })
    ).json();
    expect(next.data.map((e: { id: number }) => e.id)).toEqual([first]);

    const pending = (await app().inject({ url: '/api/admin/events/?status=pending', headers: staff.auth })).json();
    expect(pending.data.map((e: { id: number }) => e.id)).toContain(second);
    expect(pending.data.map((e: { id: number }) => e.id)).not.toContain(first);
  });

  it('retries a dead event with a fresh round of attempts, and the dispatcher delivers it', async () => {
    const id = await record(4);
    await kill(id);
    failing = false;
    const dispatcher = new EventDispatcher(app(), { pollMs: 20 });
    await dispatcher.start();
    try {
      const res = await app().inject({ method: 'POST', url: `/api/admin/events/${id}/retry/`, headers: staff.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        status: 'pending',
        deliveries: [{ subscriber: 'flaky-mailer', status: 'pending', attempts: 0 }],
      });

      const deadline = Date.now() + 5_000;
      let status = '';
      while (status !== 'delivered' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const [row] = await app().db.select().from(outboxDeliveries).where(eq(outboxDeliveries.eventId, id));
        status = row!.status;
      }
      expect(status).toBe('delivered');
    } finally {
      await dispatcher.stop();
    }
  });

  it('says so when there is nothing to retry (409) or no such event (404)', async () => {
    failing = true;
    const id = await record(5);
    const nothing = await app().inject({ method: 'POST', url: `/api/admin/events/${id}/retry/`, headers: staff.auth });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ error: NOTHING_TO_RETRY_MESSAGE });
    const unknown = await app().inject({ method: 'POST', url: '/api/admin/events/999999/retry/', headers: staff.auth });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a bad status, page or id with a clear message', async () => {
    const status = await app().inject({ url: '/api/admin/events/?status=lost', headers: staff.auth });
    expect(status.statusCode).toBe(400);
    expect(status.json().fields.status[0]).toContain('status must be one of: pending, delivered, dead');
    const page = await app().inject({ url: '/api/admin/events/?page=0', headers: staff.auth });
    expect(page.statusCode).toBe(400);
    const id = await app().inject({ method: 'POST', url: '/api/admin/events/abc/retry/', headers: staff.auth });
    expect(id.statusCode).toBe(400);
  });

  it('is for staff only: 401 signed out, 403 for a shopper', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/events/?status=dead'],
      ['POST', '/api/admin/events/1/retry/'],
    ] as const) {
      expect((await app().inject({ method, url })).statusCode).toBe(401);
      expect((await app().inject({ method, url, headers: shopper.auth })).statusCode).toBe(403);
    }
  });
});
