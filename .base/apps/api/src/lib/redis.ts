import { Redis } from 'ioredis';

/**
 * A Redis client as every part of the server uses one (rate limits, the sign-in throttle, catalogue
 * invalidation): it never waits long for a Redis that is down, and says so once per outage through
 * `onDown` (ioredis keeps retrying by itself) instead of an unhandled 'error' event on every retry.
 */
export function connectRedis(
  url: string,
  onDown: (err: unknown) => void = () => {},
  { inRequests = true }: { inRequests?: boolean } = {},
): Redis {
  // A client that requests wait on keeps no offline queue: while Redis is away a command fails at once
  // (the callers carry on without it) instead of holding the request until a reconnection that may
  // take seconds. Background clients (pub/sub) queue, so nothing is lost while they connect.
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: !inRequests });
  let down = false;
  redis.on('error', (err: unknown) => {
    if (down) return;
    down = true;
    onDown(err);
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}
