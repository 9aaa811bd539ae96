import type { App } from './app.js';
import { seedDemoCatalogueIfEmpty } from './seed/demo.js';
import { ensureAdminFromConfig } from './modules/accounts/index.js';
import { startEventDispatcher } from './modules/events/index.js';
import { startRefundRetries } from './modules/fulfilment/index.js';
import { startDailyJobs } from './modules/mail/index.js';
import { startReservationSweeper } from './modules/orders/index.js';
import { startPaymentReconciliation } from './modules/payments/index.js';
import { startSaleScheduler } from './modules/promotions/index.js';

/** What a starting server does once its database is migrated: demo data, first admin, background jobs. */
export async function prepareStore(app: App) {
  if (app.config.seedDemo) await seedDemoCatalogueIfEmpty(app.db, app.config, app.log);
  await ensureAdminFromConfig(app.db, app.config, app.log);
  startReservationSweeper(app);
  await startEventDispatcher(app);
  startDailyJobs(app);
  startSaleScheduler(app);
  startRefundRetries(app);
  startPaymentReconciliation(app);
}
