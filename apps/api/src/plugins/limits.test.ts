import { describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '../modules/contact/routes.js';
import { useTestApp } from '../test/app.js';
import { createAccount } from '../test/factories.js';

/**
 * One limit per route whatever the trailing slash; the sign-in throttle's
 * 429 says when to come back in a Retry-After header; sign-out is rate-limited too.
 */
describe('rate limits', () => {
  const ctx = useTestApp();
  const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there' };

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
