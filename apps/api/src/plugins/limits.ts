import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { connectRedis } from '../lib/redis.js';
import { type FailureCount, type FailureStore, MemoryFailureStore, RedisFailureStore } from '../lib/failures.js';

/**
 * Where every limit keeps its counts: the rate limits of routes, the sign-in throttle and the contact
 * and newsletter limits. With REDIS_URL they are shared by every process through Redis; while Redis
 * is unreachable each process counts in its own memory instead (limits fail closed, per process, never
 * off), says so once per outage at warn level, and /readyz reports it. See docs/decisions/0015-trust-round-two.md.
 */
export type LimitsMode = 'memory' | 'redis' | 'memory-fallback';

export interface Limits {
  /** How counts are kept right now. */
  mode(): LimitsMode;
  /** The store of failed sign-ins (modules/accounts/login-throttle.ts). */
  failures: FailureStore;
  /** The store @fastify/rate-limit counts requests in. */
  rateLimitStore: FastifyRateLimitStoreCtor;
  /**
   * Gives back a request the rate limiter counted under `key` (plugins/security.ts calls it for an
   * answer of 500 or more: a request that failed on our side never counts against the caller).
   */
  giveBack: (key: string) => Promise<void>;
  /** A route's `keyGenerator` for limits per account: the signed-in caller, else (a 401 follows) the address. */
  perAccount: (request: FastifyRequest) => string;
}

const perAccount = (request: FastifyRequest) => `user:${request.user?.userId ?? request.ip}`;

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

/**
 * @fastify/rate-limit's store (its `store` option) over our window counters, so that a request it
 * counted can be given back. One set of counters serves every route: the keys name the route
 * (plugins/security.ts). A window starts at a key's first request and ends `timeWindow` later, as with
 * the library's own stores; `continueExceeding` and `exponentialBackoff` are not offered (no route
 * uses them).
 */
function rateLimitStoreOver(counts: FailureStore): FastifyRateLimitStoreCtor {
  return class CountedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
      counts.add(key, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (err: Error) => callback(err),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Counts (failed sign-ins, requests) kept in Redis while it answers, in this process's memory while it does not. */
class FallbackFailureStore implements FailureStore {
  constructor(
    private readonly remote: FailureStore,
    private readonly local: FailureStore,
    private readonly remoteUsable: () => boolean,
    private readonly onError: (err: unknown) => void,
  ) {}

  private async either<T>(use: (store: FailureStore) => Promise<T>): Promise<T> {
    if (this.remoteUsable()) {
      try {
        return await use(this.remote);
      } catch (err) {
        this.onError(err);
      }
    }
    return use(this.local);
  }

  get(key: string): Promise<FailureCount> {
    return this.either((store) => store.get(key));
  }
  add(key: string, windowMs: number): Promise<FailureCount> {
    return this.either((store) => store.add(key, windowMs));
  }
  hold(key: string, ms: number): Promise<void> {
    return this.either((store) => store.hold(key, ms));
  }
  giveBack(key: string): Promise<void> {
    return this.either((store) => store.giveBack(key));
  }
  clear(key: string): Promise<void> {
    return this.either((store) => store.clear(key));
  }
  async close(): Promise<void> {
    await Promise.all([this.remote.close(), this.local.close()]);
  }
}

export const limitsPlugin = fp(async (app: FastifyInstance) => {
  const memory = new MemoryFailureStore();
  const requestsInMemory = new MemoryFailureStore();
  const { redisUrl } = app.config;
  if (!redisUrl) {
    app.decorate('limits', {
      mode: () => 'memory' as const,
      failures: memory,
      rateLimitStore: rateLimitStoreOver(requestsInMemory),
      giveBack: (key: string) => requestsInMemory.giveBack(key),
      perAccount,
    });
    app.addHook('onClose', async () => {
      await Promise.all([memory.close(), requestsInMemory.close()]);
    });
    return;
  }

  let outage = false;
  const lost = (err: unknown) => {
    if (outage) return;
    outage = true;
    app.log.warn(
      { err },
      "limits: Redis is unreachable; rate limits and the sign-in throttle count in this process's memory until it is back",
    );
  };
  const redis = connectRedis(redisUrl, lost);
  let connected = false;
  let closing = false;
  redis.on('ready', () => {
    connected = true;
    if (!outage) return;
    outage = false;
    app.log.warn('limits: Redis is back; limits are shared by every process again');
  });
  // A connection that drops is an outage from that moment (the limits count in memory at once), not
  // only when a reconnection attempt fails later: /readyz and the log say so together.
  redis.on('close', () => {
    if (connected && !closing) lost(new Error('the connection to Redis closed'));
  });
  const usable = () => redis.status === 'ready';
  const prefix = app.config.redisKeyPrefix;
  const failures = new FallbackFailureStore(new RedisFailureStore(redis, `${prefix}-login:`), memory, usable, lost);
  const requests = new FallbackFailureStore(
    new RedisFailureStore(redis, `${prefix}-rl:`),
    requestsInMemory,
    usable,
    lost,
  );
  app.decorate('limits', {
    mode: () => (usable() ? ('redis' as const) : ('memory-fallback' as const)),
    failures,
    rateLimitStore: rateLimitStoreOver(requests),
    giveBack: (key: string) => requests.giveBack(key),
    perAccount,
  });
  app.addHook('onClose', async () => {
    closing = true;
    // Both close the one connection to Redis; the second finds it closed.
    await Promise.all([failures.close(), requests.close()]);
  });
});
