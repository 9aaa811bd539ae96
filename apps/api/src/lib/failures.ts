import type { Redis } from 'ioredis';

/**
 * Counters in fixed windows (the sign-in throttle's failures, and the requests the rate limits count),
 * in this process's memory or in Redis. A window starts at its first count and ends by itself
 * `windowMs` later. `hold` marks a key for a while (a "not before" mark: its count is 1 until it ends);
 * `giveBack` takes one count back from a live window, never below 0 (a request that failed on our side).
 */
export interface FailureCount {
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface FailureStore {
  get(key: string): Promise<FailureCount>;
  add(key: string, windowMs: number): Promise<FailureCount>;
  hold(key: string, ms: number): Promise<void>;
  giveBack(key: string): Promise<void>;
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

  private make(key: string, now: number, windowMs: number) {
    if (this.entries.size >= this.maxEntries) this.prune(now);
    const entry = { count: 0, resetAt: now + windowMs };
    this.entries.set(key, entry);
    return entry;
  }

  async get(key: string): Promise<FailureCount> {
    const now = Date.now();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, resetInMs: entry.resetAt - now } : { count: 0, resetInMs: 0 };
  }

  async add(key: string, windowMs: number): Promise<FailureCount> {
    const now = Date.now();
    const entry = this.live(key, now) ?? this.make(key, now, windowMs);
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async hold(key: string, ms: number): Promise<void> {
    this.make(key, Date.now(), ms).count = 1;
  }

  async giveBack(key: string): Promise<void> {
    const entry = this.live(key, Date.now());
    if (entry && entry.count > 0) entry.count -= 1;
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

const GIVE_BACK = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisFailureStore implements FailureStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'bookstore-login:',
  ) {}

  async get(key: string): Promise<FailureCount> {
    const [[, value], [, ttl]] = (await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()) as [[Error | null, string | null], [Error | null, number]];
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

  async hold(key: string, ms: number): Promise<void> {
    await this.redis.set(this.prefix + key, 1, 'PX', Math.max(1, Math.round(ms)));
  }

  async giveBack(key: string): Promise<void> {
    // One step, so the window cannot end between the read and the decrement (DECR keeps its expiry).
    await this.redis.eval(GIVE_BACK, 1, this.prefix + key);
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => {});
  }
}
