import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
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
  /** A route's `keyGenerator` for limits per account: the signed-in caller, else (a 401 follows) the address. */
  perAccount: (request: FastifyRequest) => string;
}

const perAccount = (request: FastifyRequest) => `user:${request.user?.userId ?? request.ip}`;

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Counts in Redis while it answers, in this process's memory while it does not. */
function fallbackRateLimitStore(
  redis: Redis | undefined,
  redisUsable: () => boolean,
  onError: (err: unknown) => void,
  prefix: string,
) {
  return class FallbackRateLimitStore implements FastifyRateLimitStore {
    private readonly remote?: FastifyRateLimitStore;
    private readonly local: FastifyRateLimitStore;

    constructor(
      options: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      stores?: { remote?: FastifyRateLimitStore; local: FastifyRateLimitStore },
    ) {
      this.local = stores?.local ?? new LocalStore(options.continueExceeding, options.exponentialBackoff);
      this.remote =
        stores?.remote ??
        (redis
          ? new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, `${prefix}-rl:`)
          : undefined);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      if (!this.remote || !redisUsable()) return this.local.incr(key, callback, timeWindow, max);
      this.remote.incr(
        key,
        (err, result) => {
          if (!err) return callback(null, result);
          onError(err);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      return new FallbackRateLimitStore(routeOptions as { continueExceeding?: boolean }, {
        remote: this.remote?.child(routeOptions),
        local: this.local.child(routeOptions),
      });
    }
  };
}

/** Failed sign-ins counted in Redis while it answers, in this process's memory while it does not. */
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
  clear(key: string): Promise<void> {
    return this.either((store) => store.clear(key));
  }
  async close(): Promise<void> {
    await Promise.all([this.remote.close(), this.local.close()]);
  }
}

export const limitsPlugin = fp(async (app: FastifyInstance) => {
  const memory = new MemoryFailureStore();
  const { redisUrl } = app.config;
  if (!redisUrl) {
    const rateLimitStore = fallbackRateLimitStore(
      undefined,
      () => false,
      () => {},
      app.config.redisKeyPrefix,
    );
    app.decorate('limits', { mode: () => 'memory' as const, failures: memory, rateLimitStore, perAccount });
    app.addHook('onClose', () => memory.close());
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
  const failures = new FallbackFailureStore(
    new RedisFailureStore(redis, `${app.config.redisKeyPrefix}-login:`),
    memory,
    usable,
    lost,
  );
  app.decorate('limits', {
    mode: () => (usable() ? ('redis' as const) : ('memory-fallback' as const)),
    failures,
    rateLimitStore: fallbackRateLimitStore(redis, usable, lost, app.config.redisKeyPrefix),
    perAccount,
  });
  app.addHook('onClose', () => {
    closing = true;
    return failures.close();
  });
});
