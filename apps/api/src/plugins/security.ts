import cors from '@fastify/cors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/errors.js';
import { inlineScriptHashes } from '../lib/html.js';

/**
 * Security headers on every response (a CSP that runs no inline script but the built page's own,
 * allowed by its hash; no framing, nosniff, referrer policy), CORS only for configured origins, and
 * the rate limiter, counting where plugins/limits.ts says (Redis shared by every process, or this
 * process's memory). Routes opt in with `config.rateLimit`; an answer of 500 or more gives its count back.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const paystack = config.payment.provider === 'paystack';
  // The page's one inline script (the theme, before the first paint), allowed by its hash.
  const pageScripts = app.pageTemplate ? inlineScriptHashes(app.pageTemplate) : [];
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...pageScripts, ...(paystack ? ['https://js.paystack.co'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'", ...(paystack ? ['https://paystack.com'] : [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(paystack ? ['https://api.paystack.co'] : [])],
        frameSrc: paystack ? ['https://checkout.paystack.com'] : ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl?.startsWith('https://') ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // One frame policy: the CSP's frame-ancestors 'none' and, for browsers that only know the older
    // header, X-Frame-Options saying the same (Helmet's default, SAMEORIGIN, would allow our own pages).
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl?.startsWith('https://') ? undefined : false,
  });
  // The shop uses no camera, microphone, location or sensors; only Paystack's pop-up may ask for payment.
  headers['permissions-policy'] = permissionsPolicy(paystack);
  app.decorate('securityHeaders', headers);
  // Set as they are on every response (@fastify/helmet would build Helmet again for each request:
  // about 8% of the CPU of a catalogue read in the profile of docs/decisions/0007).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // API answers are personal (a profile, orders, tokens) unless a route says otherwise: the public
  // catalogue sets its own Cache-Control. Nothing else may be kept by a browser or a shared cache.
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done();
  });

  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
  });

  // One limit per route, whatever the trailing slash: the limiter keeps a count per registered route, so
  // a route registered as both `/x` and `/x/` would get twice its limit. Every route's limit is turned
  // into a limiter shared by the method and the path without its trailing slash. (This hook runs before
  // the limiter's own, which then sees `rateLimit: false`.)
  const shared = new Map<string, ReturnType<FastifyInstance['rateLimit']>>();
  app.decorateRequest('rateLimitKey', null);
  app.addHook('onRoute', (route) => {
    const options = route.config?.rateLimit;
    if (!options || typeof options !== 'object') return;
    const key = `${[route.method].flat().join(',')} ${route.url.replace(/\/+$/, '')}`;
    let limiter = shared.get(key);
    if (!limiter) {
      // Keys name the route too: one set of counters serves every route (plugins/limits.ts).
      const keyOf = options.keyGenerator ?? ((request: FastifyRequest) => request.ip);
      limiter = app.rateLimit({
        ...options,
        keyGenerator: async (request) => (request.rateLimitKey = `${key}|${await keyOf(request)}`),
      });
      shared.set(key, limiter);
    }
    route.config = { ...route.config, rateLimit: false };
    route.onRequest = [...[route.onRequest ?? []].flat(), limiter];
  });
  // A request that failed on our side (a 500, a 503 while the database is away) is given back before
  // its answer leaves: shoppers who retry after an outage find their whole limit, not a minute of 429s.
  // What the caller got wrong (4xx) and the limiter's own 429 still count.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.rateLimitKey !== null && reply.statusCode >= 500) {
      const key = request.rateLimitKey;
      request.rateLimitKey = null;
      await app.limits.giveBack(key);
    }
    return payload;
  });

  await app.register(rateLimit, {
    global: false,
    // Redis when it answers, this process's memory when it does not (plugins/limits.ts): never off.
    store: app.limits.rateLimitStore,
    skipOnError: false,
    // Thrown by the limiter: an AppError so the error handler writes `{ error }` like every other failure.
    errorResponseBuilder: (_request, context) =>
      new AppError(
        context.statusCode,
        `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every response carries (also sent by answers made before Fastify, lib/front.ts). */
    securityHeaders: Readonly<Record<string, string>>;
  }
  interface FastifyRequest {
    /** The key the rate limiter counted this request under, while it may still be given back. */
    rateLimitKey: string | null;
  }
}

const UNUSED_FEATURES = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'usb'];

/** Features no page of the shop uses are turned off; payment is left to the provider's pop-up when there is one. */
export function permissionsPolicy(paystack: boolean): string {
  return [
    ...UNUSED_FEATURES.map((feature) => `${feature}=()`),
    paystack ? 'payment=(self "https://checkout.paystack.com")' : 'payment=()',
  ].join(', ');
}

/** The headers Helmet sets, worked out once: none of our options depends on the request. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
