import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { type FailureStore, MemoryFailureStore, RedisFailureStore } from '../../lib/failures.js';
import { LoginThrottle } from './login-throttle.js';

/** The rules of login-throttle.ts with small numbers and short windows. */
const limits = {
  accountFromAddress: { max: 2, windowMs: 300 },
  account: { max: 4, windowMs: 300 },
  address: { max: 5, windowMs: 300, firstDelayMs: 40, longestDelayMs: 100 },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fresh = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2)}`;

function behavesLikeAThrottle(makeStore: () => FailureStore) {
  it('holds one account at one address after its limit, says for how long, and lets go when the window ends', async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const account = fresh('user:');
    expect(await throttle.check(account, '1.1.1.1')).toEqual({ allowed: true });
    await throttle.recordFailure(account, '1.1.1.1');
    await throttle.recordFailure(account, '1.1.1.1');
    expect(await throttle.check(account, '1.1.1.1')).toMatchObject({
      allowed: false,
      scope: 'accountFromAddress',
      retryAfterSeconds: 1,
    });
    expect(await throttle.check(account, '2.2.2.2')).toEqual({ allowed: true });
    await sleep(350);
    expect(await throttle.check(account, '1.1.1.1')).toEqual({ allowed: true });
  });

  it('never refuses an address with no failures on behalf of the account, but holds the addresses that failed', async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const account = fresh('user:');
    for (const ip of ['1.0.0.1', '1.0.0.2', '1.0.0.3', '1.0.0.4']) await throttle.recordFailure(account, ip);
    // The owner, somewhere else.
    expect(await throttle.check(account, '9.9.9.9')).toEqual({ allowed: true });
    // The guessers, each with one failure: over the account's limit, they wait.
    expect(await throttle.check(account, '1.0.0.1')).toMatchObject({ allowed: false, scope: 'account' });
    // Others at the guessers' addresses are not touched.
    expect(await throttle.check(fresh('user:'), '1.0.0.1')).toEqual({ allowed: true });
  });

  it('spaces the attempts of an address that fails for many accounts, never for long', async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const ip = `3.3.3.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < 4; i += 1) await throttle.recordFailure(fresh('name:'), ip);
    expect(await throttle.check(fresh('user:'), ip)).toEqual({ allowed: true });
    await throttle.recordFailure(fresh('name:'), ip);
    const waiting = await throttle.check(fresh('user:'), ip);
    expect(waiting).toMatchObject({ allowed: false, scope: 'address', retryAfterSeconds: 1 });
    await sleep(60);
    // A colleague behind the same address gets in after the short wait.
    expect(await throttle.check(fresh('user:'), ip)).toEqual({ allowed: true });
    for (let i = 0; i < 6; i += 1) await throttle.recordFailure(fresh('name:'), ip);
    await sleep(110);
    expect(await throttle.check(fresh('user:'), ip)).toEqual({ allowed: true });
  });

  it('a success clears that account and address only', async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const account = fresh('user:');
    await throttle.recordFailure(account, '4.4.4.4');
    await throttle.recordSuccess(account, '4.4.4.4');
    await throttle.recordFailure(account, '4.4.4.4');
    expect(await throttle.check(account, '4.4.4.4')).toEqual({ allowed: true });
  });
}

describe('login throttle, in memory', () => {
  behavesLikeAThrottle(() => new MemoryFailureStore());

  it('stays bounded under a flood of distinct keys', async () => {
    const store = new MemoryFailureStore(100);
    for (let i = 0; i < 1000; i += 1) await store.add(`k${i}`, 60_000);
    expect((await store.get('k999')).count).toBe(1);
    expect((store as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(100);
  });
});

// Shared by several server processes: run with TEST_REDIS_URL=redis://127.0.0.1:6379 to include it.
describe.skipIf(!process.env.TEST_REDIS_URL)('login throttle, in Redis', () => {
  const clients: Redis[] = [];
  behavesLikeAThrottle(() => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    clients.push(redis);
    return new RedisFailureStore(redis, `test-${Math.random()}:`);
  });
  it('closes its connections', async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });
});
