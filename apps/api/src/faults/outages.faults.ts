import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { admin, call, openWithBook, postgresUrl, proxyTo, type Reply, useStores, waitFor } from './support.js';

/**
 * Fault suite (docs/decisions/0015-trust-round-two.md): the services the store leans on go away under a running server process.
 * PostgreSQL down: every call that needs it answers 503 with Retry-After (never a 500), and the store
 * serves again when it is back. Redis down: the sign-in throttle and the rate limits keep counting, in
 * the process's memory, the log says so once, /readyz says so, and all is shared again when it is back.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-outages-'));
const dbName = `bookstore_outage_${randomBytes(4).toString('hex')}`;
const ordersDbName = `${dbName}_orders`;

const startStore = useStores(async () => {
  for (const name of databaseUrl ? [dbName, ordersDbName] : []) {
    await admin(`drop database if exists "${name}" with (force)`).catch(() => {});
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Asks until `done` holds (a server notices a lost or restored connection within seconds). */
async function until(ask: () => Promise<Reply>, done: (reply: Reply) => boolean, ms = 20_000): Promise<Reply> {
  const deadline = Date.now() + ms;
  for (;;) {
    const reply = await ask();
    if (done(reply) || Date.now() > deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function headersOf(url: string) {
  const res = await fetch(url);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

describe.skipIf(!databaseUrl)('PostgreSQL goes down under a running store', () => {
  it('answers 503 with Retry-After while it is away, and serves again when it is back', async () => {
    await admin(`create database "${dbName}"`);
    const direct = new URL(postgresUrl(dbName));
    const { database, book } = await openWithBook(
      { databaseUrl: direct.toString(), poolSize: 1 },
      { title: 'Outage Reading', slug: 'outage-reading', priceCents: 900, stockAmount: 5 },
    );
    await database.close();
    const outage = await proxyTo({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(outage.port);
    const store = await startStore({
      DATABASE_URL: viaProxy.toString(),
      DATA_DIR: path.join(dataDir, 'pg'),
      CATALOGUE_CACHE_SECONDS: '0',
    });
    try {
      expect((await call(store.url, 'GET', `/api/books/book/${book.id}/`)).status).toBe(200);

      // A request whose transaction is under way when the database goes away (its statement waits on a
      // lock, its connection checked out of the pool) gets the 503 too, and the store lives on.
      const holder = new pg.Client({ connectionString: direct.toString() });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE contact_messages IN ACCESS EXCLUSIVE MODE');
        const message = { name: 'Ada', email: 'ada@example.com', subject: 'Outage', message: 'Are you there?' };
        const waiting = call(store.url, 'POST', '/api/contact/', message);
        await waitFor(
          async () => {
            const { rows } = await holder.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
              [dbName],
            );
            return rows[0]!.n > 0;
          },
          10_000,
          () => `the store's write never waited on the lock:\n${store.output()}`,
        );
        await outage.cut();
        const cutOff = await waiting;
        // Status 0: the connection was reset, the store gone (its output says why).
        expect(cutOff.status, store.output()).toBe(503);
        expect(cutOff.body).toEqual({ error: 'The shop is briefly unavailable. Please try again in a moment.' });
      } finally {
        await holder.query('ROLLBACK').catch(() => {});
        await holder.end().catch(() => {});
      }

      for (const url of [`/api/books/book/${book.id}/`, '/api/books/', '/readyz']) {
        const reply = await headersOf(`${store.url}${url}`);
        expect(reply.status, `${url}: ${JSON.stringify(reply.body)}`).toBe(503);
        if (url !== '/readyz') {
          expect(reply.retryAfter).toBe('5');
          expect(reply.body).toEqual({ error: 'The shop is briefly unavailable. Please try again in a moment.' });
        }
      }
      const signIn = await call(store.url, 'POST', '/api/login/', {
        emailOrUsername: 'a@example.test',
        password: 'any-password-1',
      });
      expect(signIn.status).toBe(503);
      expect(store.output()).not.toMatch(/"level":(50|60)/);

      await outage.restore();
      const back = await until(
        () => call(store.url, 'GET', `/api/books/book/${book.id}/`),
        (r) => r.status === 200,
      );
      expect(back.status).toBe(200);
      expect((await call(store.url, 'GET', '/readyz')).status).toBe(200);
    } finally {
      await outage.close();
    }
  });
});

describe.skipIf(!databaseUrl)('orders refused while PostgreSQL is down', () => {
  it("do not count toward the shopper's limit of orders a minute: the first order after it is back is placed", async () => {
    await admin(`create database "${ordersDbName}"`);
    const direct = new URL(postgresUrl(ordersDbName));
    const { database, book } = await openWithBook(
      { databaseUrl: direct.toString(), poolSize: 1 },
      { title: 'Outage Orders', slug: 'outage-orders', priceCents: 2000, stockAmount: 100 },
    );
    await database.close();
    const outage = await proxyTo({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(outage.port);
    const store = await startStore({
      DATABASE_URL: viaProxy.toString(),
      DATA_DIR: path.join(dataDir, 'orders'),
      // The signed-in shopper's session is trusted for a minute without asking the database, so the
      // orders below reach checkout (and the limit) while the database is away.
      SESSION_CHECK_SECONDS: '60',
    });
    try {
      const password = 'quiet lantern 1917';
      const account = {
        email: 'orders@example.test',
        username: 'outageorders',
        firstName: 'Ada',
        lastName: 'Lovelace',
      };
      expect(
        (await call(store.url, 'POST', '/api/register/', { ...account, password, password2: password })).status,
      ).toBe(201);
      const signIn = await call(store.url, 'POST', '/api/login/', { emailOrUsername: account.username, password });
      const token = signIn.body.access as string;
      expect((await call(store.url, 'GET', '/api/profile/', undefined, token)).status).toBe(200);
      const order = { total_price: '20.00', items: [{ book: book.id, quantity: 1, price: '20.00' }] };

      await outage.cut();
      // The shopper tries again and again: more than the 10 orders a minute the limit allows.
      const refused: number[] = [];
      for (let i = 0; i < 12; i++) refused.push((await call(store.url, 'POST', '/api/orders/', order, token)).status);
      expect(refused, store.output()).toEqual(refused.map(() => 503));

      await outage.restore();
      await until(
        () => call(store.url, 'GET', `/api/books/book/${book.id}/`),
        (r) => r.status === 200,
      );
      const placed = await call(store.url, 'POST', '/api/orders/', order, token);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    } finally {
      await outage.close();
    }
  });
});

describe.skipIf(!redisUrl)('Redis goes down under a running store', () => {
  it('keeps the sign-in throttle and the rate limits counting in memory, says so once, and shares them again when it is back', async () => {
    const redis = new URL(redisUrl!);
    const outage = await proxyTo({ host: redis.hostname, port: Number(redis.port || 6379) });
    const store = await startStore({
      DATA_DIR: path.join(dataDir, 'redis'),
      DATABASE_URL: '',
      REDIS_URL: `redis://127.0.0.1:${outage.port}`,
      LOG_LEVEL: 'warn',
      SIGNUPS_PER_HOUR: '100000',
    });
    const signUp = async () => {
      const username = `rd${randomBytes(4).toString('hex')}`;
      const password = 'redis-down-password-1';
      const reply = await call(store.url, 'POST', '/api/register/', {
        email: `${username}@example.test`,
        username,
        firstName: 'Redis',
        lastName: 'Outage',
        password,
        password2: password,
      });
      expect(reply.status).toBe(201);
      return { username, password };
    };
    /** Wrong passwords until the first 429: the attempt it came at. */
    const guessUntilRefused = async (username: string) => {
      for (let i = 1; i <= 12; i++) {
        const reply = await call(store.url, 'POST', '/api/login/', {
          emailOrUsername: username,
          password: `wrong-${i}`,
        });
        if (reply.status === 429) return i;
        expect(reply.status).toBe(401);
      }
      return null;
    };
    try {
      await until(
        () => call(store.url, 'GET', '/readyz'),
        (r) => !('warnings' in r.body),
      );
      expect(await guessUntilRefused((await signUp()).username)).toBe(6);

      await outage.cut();
      const account = await signUp();
      expect(await guessUntilRefused(account.username)).toBe(6);
      const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there' };
      const sent: number[] = [];
      for (let i = 0; i < 12; i++) sent.push((await call(store.url, 'POST', '/api/contact/', contact)).status);
      expect(sent).toContain(429);
      const ready = await call(store.url, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.warnings).toEqual([
        "Redis is unreachable: rate limits and the sign-in throttle are counted in this process's memory",
      ]);
      // Log lines reach the output in batches (lib/log.ts), a few milliseconds after the answer.
      await expect.poll(() => store.output().match(/limits: Redis is unreachable/g)?.length).toBe(1);

      await outage.restore();
      const shared = await until(
        () => call(store.url, 'GET', '/readyz'),
        (r) => !('warnings' in r.body),
      );
      expect(shared.body).toEqual({ status: 'ok' });
      await expect.poll(() => store.output()).toMatch(/limits: Redis is back/);
      expect(await guessUntilRefused((await signUp()).username)).toBe(6);
    } finally {
      await outage.close();
    }
  });
});
