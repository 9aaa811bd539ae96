import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { FrontServer } from './lib/front.js';
import { readPageTemplate } from './lib/html.js';
import { loggerOptions, requestLogger } from './lib/log.js';
import { traceRequests, tracingOn } from './lib/tracing.js';
import { accountsRoutes } from './modules/accounts/index.js';
import { activityRoutes } from './modules/activity/index.js';
import { addressesRoutes } from './modules/addresses/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { booksRoutes } from './modules/books/index.js';
import { catalogueRoutes } from './modules/catalogue/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { eventsRoutes } from './modules/events/index.js';
import { fulfilmentRoutes } from './modules/fulfilment/index.js';
import { downloadsRoutes } from './modules/downloads/index.js';
import { mailRoutes } from './modules/mail/index.js';
import { ordersRoutes, quoteRoutes } from './modules/orders/index.js';
import { paymentsRoutes } from './modules/payments/index.js';
import { promotionsRoutes } from './modules/promotions/index.js';
import { reportsRoutes } from './modules/reports/index.js';
import { reviewsRoutes } from './modules/reviews/index.js';
import { seoRoutes } from './modules/seo/index.js';
import { settingsRoutes } from './modules/settings/index.js';
import { shelvesRoutes } from './modules/shelves/index.js';
import { wishlistRoutes } from './modules/wishlist/index.js';
import { answersPlugin } from './plugins/answers.js';
import { authPlugin } from './plugins/auth.js';
import { answerFrameworkError, errorsPlugin } from './plugins/errors.js';
import { inputPlugin } from './plugins/input.js';
import { limitsPlugin } from './plugins/limits.js';
import { metricsPlugin } from './plugins/metrics.js';
import { healthRoutes } from './plugins/health.js';
import { stopScheduler } from './modules/jobs/index.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    /** Where a feature adds answers sent before Fastify sees the request (lib/front.ts). */
    front: FrontServer;
    /** The built storefront's index.html (WEB_DIST), read once at start; null without a web build. */
    pageTemplate: string | null;
  }
}

export type App = FastifyInstance;

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Upload limits; the accounts and catalogue modules check each file's bytes on top. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Builds the whole store server: external plugins, then our plugins, then routes. No listening and no
 * process concerns here (see server.ts), so tests build the real thing and use `inject`.
 */
export async function buildApp({ config, database, logger }: BuildOptions) {
  // The whole request, headers and body, must arrive within REQUEST_TIMEOUT_SECONDS (408 otherwise), so a
  // few clients sending a byte every few seconds cannot hold the server's sockets. Node checks the
  // deadlines every connectionsCheckingInterval, so that is kept well below the timeout.
  const requestTimeout = config.requestTimeoutSeconds * 1000;
  const front = new FrontServer();
  // The app itself, for what Fastify calls before any plugin (its answer to an address it cannot read).
  const self = (): FastifyInstance => app;
  const app = Fastify({
    serverFactory: front.factory,
    requestTimeout,
    http: {
      headersTimeout: Math.min(requestTimeout, 10_000),
      connectionsCheckingInterval: Math.max(250, Math.min(requestTimeout / 4, 5_000)),
    },
    logger: loggerOptions(config.logLevel, logger),
    childLoggerFactory: requestLogger,
    genReqId: front.requestId,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // What Fastify answers itself, before any route or hook (`/books/%E0%A4%A`: its router cannot
    // decode the path): in the shop's words (plugins/errors.ts).
    frameworkErrors: (error, request, reply) => answerFrameworkError(self(), error, request, reply as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('front', front);
  front.logTo(app.log, { trustProxy: config.trustProxy });
  app.decorate('pageTemplate', readPageTemplate(config.webDist));
  // The scheduler a worker starts (startup.ts) stops with the app, before the database closes.
  app.addHook('onClose', () => stopScheduler(database.db));

  // A server span per request, first of all hooks, when ops/tracing.ts started the SDK.
  if (tracingOn()) traceRequests(app);
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(limitsPlugin);
  await app.register(securityPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 40, fieldSize: 64 * 1024, parts: 50 },
  });
  await app.register(inputPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(answersPlugin);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogueRoutes);
      await api.register(booksRoutes);
      await api.register(shelvesRoutes);
      await api.register(contactRoutes);
      await api.register(accountsRoutes);
      await api.register(ordersRoutes);
      await api.register(paymentsRoutes);
      await api.register(wishlistRoutes);
      await api.register(reviewsRoutes);
      await api.register(adminRoutes);
      await api.register(eventsRoutes);
      await api.register(mailRoutes);
      await api.register(activityRoutes);
      await api.register(promotionsRoutes);
      await api.register(quoteRoutes);
      await api.register(addressesRoutes);
      await api.register(settingsRoutes);
      await api.register(fulfilmentRoutes);
      await api.register(downloadsRoutes);
      await api.register(reportsRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(seoRoutes);
  await app.register(webPlugin);
  return app;
}
