import { SANDBOX_CARDS } from '@bookstore/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, expireReservation, orderRow, placeOrder, stockOf } from '../../test/factories.js';
import { charge, initialize } from '../../test/payments.js';
import { releaseExpiredReservations } from '../orders/reservations.js';
import { cardGroups, createPaymentProvider, reconcilePayments } from './index.js';

/**
 * Payments nobody verified (payments/reconcile.ts): charged in the pop-up, then the tab was closed
 * before the confirmation page asked. The scheduled reconciliation asks the provider, as verify would.
 */
const ctx = useTestApp();

async function charged(card: string | null, stock = 5) {
  const { app } = ctx();
  const shopper = await createUser(app);
  const book = await createBook(app, { price: '12.50', stock });
  const placed = await placeOrder(app, shopper, [{ book, quantity: 1 }]);
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().id as number;
  const { reference } = (await initialize(app, shopper, id)).json();
  if (card) await charge(app, shopper, reference, card);
  // Nothing has touched the attempt for five minutes.
  await app.db
    .update(payments)
    .set({ updatedAt: sql`now() - interval '5 minutes'` })
    .where(eq(payments.reference, reference));
  const reconcile = () => reconcilePayments(app.db, createPaymentProvider(app.config, app.db), app.log);
  const attempt = async () => (await app.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
  return { app, shopper, book, id, reference, reconcile, attempt };
}

describe('payment reconciliation', () => {
  it('pays an order whose card was charged but never verified, once', async () => {
    const { app, id, reconcile, attempt } = await charged(cardGroups(SANDBOX_CARDS.success));
    expect((await orderRow(app, id)).paymentStatus).toBe('pending');
    expect(await reconcile()).toEqual({ paid: 1, failed: 0, abandoned: 0 });
    expect(await orderRow(app, id)).toMatchObject({ paymentStatus: 'success', status: 'completed' });
    expect((await attempt()).status).toBe('success');
    expect(await reconcile()).toEqual({ paid: 0, failed: 0, abandoned: 0 });
  });

  it('refunds a charge found after the hold ran out and its copy was sold to someone else', async () => {
    const { app, id, book, reconcile } = await charged(cardGroups(SANDBOX_CARDS.success), 1);
    await expireReservation(app, id);
    await releaseExpiredReservations(app.db);
    const other = await placeOrder(app, await createUser(app), [{ book, quantity: 1 }]);
    expect(other.statusCode, other.body).toBe(201);
    expect(await stockOf(app, book.id)).toBe(0);
    expect(await reconcile()).toMatchObject({ paid: 1 });
    expect(await orderRow(app, id)).toMatchObject({
      paymentStatus: 'success',
      status: 'cancelled',
      refundedCents: 1250,
    });
  });

  it('records a declined charge as failed', async () => {
    const { reconcile, attempt } = await charged(cardGroups(SANDBOX_CARDS.declined));
    expect(await reconcile()).toEqual({ paid: 0, failed: 1, abandoned: 0 });
    expect((await attempt()).status).toBe('failed');
  });

  it('leaves an attempt open while its order is held, and abandons it once the hold has run out', async () => {
    const { app, id, reconcile, attempt } = await charged(null);
    expect(await reconcile()).toEqual({ paid: 0, failed: 0, abandoned: 0 });
    expect((await attempt()).status).toBe('pending');
    await expireReservation(app, id);
    expect(await reconcile()).toEqual({ paid: 0, failed: 0, abandoned: 1 });
    expect((await attempt()).status).toBe('abandoned');
  });
});
