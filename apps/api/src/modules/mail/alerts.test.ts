import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/app.js';
import {
  createAccount,
  createBook,
  createUser,
  expireReservation,
  placeOrder,
  uniqueName,
} from '../../test/factories.js';
import { linkIn, useMailbox } from '../../test/mailbox.js';
import { charge, initialize, verify } from '../../test/payments.js';
import { multipart } from '../../test/uploads.js';
import { recordEvent, startEventDispatcher } from '../events/index.js';
import { releaseExpiredReservations } from '../orders/reservations.js';
import { LOW_STOCK_THRESHOLD, runDailyJobs } from './index.js';

/** Back in stock, the low-stock digest and the after-sale notices, received over SMTP. */
const mailbox = useMailbox();
const ctx = useTestApp(() => ({ mail: { smtpUrl: mailbox().url } }));
const app = () => ctx().app;
beforeAll(async () => {
  await startEventDispatcher(app(), { pollMs: 50, backoffMs: () => 100 });
});

async function setStock(staff: { auth: Record<string, string> }, id: number, stock: number) {
  const { payload, headers } = await multipart({ stock_amount: String(stock) });
  const res = await app().inject({
    method: 'PUT',
    url: `/api/books/update/${id}/`,
    payload,
    headers: { ...headers, ...staff.auth },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("Email me when it's back", () => {
  it('tells each waiting shopper once when staff restock, and staff see how many wait', async () => {
    const staff = await createAccount(app(), { staff: true });
    const [ada, bob] = [await createUser(app()), await createUser(app())];
    const title = `Sold Out ${uniqueName()}`;
    const book = await createBook(app(), { price: '9.00', stock: 0, title });
    const notify = (user: { headers: Record<string, string> } | null, id = book.id) =>
      app().inject({ method: 'POST', url: `/api/books/${id}/notify/`, headers: user?.headers ?? {} });

    const asked = await notify(ada);
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({ waiting: true, message: "We'll e-mail you when it's back." });
    expect((await notify(ada)).statusCode).toBe(201);
    expect((await notify(bob)).statusCode).toBe(201);
    expect((await notify(null)).statusCode).toBe(401);
    expect((await notify(ada, 99_999_999)).statusCode).toBe(404);
    expect((await app().inject({ url: `/api/books/${book.id}/notify/`, headers: ada.headers })).json().waiting).toBe(
      true,
    );
    const inStock = await createBook(app(), { price: '9.00', stock: 4 });
    const refused = await notify(ada, inStock.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This book is in stock: you can order it now.');

    const waiting = async () =>
      (await app().inject({ url: `/api/admin/books/?search=${encodeURIComponent(title)}`, headers: staff.auth })).json()
        .data[0].waiting;
    expect(await waiting()).toBe(2);

    await setStock(staff, book.id, 5);
    for (const user of [ada, bob]) {
      const mail = await mailbox().next((m) => m.to.includes(user.email) && m.subject === `Back in stock: ${title}`);
      expect(linkIn(mail, '/book/')).toMatch(new RegExp(`/book/${encodeURIComponent(title)}$`));
    }
    expect(await waiting()).toBe(0);
    expect((await app().inject({ url: `/api/books/${book.id}/notify/`, headers: ada.headers })).json().waiting).toBe(
      false,
    );

    // Out again and back again: the closed requests get nothing more.
    await setStock(staff, book.id, 0);
    await setStock(staff, book.id, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox().received.filter((m) => m.subject === `Back in stock: ${title}`)).toHaveLength(2);
  });
});

describe('the low-stock digest', () => {
  it('goes once a day to staff, listing the books at or under the threshold', async () => {
    const staff = await createAccount(app(), { staff: true });
    const title = `Nearly Gone ${uniqueName()}`;
    await createBook(app(), { price: '9.00', stock: LOW_STOCK_THRESHOLD, title });
    const day = new Date('2031-03-04T08:00:00Z');
    expect(await runDailyJobs(app(), day)).toBe(true);
    expect(await runDailyJobs(app(), new Date('2031-03-04T20:00:00Z'))).toBe(false);
    const mail = await mailbox().next((m) => m.to.includes(staff.user.email) && m.subject.startsWith('Low stock:'));
    expect(mail.subject).toMatch(new RegExp(`^Low stock: \\d+ books? at ${LOW_STOCK_THRESHOLD} or fewer$`));
    expect(mail.text).toContain(title);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(
      mailbox().received.filter((m) => m.to.includes(staff.user.email) && m.subject.startsWith('Low stock:')),
    ).toHaveLength(1);
  });

  it('is not sent when nothing is low', async () => {
    const quiet = await createTestApp({ mail: { smtpUrl: mailbox().url } });
    try {
      await startEventDispatcher(quiet.app, { pollMs: 50 });
      const staff = await createAccount(quiet.app, { staff: true });
      await createBook(quiet.app, { price: '9.00', stock: LOW_STOCK_THRESHOLD + 10 });
      expect(await runDailyJobs(quiet.app)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(mailbox().received.some((m) => m.to.includes(staff.user.email))).toBe(false);
    } finally {
      await quiet.close();
    }
  });
});

describe('after the sale', () => {
  async function anOrder() {
    const user = await createUser(app());
    const book = await createBook(app(), { price: '12.00', stock: 5 });
    const order = (await placeOrder(app(), user, [{ book, quantity: 1 }])).json() as { id: number };
    return { user, orderId: order.id };
  }

  it('shipped: the carrier and tracking number', async () => {
    const { user, orderId } = await anOrder();
    await app().db.transaction((tx) =>
      recordEvent(tx, {
        type: 'order.shipped',
        key: orderId,
        payload: {
          orderId,
          carrier: 'An Post',
          trackingNumber: 'LX123456789IE',
          trackingUrl: 'https://track.example/LX123456789IE',
        },
      }),
    );
    const mail = await mailbox().next(
      (m) => m.to.includes(user.email) && m.subject === `Your order #${orderId} is on its way`,
    );
    expect(mail.text).toContain('LX123456789IE');
    expect(linkIn(mail, 'track.example')).toBe('https://track.example/LX123456789IE');
  });

  it('refunded: the amount, with formatMoney', async () => {
    const { user, orderId } = await anOrder();
    await app().db.transaction((tx) =>
      recordEvent(tx, { type: 'order.refunded', key: orderId, payload: { orderId, amountCents: 1200 } }),
    );
    const mail = await mailbox().next(
      (m) => m.to.includes(user.email) && m.subject === `A refund for your order #${orderId}`,
    );
    expect(mail.text).toContain('We have refunded $12.00');
  });
});

describe('a new paid order, to staff', () => {
  it('goes to each staff member who has not turned it off, with the order and a link to it', async () => {
    const [told, quiet] = [await createUser(app(), { staff: true }), await createUser(app(), { staff: true })];
    const off = await app().inject({
      method: 'PUT',
      url: '/api/profile/notifications/',
      headers: quiet.headers,
      payload: { paid_orders: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ paid_orders: false });
    const profile = await app().inject({ url: '/api/profile/', headers: quiet.headers });
    expect(profile.json().staff_notifications).toEqual({ paid_orders: false });

    const shopper = await createUser(app());
    const title = `Paid ${uniqueName()}`;
    const book = await createBook(app(), { price: '12.00', stock: 5, title });
    const orderId = (await placeOrder(app(), shopper, [{ book, quantity: 2 }])).json().id as number;
    const { reference } = (await initialize(app(), shopper, orderId)).json();
    await charge(app(), shopper, reference);
    expect((await verify(app(), shopper, orderId, reference)).json().status).toBe('success');

    const mail = await mailbox().next(
      (m) => m.to.includes(told.email) && m.subject === `New order #${orderId} paid: ${app().config.shop.name}`,
    );
    expect(mail.text).toContain(shopper.email);
    expect(mail.text).toContain(title);
    expect(mail.text).toContain('24.00');
    expect(linkIn(mail, '/admin/orders/')).toMatch(new RegExp(`/admin/orders/${orderId}$`));
    // The customer's own confirmation went as ever; the staff member who turned it off got nothing.
    await mailbox().next((m) => m.to.includes(shopper.email) && m.subject.includes(`#${orderId}`));
    expect(mailbox().received.filter((m) => m.to.includes(quiet.email))).toEqual([]);
  });

  it('is a setting of staff only, true or false', async () => {
    const shopper = await createUser(app());
    const put = (headers: Record<string, string>, payload: unknown) =>
      app().inject({ method: 'PUT', url: '/api/profile/notifications/', headers, payload: payload as object });
    expect((await put(shopper.headers, { paid_orders: false })).statusCode).toBe(403);
    expect((await put({}, { paid_orders: false })).statusCode).toBe(401);
    const staff = await createUser(app(), { staff: true });
    const bad = await put(staff.headers, { paid_orders: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('paid_orders must be true or false');
    expect(
      (await app().inject({ url: '/api/profile/', headers: shopper.headers })).json().staff_notifications,
    ).toBeUndefined();
  });
});

describe('back in stock when a reservation runs out', () => {
  it('tells the waiting shopper when copies held by an unpaid order come back', async () => {
    const holder = await createUser(app());
    const waiter = await createUser(app());
    const title = `Held Back ${uniqueName()}`;
    const book = await createBook(app(), { price: '8.00', stock: 1, title });
    const order = (await placeOrder(app(), holder, [{ book, quantity: 1 }])).json() as { id: number };
    expect(
      (await app().inject({ method: 'POST', url: `/api/books/${book.id}/notify/`, headers: waiter.headers }))
        .statusCode,
    ).toBe(201);
    await expireReservation(app(), order.id);
    await releaseExpiredReservations(app().db);
    const mail = await mailbox().next((m) => m.to.includes(waiter.email) && m.subject === `Back in stock: ${title}`);
    expect(linkIn(mail, '/book/')).toMatch(new RegExp(`/book/${encodeURIComponent(title)}$`));
  });
});
