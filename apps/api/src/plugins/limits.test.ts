import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { CONTACT_RATE_LIMIT } from '../modules/contact/routes.js';
import { buildApp, type TestApp, useTestApp } from '../test/app.js';
import { createAccount } from '../test/factories.js';

/**
 * One limit per route whatever the trailing slash; the sign-in throttle's
 * 429 says when to come back in a Retry-After header; sign-out is rate-limited too.
 */
describe('rate limits', () => {
  const ctx = useTestApp();

  it('counts /api/contact and /api/contact/ as one route', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT.max * 2; i++) {
      const url = i % 2 === 0 ? '/api/contact' : '/api/contact/';
      statuses.push(
        (await ctx().app.inject({ method: 'POST', url, remoteAddress: '10.9.0.1', payload: contact })).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(CONTACT_RATE_LIMIT.max);
  });

  it('every limited route answers 429 with Retry-After and an error sentence', async () => {
    let last;
    for (let i = 0; i < CONTACT_RATE_LIMIT.max + 1; i++) {
      last = await ctx().app.inject({
        method: 'POST',
        url: '/api/newsletter/',
        remoteAddress: '10.9.0.2',
        payload: { email: `a${i}@example.com` },
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });

  givesBackWhatFailedOnOurSide(ctx, '10.9.0.5');

  it("the sign-in throttle's 429 carries Retry-After", async () => {
    const { user } = await createAccount(ctx().app);
    let res;
    for (let i = 0; i < 6; i++) {
      res = await ctx().app.inject({
        method: 'POST',
        url: '/api/login/',
        remoteAddress: '10.9.0.3',
        payload: { emailOrUsername: user.username, password: 'wrong-password' },
      });
    }
    expect(res!.statusCode).toBe(429);
    const seconds = Number(res!.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });

  it('rate-limits sign-out', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/logout/',
        remoteAddress: '10.9.0.4',
        payload: { refresh: 'not-a-token' },
      });
      statuses.add(res.statusCode);
    }
    expect(statuses).toContain(429);
  });
});

const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there' };

function givesBackWhatFailedOnOurSide(ctx: () => TestApp, address: string) {
  it('never counts a request that failed on our side: 503s while the database is down leave the limit whole', async () => {
    // Nothing listens on port 9 (discard): a PostgreSQL that is down.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:9/down', poolSize: 1 });
    const down = await buildApp({ config: ctx().config, database, logger: false });
    try {
      // With REDIS_URL the counts are shared through Redis once it answers: given back there too.
      if (ctx().config.redisUrl) await expect.poll(() => down.limits.mode()).toBe('redis');
      const send = (payload: object) =>
        down.inject({ method: 'POST', url: '/api/contact/', remoteAddress: address, payload });
      const failed: number[] = [];
      for (let i = 0; i < CONTACT_RATE_LIMIT.max * 2; i++) failed.push((await send(contact)).statusCode);
      expect(failed).toEqual(failed.map(() => 503));
      // What the caller got wrong still counts: the whole limit is there for it, then 429.
      const refused: number[] = [];
      for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i++) refused.push((await send({})).statusCode);
      expect(refused.slice(0, CONTACT_RATE_LIMIT.max)).toEqual(refused.slice(1).map(() => 400));
      expect(refused.at(-1)).toBe(429);
    } finally {
      await down.close();
      await database.close();
    }
  });
}

// Shared by several server processes: run with TEST_REDIS_URL=redis://127.0.0.1:6379 to include it.
describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits counted in Redis', () => {
  const ctx = useTestApp(() => ({
    redisUrl: process.env.TEST_REDIS_URL!,
    redisKeyPrefix: `test-${randomBytes(4).toString('hex')}`,
  }));
  it('counts in Redis', async () => {
    await expect.poll(() => ctx().app.limits.mode()).toBe('redis');
  });
  givesBackWhatFailedOnOurSide(ctx, '10.9.1.5');
});
