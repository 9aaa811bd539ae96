import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AnswerCache, answerCache } from '../lib/answers/cache.js';
import { earlyAnswer } from '../lib/answers/http.js';
import { connectInvalidation } from '../lib/answers/invalidation.js';

/** What a write can change that a cached answer shows. One group today: the catalogue's reads. */
export type AnswerGroup = 'catalogue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store-wide memory of public answers (lib/answers/cache.ts). */
    answers: AnswerCache;
  }
  interface FastifyContextConfig {
    /**
     * Every write under /api says what it changes that cached answers show: `['catalogue']` for a
     * book, a review, stock or a reviewer's name; `[]` for signing in, the wishlist, a message to the
     * shop. A successful write that names a group clears the answers of every server process. The
     * server refuses to start when a write route leaves this out, so a new one cannot forget it.
     */
    invalidates?: readonly AnswerGroup[];
  }
}

/**
 * The answer cache as infrastructure: made once per app, connected to the other server processes
 * (Redis or PostgreSQL NOTIFY, lib/answers/invalidation.ts), and cleared after each write that
 * declares it changes what an answer shows.
 */
export const answersPlugin = fp(async (app: FastifyInstance) => {
  const cache = answerCache(app.db, app.config.answerCacheSeconds * 1000);
  app.decorate('answers', cache);
  if (cache.enabled) {
    await connectInvalidation(cache, {
      database: app.database,
      redisUrl: app.config.redisUrl,
      onError: (err) => app.log.warn({ err }, 'answer invalidation: the other processes may be told late'),
    });
    app.addHook('onClose', () => cache.detach());
    // With CORS on, every answer carries CORS headers (Vary: Origin…) that only the CORS plugin writes.
    // At `info` the server in front logs early answers as Fastify logs its requests (lib/front.ts).
    if (app.config.corsOrigins.length === 0) {
      app.front.add(earlyAnswer(cache, () => app.securityHeaders));
    }
  }

  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    const writes = methods.some((method) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS');
    if (writes && route.url.startsWith('/api/') && route.config?.invalidates === undefined) {
      throw new Error(`${methods.join(',')} ${route.url} must declare config.invalidates (plugins/answers.ts)`);
    }
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 400 && request.routeOptions.config.invalidates?.length) cache.invalidate();
    done();
  });
});
