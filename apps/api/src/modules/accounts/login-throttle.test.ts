import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { type FailureStore, MemoryFailureStore, RedisFailureStore } from '../../lib/failures.js';
import { LoginThrottle } from './login-throttle.js';

/** The rules of login-throttle.ts with small numbers and short windows. */
const limits = {
  accountFromAddress: { max: 2, windowMs: 300 },
  account: { max: 4, windowMs: 300 },
  address: { max: 5, windowMs: 300, firstDelayMs: 40, longestDelayMs: 100 },
  device: { max: 2, windowMs: 300 },
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

  it("lets a device the account signed in from past the account's lockout, however it was locked", async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const account = fresh('user:');
    const device = fresh('device-');
    // A stranger at the owner's address holds the pair; strangers elsewhere hold the account.
    for (let i = 0; i < 2; i += 1) await throttle.recordFailure(account, '5.5.5.5');
    for (const ip of ['5.0.0.1', '5.0.0.2']) await throttle.recordFailure(account, ip);
    expect(await throttle.check(account, '5.5.5.5')).toMatchObject({ allowed: false, scope: 'accountFromAddress' });
    expect(await throttle.check(account, '5.0.0.1')).toMatchObject({ allowed: false, scope: 'account' });
    expect(await throttle.check(account, '5.5.5.5', device)).toEqual({ allowed: true });
    expect(await throttle.check(account, '5.0.0.1', device)).toEqual({ allowed: true });
    // The owner's browser signs in there: the stranger at the same address is still held.
    await throttle.recordSuccess(account, '5.5.5.5', device);
    expect(await throttle.check(account, '5.5.5.5')).toMatchObject({ allowed: false, scope: 'accountFromAddress' });
  });

  it("counts a device's failures on the device alone, and holds it after its limit", async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const account = fresh('user:');
    const stolen = fresh('device-');
    const owners = fresh('device-');
    await throttle.recordFailure(account, '6.6.6.6', stolen);
    await throttle.recordFailure(account, '6.6.6.7', stolen);
    expect(await throttle.check(account, '6.6.6.8', stolen)).toMatchObject({
      allowed: false,
      scope: 'device',
      retryAfterSeconds: 1,
    });
    // Neither the addresses nor the account were charged, and the owner's own device is not touched.
    expect(await throttle.check(account, '6.6.6.6')).toEqual({ allowed: true });
    expect(await throttle.check(account, '6.6.6.6', owners)).toEqual({ allowed: true });
    await sleep(350);
    expect(await throttle.check(account, '6.6.6.8', stolen)).toEqual({ allowed: true });
  });

  it('still spaces the attempts of an address that fails for many accounts, device or not', async () => {
    const throttle = new LoginThrottle(makeStore(), limits);
    const ip = `7.7.7.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < 5; i += 1) await throttle.recordFailure(fresh('name:'), ip);
    expect(await throttle.check(fresh('user:'), ip, fresh('device-'))).toMatchObject({
      allowed: false,
      scope: 'address',
    });
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
