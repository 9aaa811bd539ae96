import { sql } from 'drizzle-orm';
import { connectRedis } from '../redis.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { AnswerCache, InvalidationBus } from './cache.js';

/** The channel every server process of one store listens on (a PostgreSQL NOTIFY channel, or Redis). */
export const INVALIDATION_CHANNEL = 'bookstore_catalogue';

/**
 * Connects a process's catalogue cache to the others: Redis pub/sub when REDIS_URL is set, else
 * PostgreSQL LISTEN/NOTIFY, and nothing on the embedded database (one process: clearing the local
 * cache is all there is to do). A message names the cache that sent it; each receiver empties its
 * own cache. While the bus is down (and after it comes back, since messages may have been missed)
 * the cache is emptied; the time to live bounds staleness in between.
 */
export async function connectInvalidation(
  cache: AnswerCache,
  options: { database: DatabaseHandle; redisUrl?: string; onError: (err: unknown) => void },
): Promise<void> {
  cache.onBusError = options.onError;
  if (options.redisUrl) cache.attach(await redisBus(cache, options.redisUrl, options.onError));
  else if (options.database.listen) cache.attach(await postgresBus(cache, options.database, options.onError));
}

async function postgresBus(
  cache: AnswerCache,
  database: DatabaseHandle,
  onError: (err: unknown) => void,
): Promise<InvalidationBus> {
  const listener = await database.listen!(INVALIDATION_CHANNEL, {
    message: (origin) => cache.received(origin),
    listening: () => cache.clear(),
    lost: (err) => {
      cache.clear();
      onError(err);
    },
  });
  return {
    // Through the pool, after the write has committed: a NOTIFY is delivered to every listener at once.
    publish: async (origin) => {
      await database.db.execute(sql`SELECT pg_notify(${INVALIDATION_CHANNEL}, ${origin})`);
    },
    close: () => listener.close(),
  };
}

async function redisBus(cache: AnswerCache, url: string, onError: (err: unknown) => void): Promise<InvalidationBus> {
  const publisher = connectRedis(url, undefined, { inRequests: false });
  const subscriber = connectRedis(url, onError, { inRequests: false });
  // Anything sent while the subscriber was away was missed. ioredis reconnects by itself; subscribing
  // again is harmless and covers a first subscription that failed because Redis was down.
  subscriber.on('close', () => cache.clear());
  subscriber.on('ready', () => {
    cache.clear();
    subscriber.subscribe(INVALIDATION_CHANNEL).catch(onError);
  });
  subscriber.on('message', (channel: string, origin: string) => {
    if (channel === INVALIDATION_CHANNEL) cache.received(origin);
  });
  // Start-up waits a moment for the subscription, never for a Redis that is down.
  await Promise.race([
    subscriber.subscribe(INVALIDATION_CHANNEL).catch(onError),
    new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
  ]);
  return {
    publish: async (origin) => {
      await publisher.publish(INVALIDATION_CHANNEL, origin);
    },
    close: async () => {
      await Promise.all([subscriber.quit().catch(() => {}), publisher.quit().catch(() => {})]);
    },
  };
}
