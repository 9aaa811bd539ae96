import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { findOrder } from '../orders/index.js';
import { ProviderUnavailable, type PaymentProvider } from './providers/types.js';
import { applyProviderEvent } from './service.js';

/**
 * Payments nobody came back to verify (docs/decisions/0018-after-the-sale.md, "Reconciliation"): a
 * shopper who paid and closed the tab before the confirmation page asked, a webhook that never came.
 * Now and then every attempt still 'pending' a while after it was last touched is asked of the
 * provider, as the verify call does (Paystack's `GET /transaction/verify/{reference}`, the sandbox's
 * ledger): a success pays its order through `applyProviderEvent`, exactly as a webhook would (so a
 * late one is refunded when its copies are gone), a failure is recorded, and an attempt still unpaid
 * once its order's hold has run out is 'abandoned' (a payment that still arrives later is applied by
 * the webhook or by verify all the same).
 */

export interface Reconciled {
  paid: number;
  failed: number;
  abandoned: number;
}

export async function reconcilePayments(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  olderThanSeconds = RECONCILE_AFTER_SECONDS,
): Promise<Reconciled> {
  const stale = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.provider, provider.name),
        lt(payments.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(100);
  const done: Reconciled = { paid: 0, failed: 0, abandoned: 0 };
  for (const attempt of stale) {
    let transaction;
    try {
      transaction = await provider.verifyTransaction(attempt.reference);
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      log.warn({ reference: attempt.reference }, 'payment provider unreachable during reconciliation; will retry');
      return done;
    }
    if (transaction.status === 'success' || transaction.status === 'failed') {
      const outcome = await applyProviderEvent(db, provider, log, { ...transaction, reference: attempt.reference });
      if (transaction.status === 'failed') done.failed += 1;
      else if (outcome === 'applied' || outcome === 'refunded') done.paid += 1;
      continue;
    }
    const order = await findOrder(db, attempt.orderId);
    const over =
      !order || order.paymentStatus === 'success' || order.stockReleased || order.reservedUntil < clock.now();
    if (over) {
      const [abandoned] = await db
        .update(payments)
        .set({ status: 'abandoned', updatedAt: sql`now()` })
        .where(and(eq(payments.id, attempt.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      if (abandoned) done.abandoned += 1;
    }
  }
  return done;
}

/** An attempt is asked about once nothing has touched it for this long. */
export const RECONCILE_AFTER_SECONDS = 120;
