import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { type FailureStore, LoginThrottle, MemoryFailureStore, RedisFailureStore } from './login-throttle.js';

const limits = {
  accountFromAddress: { max: 2, windowMs: 80 },
  account: { max: 4, windowMs: 80 },
  address: { max: 5, windowMs: 80 },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function behavesLikeAThrottle(makeStore: () => FailureStore) {
  it('blocks after the limit, says for how long, and lets go when the window ends', async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const account = `user:${Math.random()}`;
    expect(await throttle.check(account, '1.1.1.1')).toEqual({ allowed: true });
    await throttle.recordFailure(account, '1.1.1.1');
    await throttle.recordFailure(account, '1.1.1.1');
    const verdict = await throttle.check(account, '1.1.1.1');
    expect(verdict).toMatchObject({ allowed: false, scope: 'accountFromAddress', retryAfterSeconds: 1 });
    expect(await throttle.check(account, '2.2.2.2')).toEqual({ allowed: true });
    await sleep(120);
    expect(await throttle.check(account, '1.1.1.1')).toEqual({ allowed: true });
    await throttle.close();
  });

  it('counts one account over all addresses, and one address over all accounts', async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const account = `user:${Math.random()}`;
    for (const ip of ['1.0.0.1', '1.0.0.2', '1.0.0.3', '1.0.0.4']) await throttle.recordFailure(account, ip);
    expect(await throttle.check(account, '9.9.9.9')).toMatchObject({ allowed: false, scope: 'account' });
    const ip = `3.3.3.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < 5; i += 1) await throttle.recordFailure(`name:${Math.random()}`, ip);
    expect(await throttle.check(`name:${Math.random()}`, ip)).toMatchObject({ allowed: false, scope: 'address' });
    await throttle.close();
  });

  it('a success clears that account and address only', async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const account = `user:${Math.random()}`;
    await throttle.recordFailure(account, '4.4.4.4');
    await throttle.recordSuccess(account, '4.4.4.4');
    await throttle.recordFailure(account, '4.4.4.4');
    expect(await throttle.check(account, '4.4.4.4')).toEqual({ allowed: true });
    await throttle.close();
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

  it('lets sign-ins through when its store fails', async () => {
    const broken: FailureStore = {
      get: () => Promise.reject(new Error('down')),
      add: () => Promise.reject(new Error('down')),
      clear: () => Promise.reject(new Error('down')),
      close: async () => {},
    };
    const seen: unknown[] = [];
    const throttle = new LoginThrottle(broken, limits, (err) => seen.push(err));
    await throttle.recordFailure('user:1', '1.1.1.1');
    expect(await throttle.check('user:1', '1.1.1.1')).toEqual({ allowed: true });
    expect(seen.length).toBe(2);
  });
});

// Shared by several server processes: run with TEST_REDIS_URL=redis://127.0.0.1:6379 to include it.
describe.skipIf(!process.env.TEST_REDIS_URL)('login throttle, in Redis', () => {
  behavesLikeAThrottle(() => new RedisFailureStore(new Redis(process.env.TEST_REDIS_URL!), `test-${Math.random()}:`));
});
