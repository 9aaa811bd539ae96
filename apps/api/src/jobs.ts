import type { App } from './app.js';
import { deleteDeliveredEvents } from './modules/events/index.js';
import type { JobDeclaration } from './modules/jobs/index.js';
import { runDailyJobs } from './modules/mail/index.js';
import { sweepExpiredReservations } from './modules/orders/index.js';
import { createPaymentProvider, reconcilePayments, retryPendingRefunds } from './modules/payments/index.js';
import { runDueSales, SALE_BOUNDARIES_JOB } from './modules/promotions/index.js';

/**
 * Every job the store runs by time, in one place (docs/decisions/0032-one-scheduler.md). Patterns are
 * cron with seconds first, in UTC. Worker processes (ROLE=worker or all) run them on the scheduler:
 * each run on one worker, however many there are. A job that fails is logged and runs again at its next
 * time; the work of each is safe to repeat.
 */
export function storeJobs(app: App): JobDeclaration[] {
  const provider = createPaymentProvider(app.config, app.db);
  return [
    {
      // Unpaid orders whose reservation ran out give their copies back.
      name: 'release-expired-reservations',
      schedule: '*/30 * * * * *',
      run: async () => void (await sweepExpiredReservations(app.db, app.log)),
    },
    {
      // Sales start and end on time: the job asks to run again at the next start or end.
      name: SALE_BOUNDARIES_JOB,
      schedule: '*/30 * * * * *',
      run: ({ now }) => runDueSales(app.db, now),
    },
    {
      // Payments still pending a while after they were last touched are asked of the provider.
      name: 'payment-reconciliation',
      schedule: '0 * * * * *',
      run: async () => {
        const n = await reconcilePayments(app.db, provider, app.log);
        if (n.paid + n.failed + n.abandoned > 0) app.log.info(n, 'payments reconciled');
      },
    },
    {
      // Refunds the provider could not be reached for are asked again, with their own key.
      name: 'refund-retries',
      schedule: '30 * * * * *',
      run: async () => {
        const n = await retryPendingRefunds(app.db, provider, app.log);
        if (n > 0) app.log.info({ refunds: n }, 'pending refunds sent');
      },
    },
    {
      // The staff's low-stock digest, recorded once a day.
      name: 'low-stock-digest',
      schedule: '0 0 0 * * *',
      run: async ({ now }) => void (await runDailyJobs(app, now)),
    },
    {
      // Delivered events go after their retention.
      name: 'outbox-cleanup',
      schedule: '0 15 * * * *',
      leaseMs: 30 * 60_000,
      run: async ({ signal }) => void (await deleteDeliveredEvents(app.db, undefined, signal)),
    },
  ];
}
