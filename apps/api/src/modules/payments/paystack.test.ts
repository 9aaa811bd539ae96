import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, useTestApp } from '../../test/app.js';
import {
  createBook,
  createUser,
  expireReservation,
  orderRow,
  placeOrder,
  stockOf,
  type TestUser,
} from '../../test/factories.js';
import { initialize, verify } from '../../test/payments.js';
import { startFakePaystack } from '../../test/paystack-fake.js';
import { eq } from 'drizzle-orm';
import { refunds } from '../../db/schema.js';
import { releaseExpiredReservations } from '../orders/reservations.js';
import { createPaymentProvider, retryPendingRefunds } from './index.js';

const fake = await startFakePaystack('sk_test_x');
afterAll(() => fake.close());

const ctx = useTestApp({
  payment: {
    provider: 'paystack',
    paystackSecretKey: 'sk_test_x',
    paystackPublicKey: 'pk_test_x',
    paystackBaseUrl: fake.url,
  },
});

/** An order with a started payment attempt, and what Paystack would record if the shopper paid it. */
async function startPayment(stock = 5, quantity = 1, price = '20.00') {
  const { app } = ctx();
  const user = await createUser(app);
  const book = await createBook(app, { price, stock });
  const order = (await placeOrder(app, user, [{ book, quantity }])).json() as { id: number };
  const init = await initialize(app, user, order.id);
  expect(init.statusCode).toBe(200);
  const { reference, amount, currency } = init.json();
  const paid = { status: 'success' as const, reference, amount, currency };
  return { app, user, book, orderId: order.id, reference, paid };
}

function sendWebhook(payload: string, headers: Record<string, string>) {
  return ctx().app.inject({ method: 'POST', url: '/api/payments/paystack/webhook/', headers, payload });
}

describe('Paystack verification', () => {
  it('hands the browser the public key (never the secret) and accepts a payment Paystack confirms', async () => {
    const { app, user, orderId, reference, paid, book } = await startPayment(5, 2, '20.00');
    const init = await initialize(app, user, orderId);
    expect(init.json()).toMatchObject({ provider: 'paystack', public_key: 'pk_test_x', amount: 4000, currency: 'USD' });
    expect(init.body).not.toContain('sk_test_x');

    fake.transactions.set(reference, paid);
    const res = await verify(app, user, orderId, reference);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', order_status: 'completed' });
    expect(await orderRow(app, orderId)).toMatchObject({
      paymentStatus: 'success',
      status: 'completed',
      transactionRef: reference,
    });
    expect(await stockOf(app, book.id)).toBe(3);

    // A second verification does not even ask Paystack again.
    const calls = fake.calls;
    expect((await verify(app, user, orderId, reference)).json().status).toBe('success');
    expect(fake.calls).toBe(calls);
  });

  it.each([
    ['a smaller amount', { amount: 100 }, 'The amount paid does not match the order total'],
    ['a larger amount', { amount: 999_999 }, 'The amount paid does not match the order total'],
    ['another currency', { currency: 'NGN' }, 'The payment was made in a different currency than the order'],
    ['another reference', { reference: 'ORD-1-1' }, 'The provider reported a different payment reference'],
  ])('refuses a success with %s', async (_name, change, message) => {
    const { app, user, orderId, reference, paid } = await startPayment();
    fake.transactions.set(reference, { ...paid, ...change });
    const res = await verify(app, user, orderId, reference);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 'failed', error: message });
    expect((await orderRow(app, orderId)).paymentStatus).toBe('pending');
  });

  it('reports failed, unfinished and unknown transactions, and an unreachable provider', async () => {
    const { app, user, orderId, reference, paid } = await startPayment();

    const unknown = await verify(app, user, orderId, reference);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ status: 'failed', error: 'The payment provider has no record of this payment' });

    fake.transactions.set(reference, { ...paid, status: 'abandoned' });
    const unfinished = await verify(app, user, orderId, reference);
    expect(unfinished.statusCode).toBe(202);
    expect(unfinished.json().status).toBe('pending');

    fake.transactions.set(reference, { ...paid, status: 'failed' });
    const failed = await verify(app, user, orderId, reference);
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toEqual({ status: 'failed', error: 'The payment was not successful' });

    fake.down = true;
    try {
      const down = await verify(app, user, orderId, reference);
      expect(down.statusCode).toBe(502);
      expect(down.json().status).toBe('pending');
    } finally {
      fake.down = false;
    }
    expect((await orderRow(app, orderId)).paymentStatus).toBe('pending');
  });

  it("never lets a stranger verify someone else's order, nor a reference of another order", async () => {
    const first = await startPayment();
    const second = await startPayment();
    fake.transactions.set(first.reference, first.paid);
    fake.transactions.set(second.reference, second.paid);
    const stranger = await verify(first.app, second.user, first.orderId, first.reference);
    expect(stranger.statusCode).toBe(404);
    const crossed = await verify(first.app, first.user, first.orderId, second.reference);
    expect(crossed.statusCode).toBe(422);
    expect((await orderRow(first.app, first.orderId)).paymentStatus).toBe('pending');
  });

  it('has no sandbox charge endpoint', async () => {
    const { app, user, reference } = await startPayment();
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/charge/',
      headers: user.headers,
      payload: { reference, card_number: '4084084084084081', expiry: '12/39', cvv: '408' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('Paystack webhook', () => {
  it('refuses deliveries without a valid signature', async () => {
    const { orderId, reference, paid } = await startPayment();
    const good = fake.webhook('charge.success', paid);

    const unsigned = await sendWebhook(good.payload, { 'content-type': 'application/json' });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error).toBe('Invalid webhook signature');

    const wrongKey = fake.webhook('charge.success', paid, 'sk_attacker');
    expect((await sendWebhook(wrongKey.payload, wrongKey.headers)).statusCode).toBe(401);

    // The signature is over the exact bytes: re-serialising (even equivalent JSON) breaks it.
    const reformatted = JSON.stringify(JSON.parse(good.payload), null, 2);
    expect((await sendWebhook(reformatted, good.headers)).statusCode).toBe(401);
    const tampered = good.payload.replace(`"amount":${paid.amount}`, '"amount":1');
    expect((await sendWebhook(tampered, good.headers)).statusCode).toBe(401);
    const garbage = await sendWebhook(good.payload, { ...good.headers, 'x-paystack-signature': 'zz' });
    expect(garbage.statusCode).toBe(401);

    expect((await orderRow(ctx().app, orderId)).paymentStatus).toBe('pending');
    void reference;
  });

  it('completes the order on charge.success, once, together with verification', async () => {
    const { app, user, orderId, reference, paid, book } = await startPayment(3, 2);
    fake.transactions.set(reference, paid);
    const delivery = fake.webhook('charge.success', paid);
    const results = await Promise.all([
      sendWebhook(delivery.payload, delivery.headers),
      verify(app, user, orderId, reference),
      sendWebhook(delivery.payload, delivery.headers),
      verify(app, user, orderId, reference),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results[1]!.json().status).toBe('success');
    expect(await orderRow(app, orderId)).toMatchObject({
      paymentStatus: 'success',
      status: 'completed',
      transactionRef: reference,
    });
    expect(await stockOf(app, book.id)).toBe(1);
  });

  it('refunds through Paystack a second charge that arrives for a paid order', async () => {
    const { app, user, orderId, reference: first, paid } = await startPayment();
    // The first attempt is declined and closed; a second one pays; then the first is charged after all.
    fake.transactions.set(first, { ...paid, status: 'failed' });
    expect((await verify(app, user, orderId, first)).statusCode).toBe(402);
    const second = (await initialize(app, user, orderId)).json().reference as string;
    expect(second).not.toBe(first);
    fake.transactions.set(second, { ...paid, reference: second });
    expect((await verify(app, user, orderId, second)).json()).toMatchObject({ status: 'success' });

    fake.transactions.set(first, paid);
    const late = fake.webhook('charge.success', paid);
    expect((await sendWebhook(late.payload, late.headers)).statusCode).toBe(200);
    expect((await sendWebhook(late.payload, late.headers)).statusCode).toBe(200);
    expect(fake.refunds).toEqual([{ transaction: first, amount: paid.amount }]);
    expect((await verify(app, user, orderId, first)).statusCode).toBe(409);
    expect(fake.refunds).toHaveLength(1);
    expect(await orderRow(app, orderId)).toMatchObject({ paymentStatus: 'success', transactionRef: second });
  });

  it('ignores other events, unknown references and payments that do not match the order', async () => {
    const { app, orderId, paid } = await startPayment();
    const other = fake.webhook('transfer.success', paid);
    expect((await sendWebhook(other.payload, other.headers)).json()).toEqual({ received: true });
    const unknown = fake.webhook('charge.success', { ...paid, reference: 'ORD-0-0' });
    expect((await sendWebhook(unknown.payload, unknown.headers)).statusCode).toBe(200);
    const cheap = fake.webhook('charge.success', { ...paid, amount: 1 });
    expect((await sendWebhook(cheap.payload, cheap.headers)).statusCode).toBe(200);
    const naira = fake.webhook('charge.success', { ...paid, currency: 'NGN' });
    expect((await sendWebhook(naira.payload, naira.headers)).statusCode).toBe(200);
    expect((await orderRow(app, orderId)).paymentStatus).toBe('pending');
  });

  it('completes a payment whose verification never ran (server killed), also after the reservation ran out', async () => {
    const { app, user, orderId, reference, paid, book } = await startPayment(4, 2);
    // Paystack took the money; the server died before the browser's verification arrived.
    fake.transactions.set(reference, paid);
    await expireReservation(app, orderId);
    await releaseExpiredReservations(app.db);
    expect(await stockOf(app, book.id)).toBe(4);
    expect((await orderRow(app, orderId)).status).toBe('cancelled');

    // A fresh server on the same database gets Paystack's (retried) webhook.
    const restarted = await buildApp({ config: ctx().config, database: ctx().database, logger: false });
    try {
      const delivery = fake.webhook('charge.success', paid);
      const res = await restarted.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook/',
        headers: delivery.headers,
        payload: delivery.payload,
      });
      expect(res.statusCode).toBe(200);
      expect(await orderRow(app, orderId)).toMatchObject({
        paymentStatus: 'success',
        status: 'completed',
        stockReleased: false,
      });
      expect(await stockOf(app, book.id)).toBe(2);
      // The shopper's later verification agrees, and changes nothing.
      expect((await verify(restarted, user, orderId, reference)).json()).toEqual({
        status: 'success',
        order_status: 'completed',
      });
      expect(await stockOf(app, book.id)).toBe(2);
    } finally {
      await restarted.close();
    }
  });

  it('takes the copies of a released order once when verify and webhook race', async () => {
    // 20 copies: one shopper may hold 3 of them (15%).
    const { app, user, orderId, reference, paid, book } = await startPayment(20, 3);
    fake.transactions.set(reference, paid);
    await expireReservation(app, orderId);
    await releaseExpiredReservations(app.db);
    const delivery = fake.webhook('charge.success', paid);
    const everyone: Promise<unknown>[] = [];
    for (let i = 0; i < 4; i++) {
      everyone.push(sendWebhook(delivery.payload, delivery.headers), verify(app, user as TestUser, orderId, reference));
    }
    await Promise.all(everyone);
    expect(await stockOf(app, book.id)).toBe(17);
    expect((await orderRow(app, orderId)).status).toBe('completed');
  });
});

describe('refunds through Paystack', () => {
  async function paidThroughPaystack(price = '20.00') {
    const started = await startPayment(5, 1, price);
    fake.transactions.set(started.reference, started.paid);
    expect((await verify(started.app, started.user, started.orderId, started.reference)).statusCode).toBe(200);
    const staff = await createUser(started.app, { staff: true });
    const refund = (amount?: string) =>
      started.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${started.orderId}/refund/`,
        headers: staff.headers,
        ...(amount ? { payload: { amount } } : {}),
      });
    return { ...started, staff, refund };
  }
  const recorded = (orderId: number) => ctx().app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const retry = () => {
    const { app } = ctx();
    return retryPendingRefunds(app.db, createPaymentProvider(app.config, app.db), app.log, 0);
  };

  it('asks Paystack for a partial refund, then the rest, each with its own key as merchant note', async () => {
    const { orderId, reference, refund } = await paidThroughPaystack();
    expect((await refund('5.00')).json()).toMatchObject({ refunded_amount: '5.00' });
    expect((await refund()).json()).toMatchObject({ refunded_amount: '20.00' });
    expect(fake.refunds.filter((r) => r.transaction === reference)).toEqual([
      { transaction: reference, amount: 500, merchant_note: `RFD-${orderId}-1` },
      { transaction: reference, amount: 1500, merchant_note: `RFD-${orderId}-2` },
    ]);
    expect((await recorded(orderId)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('keeps a refund pending while Paystack is down and sends it once when it is back', async () => {
    const { orderId, reference, refund } = await paidThroughPaystack();
    fake.down = true;
    try {
      const res = await refund('7.00');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ refunded_amount: '7.00', refunds: [{ amount: '7.00', status: 'pending' }] });
      expect(await retry()).toBe(0);
    } finally {
      fake.down = false;
    }
    expect(await retry()).toBe(1);
    expect(await retry()).toBe(0);
    expect(fake.refunds.filter((r) => r.transaction === reference)).toHaveLength(1);
    expect(await recorded(orderId)).toMatchObject([{ status: 'succeeded', attempts: 3 }]);
  });

  it('never refunds twice when the answer to a refund was lost: the retry finds it by its key', async () => {
    const { orderId, reference, refund } = await paidThroughPaystack();
    fake.loseNextRefundAnswer = true;
    expect((await refund('3.00')).json().refunds).toMatchObject([{ status: 'pending' }]);
    expect(await retry()).toBe(1);
    expect(fake.refunds.filter((r) => r.transaction === reference)).toEqual([
      { transaction: reference, amount: 300, merchant_note: `RFD-${orderId}-1` },
    ]);
    expect(await recorded(orderId)).toMatchObject([{ status: 'succeeded' }]);
  });

  it('a refund Paystack refuses becomes failed and stops counting as refunded', async () => {
    const { app, orderId, reference, refund } = await paidThroughPaystack();
    // Paystack's own record says more was given back already (a refund from its dashboard).
    fake.refunds.push({ transaction: reference, amount: 1900 });
    const res = await refund('5.00');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refunded_amount: '0.00', refunds: [{ status: 'failed', amount: '5.00' }] });
    expect(
      res
        .json()
        .events.map((e: { type: string }) => e.type)
        .slice(-2),
    ).toEqual(['refunded', 'refund_failed']);
    expect((await orderRow(app, orderId)).refundedCents).toBe(0);
    // Taken back off where it was counted too: the lines and delivery say nothing was given back.
    expect(res.json().items.map((i: { refunded_amount: string }) => i.refunded_amount)).toEqual(['0.00']);
    expect(res.json().summary).toMatchObject({ refunded: '0.00', shipping_refunded: '0.00', net: '20.00' });
    expect(res.json().refund_status).toBe('none');
  });
});
