import Fastify from 'fastify';
import type { App } from './app.js';
import type { Config } from './config.js';
import { seedDemoCatalogueIfEmpty } from './seed/demo.js';
import { ensureAdminFromConfig } from './modules/accounts/index.js';
import { startEventDispatcher } from './modules/events/index.js';
import { storeJobs } from './jobs.js';
import { startScheduler } from './modules/jobs/index.js';
import { healthRoutes } from './plugins/health.js';

/** Whether a process of this role runs the background work (and the writes made once at start). */
export const runsBackgroundWork = (role: Config['role']) => role !== 'web';
/** Whether a process of this role answers the store's requests. */
export const servesRequests = (role: Config['role']) => role !== 'worker';

/**
 * What a starting server does once its database is migrated, by its role
 * (docs/decisions/0029-roles-and-production-settings.md). A `web` process does none of it: it answers
 * requests only, so a row of them started at once writes nothing. A `worker` or `all` process loads the
 * demo catalogue (SEED_DEMO), makes the first admin (ADMIN_EMAIL), and starts the background work: the
 * event dispatcher and the scheduler with every job of src/jobs.ts. Both stop when the app closes.
 */
export async function prepareStore(app: App) {
  if (!runsBackgroundWork(app.config.role)) return;
  if (app.config.seedDemo) await seedDemoCatalogueIfEmpty(app.db, app.config, app.log);
  await ensureAdminFromConfig(app.db, app.config, app.log);
  await startEventDispatcher(app);
  await startScheduler(app.db, app.log, storeJobs(app));
}

/**
 * What a `worker` serves over HTTP: /healthz and /readyz, the very routes of the store (the same
 * database and the same limits behind them), and 404 for any other address. The whole app is built
 * beside it, unheard, for what the background work needs of it (its database, mailer, logger, and the
 * hooks that stop each job when it closes).
 */
export async function buildProbeServer(app: App) {
  const probe = Fastify({ loggerInstance: app.log });
  probe.decorate('config', app.config);
  probe.decorate('database', app.database);
  probe.decorate('limits', app.limits);
  await probe.register(healthRoutes);
  return probe;
}
