import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refunds as refundsTable } from '../../db/schema.js';
import { buildApp, useTestApp } from '../../test/app.js';
import { createBook, createUser, expireReservation, orderRow, placeOrder, stockOf } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';
import { releaseExpiredReservations } from '../orders/reservations.js';

const ctx = useTestApp();

async function newOrder(stock = 5, quantity = 2, price = '12.50') {
  const { app } = ctx();
  const user = await createUser(app);
  const book = await createBook(app, { price, stock });
  const res = await placeOrder(app, user, [{ book, quantity }]);
  expect(res.statusCode).toBe(201);
  return { app, user, book, order: res.json() as { id: number; total_price: string } };
}

describe('POST /api/payments/initialize/', () => {
  it('opens an attempt with the pop-up config: reference, amount in minor units, currency, email, key', async () => {
    const { app, user, order } = await newOrder();
    const before = Date.now();
    const res = await initialize(app, user, order.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      provider: 'sandbox',
      amount: 2500,
      currency: 'USD',
      email: user.email,
      public_key: 'pk_test_sandbox',
      order_id: order.id,
    });
    const match = /^ORD-(\d+)-(\d+)$/.exec(body.reference);
    expect(match?.[1]).toBe(String(order.id));
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(before);
    // A second initialize while this attempt is open gets the same attempt back (no double charge).
    const again = await initialize(app, user, order.id);
    expect(again.json().reference).toBe(body.reference);
  });

  it("refuses guests, other people's orders, unknown orders and bad input", async () => {
    const { app, order } = await newOrder();
    const mallory = await createUser(app);
    expect(
      (await app.inject({ method: 'POST', url: '/api/payments/initialize/', payload: { order_id: order.id } }))
        .statusCode,
    ).toBe(401);
    const other = await initialize(app, mallory, order.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('Order not found');
    expect((await initialize(app, mallory, 999_999)).statusCode).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/payments/initialize/',
      headers: mallory.headers,
      payload: { order_id: 'one' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/payments/sandbox/charge/', () => {
  it('approves the success test card, declines the decline card and refuses other cards', async () => {
    const { app, user, order } = await newOrder();
    const { reference } = (await initialize(app, user, order.id)).json();

    const notCard = await charge(app, user, reference, '1234 5678 9012 3456');
    expect(notCard.statusCode).toBe(400);
    expect(notCard.json().fields.card_number).toEqual(['Enter a valid card number']);
    const expired = await charge(app, user, reference, '4084 0840 8408 4081', '01/20');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('expiry: This card has expired');
    const badCvv = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/charge/',
      headers: user.headers,
      payload: { reference, card_number: '4084084084084081', expiry: '12/39', cvv: '4' },
    });
    expect(badCvv.statusCode).toBe(400);
    const realCard = await charge(app, user, reference, '4242 4242 4242 4242');
    expect(realCard.statusCode).toBe(422);
    expect(realCard.json().error).toMatch(/test mode/);

    const declined = await charge(app, user, reference, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined. Please try another card.');

    // The shopper tries the other card in the same pop-up.
    const approved = await charge(app, user, reference);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ status: 'success', reference, message: 'Approved' });
    const twice = await charge(app, user, reference);
    expect(twice.statusCode).toBe(409);
    // Charging is not paying the order: only verification does that.
    expect((await orderRow(app, order.id)).paymentStatus).toBe('pending');
  });

  it("only charges the owner's own attempts", async () => {
    const { app, user, order } = await newOrder();
    const { reference } = (await initialize(app, user, order.id)).json();
    const mallory = await createUser(app);
    expect((await charge(app, mallory, reference)).statusCode).toBe(404);
    expect((await charge(app, user, 'ORD-1-123')).statusCode).toBe(404);
    const guest = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/charge/',
      payload: { reference, card_number: '4084084084084081', expiry: '12/39', cvv: '408' },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('POST /api/verify-payment/', () => {
  it('marks the order paid once the provider confirms, and is idempotent', async () => {
    const { app, user, book, order } = await newOrder(5, 2);
    const { reference } = (await initialize(app, user, order.id)).json();

    const early = await verify(app, user, order.id, reference);
    expect(early.statusCode).toBe(202);
    expect(early.json()).toEqual({ status: 'pending', error: 'The payment has not been completed yet' });

    expect((await charge(app, user, reference)).statusCode).toBe(200);
    const res = await verify(app, user, order.id, reference);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', order_status: 'completed' });

    const view = (await app.inject({ method: 'GET', url: `/api/orders/${order.id}/`, headers: user.headers })).json();
    expect(view).toMatchObject({ status: 'completed', payment_status: 'success', transaction_ref: reference });
    expect(view.paid_at).toEqual(expect.any(String));

    // Again, and again at the same time: still one sale.
    const again = await Promise.all([1, 2, 3].map(() => verify(app, user, order.id, reference)));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await stockOf(app, book.id)).toBe(3);
    expect((await orderRow(app, order.id)).paidAt).toEqual(view.paid_at ? new Date(view.paid_at) : null);

    const paidAgain = await initialize(app, user, order.id);
    expect(paidAgain.statusCode).toBe(409);
    expect(paidAgain.json().error).toBe('This order has already been paid');
  });

  it('reports a declined payment as failed', async () => {
    const { app, user, order } = await newOrder();
    const { reference } = (await initialize(app, user, order.id)).json();
    await charge(app, user, reference, '4000000000000002');
    const res = await verify(app, user, order.id, reference);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ status: 'failed', error: 'The payment was not successful' });
    expect((await orderRow(app, order.id)).paymentStatus).toBe('pending');
  });

  it("refuses forged references, another order's reference and other people's orders", async () => {
    const { app, user, order } = await newOrder();
    const other = await newOrder();
    const { reference } = (await initialize(app, user, order.id)).json();
    await charge(app, user, reference);
    const theirs = (await initialize(app, other.user, other.order.id)).json().reference;
    await charge(app, other.user, theirs);

    const forged = await verify(app, user, order.id, `ORD-${order.id}-1700000000000`);
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toEqual({ status: 'failed', error: 'This payment reference does not belong to this order' });

    // Someone else's real, successful payment does not pay my order.
    const borrowed = await verify(app, user, order.id, theirs);
    expect(borrowed.statusCode).toBe(422);
    expect((await orderRow(app, order.id)).paymentStatus).toBe('pending');

    // Nor can anybody but the owner verify (or learn about) an order.
    const stranger = await verify(app, other.user, order.id, reference);
    expect(stranger.statusCode).toBe(404);
    const guest = await verify(app, null, order.id, reference);
    expect(guest.statusCode).toBe(401);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/verify-payment/',
      headers: user.headers,
      payload: { reference: '', order_id: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await orderRow(app, order.id)).paymentStatus).toBe('pending');
  });

  it('completes a payment whose verification never ran, after the server was killed and restarted', async () => {
    const { app, user, order, book } = await newOrder(5, 1);
    const { reference } = (await initialize(app, user, order.id)).json();
    expect((await charge(app, user, reference)).statusCode).toBe(200);
    // The server dies here, before the browser's verification reaches it. A new server starts on the
    // same database and the browser (or the shopper, later) verifies.
    const restarted = await buildApp({ config: ctx().config, database: ctx().database, logger: false });
    try {
      const res = await verify(restarted, user, order.id, reference);
      expect(res.json()).toEqual({ status: 'success', order_status: 'completed' });
      expect(await stockOf(app, book.id)).toBe(4);
    } finally {
      await restarted.close();
    }
  });
});

describe('reservations', () => {
  it('gives back the copies of unpaid orders whose reservation ran out, once', async () => {
    const { app, book, order } = await newOrder(5, 2);
    // Another shopper buys the third copy (one shopper may hold 2 of 5 at a time).
    const buyer = await createUser(app);
    const paid = await placeOrder(app, buyer, [{ book, quantity: 1 }]);
    const paidId = paid.json().id;
    const { reference } = (await initialize(app, buyer, paidId)).json();
    await charge(app, buyer, reference);
    await verify(app, buyer, paidId, reference);
    expect(await stockOf(app, book.id)).toBe(2);

    await releaseExpiredReservations(app.db);
    expect(await stockOf(app, book.id)).toBe(2); // nothing ran out yet

    await expireReservation(app, order.id);
    await expireReservation(app, paidId);
    await releaseExpiredReservations(app.db);
    await releaseExpiredReservations(app.db);
    expect(await stockOf(app, book.id)).toBe(4); // the unpaid order's 2 copies, once; the sale stays sold
    expect(await orderRow(app, order.id)).toMatchObject({
      status: 'cancelled',
      stockReleased: true,
      paymentStatus: 'pending',
    });
    expect(await orderRow(app, paidId)).toMatchObject({ status: 'completed', stockReleased: false });
  });

  it('takes the copies again for a late payment when they are still there', async () => {
    const { app, user, book, order } = await newOrder(5, 2);
    const { reference } = (await initialize(app, user, order.id)).json();
    await charge(app, user, reference);
    await expireReservation(app, order.id);
    await releaseExpiredReservations(app.db);
    expect(await stockOf(app, book.id)).toBe(5);

    const res = await verify(app, user, order.id, reference);
    expect(res.json()).toEqual({ status: 'success', order_status: 'completed' });
    expect(await stockOf(app, book.id)).toBe(3);
    expect(await orderRow(app, order.id)).toMatchObject({
      status: 'completed',
      stockReleased: false,
      paymentStatus: 'success',
    });
  });

  it('refunds a late payment whose copies were sold meanwhile, never selling copies the shop does not have', async () => {
    const { app, user, book, order } = await newOrder(2, 2);
    const { reference } = (await initialize(app, user, order.id)).json();
    await charge(app, user, reference);
    await expireReservation(app, order.id);
    await releaseExpiredReservations(app.db);
    const rival = await createUser(app);
    expect((await placeOrder(app, rival, [{ book, quantity: 2 }])).statusCode).toBe(201);

    const res = await verify(app, user, order.id, reference);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'failed',
      error:
        'The time to pay for this order ran out and its books are no longer in stock, so your payment has been refunded. Please check out again.',
    });
    expect(await stockOf(app, book.id)).toBe(0); // never below zero, never sold twice
    expect(await orderRow(app, order.id)).toMatchObject({
      status: 'cancelled',
      fulfilmentStatus: 'cancelled',
      paymentStatus: 'success',
      transactionRef: reference,
      refundedCents: 2_500,
    });
    const again = await verify(app, user, order.id, reference);
    expect(again.statusCode).toBe(409);
    const refunds = await app.db.select().from(refundsTable).where(eq(refundsTable.orderId, order.id));
    expect(refunds).toMatchObject([{ status: 'succeeded', amountCents: 2_500, paymentReference: reference }]);
  });

  it('does not hold an expired order again: the shopper checks out again (holds cannot be renewed)', async () => {
    const { app, user, book, order } = await newOrder(3, 2);
    await expireReservation(app, order.id);
    await releaseExpiredReservations(app.db);
    expect(await stockOf(app, book.id)).toBe(3);

    const res = await initialize(app, user, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'The time to pay for this order has run out and its books are back on sale. Please check out again.',
    );
    expect(await stockOf(app, book.id)).toBe(3);
    expect(await orderRow(app, order.id)).toMatchObject({ status: 'cancelled', stockReleased: true });
  });

  it('turns off the Paystack webhook when the sandbox is the provider', async () => {
    const { app } = ctx();
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook/',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
