import { SANDBOX_CARDS } from '@bookstore/contract';
import type { App } from './app.js';
import { cardGroups } from '../modules/payments/index.js';
import type { TestUser } from './factories.js';

/** Shortcuts for the payment tests: start an attempt, charge a sandbox card, verify. */
export async function initialize(app: App, user: TestUser, orderId: number) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/initialize/',
    headers: user.headers,
    payload: { order_id: orderId },
  });
}

export async function charge(
  app: App,
  user: TestUser,
  reference: string,
  card = cardGroups(SANDBOX_CARDS.success),
  expiry = '12/39',
) {
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
