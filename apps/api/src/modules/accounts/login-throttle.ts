import type { Redis } from 'ioredis';
import { connectRedis } from '../../lib/redis.js';

/**
 * Counts failed sign-ins in fixed windows: per account and address, per account, and per address.
 * Only failures count, so people who type their password right are never slowed down, and every
 * window ends by itself 15 minutes after its first failure: nobody is locked out for long.
 * In memory for one process, in Redis (REDIS_URL) when several processes share the work.
 */
export interface FailureCount {
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface FailureStore {
  get(key: string): Promise<FailureCount>;
  add(key: string, windowMs: number): Promise<FailureCount>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryFailureStore implements FailureStore {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly maxEntries = 100_000) {}

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string): Promise<FailureCount> {
    const now = Date.now();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, resetInMs: entry.resetAt - now } : { count: 0, resetInMs: 0 };
  }

  async add(key: string, windowMs: number): Promise<FailureCount> {
    const now = Date.now();
    let entry = this.live(key, now);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.prune(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    // Still full (a flood of distinct keys): forget the oldest windows rather than grow without bound.
    const excess = this.entries.size - Math.floor(this.maxEntries * 0.9);
    if (excess > 0) [...this.entries.keys()].slice(0, excess).forEach((key) => this.entries.delete(key));
  }
}

export class RedisFailureStore implements FailureStore {
  constructor(private readonly redis: Redis, private readonly prefix = 'bookstore-login:') {}

  async get(key: string): Promise<FailureCount> {
    const [[, value], [, ttl]] = (await this.redis.multi().get(this.prefix + key).pttl(this.prefix + key).exec()) as [
      [Error | null, string | null],
      [Error | null, number],
    ];
    return { count: Number(value ?? 0), resetInMs: Math.max(0, ttl) };
  }

  async add(key: string, windowMs: number): Promise<FailureCount> {
    const k = this.prefix + key;
    const results = (await this.redis.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).pttl(k).exec()) as [
      [Error | null, unknown],
      [Error | null, number],
      [Error | null, number],
    ];
    return { count: results[1][1], resetInMs: Math.max(0, results[2][1]) };
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => {});
  }
}

export interface ThrottleRule {
  max: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export interface LoginLimits {
  /** Wrong passwords for one account from one address: someone guessing (or mistyping) at one place. */
  accountFromAddress: ThrottleRule;
  /** Wrong passwords for one account from anywhere: guessing spread over many addresses. Higher, so
   * that an attacker elsewhere cannot lock the owner out with a handful of tries. */
  account: ThrottleRule;
  /** Wrong passwords from one address whatever the account: password spraying. */
  address: ThrottleRule;
}

export const LOGIN_LIMITS: LoginLimits = {
  accountFromAddress: { max: 5, windowMs: FIFTEEN_MINUTES },
  account: { max: 20, windowMs: FIFTEEN_MINUTES },
  address: { max: 30, windowMs: FIFTEEN_MINUTES },
};

export type ThrottleScope = keyof LoginLimits;
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; scope: ThrottleScope };

export class LoginThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
    private readonly onStoreError: (err: unknown) => void = () => {},
  ) {}

  /**
   * `account` names the account being tried: `user:<id>` when it exists (so its email and its
   * username share one count), otherwise the identifier as typed, lower-cased.
   */
  private keys(account: string, address: string): Record<ThrottleScope, string> {
    return { accountFromAddress: `acct-ip:${account}|${address}`, account: `acct:${account}`, address: `ip:${address}` };
  }

  /** Before checking a password: is this attempt still allowed? */
  async check(account: string, address: string): Promise<ThrottleVerdict> {
    const keys = this.keys(account, address);
    try {
      for (const scope of ['address', 'account', 'accountFromAddress'] as const) {
        const seen = await this.store.get(keys[scope]);
        if (seen.count >= this.limits[scope].max) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(seen.resetInMs / 1000)), scope };
        }
      }
    } catch (err) {
      // The limiter being down must not stop every sign-in; the password check still stands.
      this.onStoreError(err);
    }
    return { allowed: true };
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const keys = this.keys(account, address);
    try {
      await Promise.all(
        (Object.keys(keys) as ThrottleScope[]).map((scope) => this.store.add(keys[scope], this.limits[scope].windowMs)),
      );
    } catch (err) {
      this.onStoreError(err);
    }
  }

  /** A correct password clears that account's failures from that address (the others protect other people). */
  async recordSuccess(account: string, address: string): Promise<void> {
    try {
      await this.store.clear(this.keys(account, address).accountFromAddress);
    } catch (err) {
      this.onStoreError(err);
    }
  }

  close() {
    return this.store.close();
  }
}

export function createFailureStore(redisUrl: string | undefined): FailureStore {
  if (!redisUrl) return new MemoryFailureStore();
  return new RedisFailureStore(connectRedis(redisUrl));
}
