import { eq, sql } from 'drizzle-orm';
import type { App } from '../../app.js';
import { orders } from '../../db/schema.js';
import type { TestUser } from '../orders/test-fixtures.js';

/** Shortcuts for the payment tests: start an attempt, charge a sandbox card, verify, expire a reservation. */
export async function initialize(app: App, user: TestUser, orderId: number) {
  return app.inject({ method: 'POST', url: '/api/payments/initialize/', headers: user.headers, payload: { order_id: orderId } });
}

export async function charge(app: App, user: TestUser, reference: string, card = '4084 0840 8408 4081', expiry = '12/39') {
  return app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/charge/',
    headers: user.headers,
    payload: { reference, card_number: card, expiry, cvv: '408' },
  });
}

export async function verify(app: App, user: TestUser | null, orderId: number, reference: string) {
  return app.inject({
    method: 'POST',
    url: '/api/verify-payment/',
    headers: user?.headers ?? {},
    payload: { reference, order_id: orderId },
  });
}

export async function orderRow(app: App, orderId: number) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** Pretends the order's reservation ran out a minute ago. */
export async function expireReservation(app: App, orderId: number) {
  await app.db
    .update(orders)
    .set({ reservedUntil: sql`now() - interval '1 minute'` })
    .where(eq(orders.id, orderId));
}
