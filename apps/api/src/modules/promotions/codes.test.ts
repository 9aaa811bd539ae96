import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { useTestApp } from '../../test/app.js';
import {
  addressOf,
  createUser,
  expireReservation,
  insertBook,
  insertCategory,
  type TestUser,
} from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';
import { releaseExpiredReservations } from '../orders/reservations.js';

/** Promo codes: the staff's Codes tab, the cart's quote, and the code at checkout, paid and released. */
const t = useTestApp();
const app = () => t().app;

const DAY = 24 * 60 * 60 * 1000;
let now = Date.now();
const realNow = clock.now;
clock.now = () => new Date(now);
afterAll(() => {
  clock.now = realNow;
});
const at = (offset: number) => new Date(now + offset).toISOString();

let staff: TestUser;
let shopper: TestUser;
let categoryId: number;
let book: { id: number; price: string };
let other: { id: number; price: string };
beforeAll(async () => {
  staff = await createUser(app(), { staff: true });
  shopper = await createUser(app());
  categoryId = (await insertCategory(app().db)).id;
  book = { id: (await insertBook(app().db, { priceCents: 2000, stockAmount: 50, categoryId })).id, price: '20.00' };
  other = { id: (await insertBook(app().db, { priceCents: 1000, stockAmount: 50 })).id, price: '10.00' };
});

function newCode(body: Record<string, unknown>, who: TestUser | null = staff) {
  return app().inject({ method: 'POST', url: '/api/admin/promo-codes/', headers: who?.headers ?? {}, payload: body });
}

function quote(code: string | undefined, items = [{ book: book.id, quantity: 1 }], who: TestUser | null = shopper) {
  return app().inject({
    method: 'POST',
    url: '/api/cart/quote/',
    headers: who?.headers ?? {},
    payload: { items, ...(code === undefined ? {} : { code }) },
  });
}

async function order(who: TestUser, code: string, total: string, lines = [{ b: book, quantity: 1 }]) {
  return app().inject({
    method: 'POST',
    url: '/api/orders/',
    headers: who.headers,
    remoteAddress: addressOf(who),
    payload: {
      total_price: total,
      promo_code: code,
      items: lines.map((l) => ({ book: l.b.id, quantity: l.quantity, price: l.b.price })),
    },
  });
}

/** The code as staff see it in the Codes tab's list. */
async function codeRow(code: string) {
  const list = await app().inject({ method: 'GET', url: '/api/admin/promo-codes/', headers: staff.headers });
  expect(list.statusCode).toBe(200);
  return list.json().data.find((c: { code: string }) => c.code === code) as Record<string, unknown>;
}

async function pay(who: TestUser, orderId: number) {
  const started = await initialize(app(), who, orderId);
  const reference = started.json().reference as string;
  await charge(app(), who, reference);
  const verified = await verify(app(), who, orderId, reference);
  expect(verified.statusCode).toBe(200);
}

describe('promo codes', () => {
  it('staff create codes; bad ones are refused by field, a taken code is a 409, and only staff may', async () => {
    const res = await newCode({ code: 'save10', kind: 'percent', percent_off: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'SAVE10', kind: 'percent', percent_off: 10, uses: 0, revenue: '0.00' });
    const taken = await newCode({ code: 'SAVE10', kind: 'amount', amount_off: '5' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.code).toEqual(['There is already a code with this name']);
    const bad = await newCode({ code: 'a b', kind: 'percent' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      code: ['A code is 3 to 30 letters, digits or dashes'],
      percent_off: ['The percentage off must be a whole number from 1 to 100'],
    });
    expect((await newCode({ code: 'NOPE1', kind: 'free_delivery' }, null)).statusCode).toBe(401);
    expect((await newCode({ code: 'NOPE1', kind: 'free_delivery' }, shopper)).statusCode).toBe(403);
    const list = await app().inject({ method: 'GET', url: '/api/admin/promo-codes/', headers: shopper.headers });
    expect(list.statusCode).toBe(403);
  });

  it('the quote prices the cart with the code, line by line, without placing an order', async () => {
    const res = await quote('save10', [
      { book: book.id, quantity: 2 },
      { book: other.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lines: [
        {
          book: book.id,
          edition_id: expect.any(Number),
          format: 'Paperback',
          condition: 'New',
          title: expect.any(String),
          quantity: 2,
          price: '20.00',
          protection_price: '0.00',
          discount: '4.00',
          total: '36.00',
        },
        {
          book: other.id,
          edition_id: expect.any(Number),
          format: 'Paperback',
          condition: 'New',
          title: expect.any(String),
          quantity: 1,
          price: '10.00',
          protection_price: '0.00',
          discount: '1.00',
          total: '9.00',
        },
      ],
      subtotal: '50.00',
      discount: '5.00',
      shipping: '0.00',
      total: '45.00',
      code: 'SAVE10',
    });
    const guest = await quote(undefined, [{ book: book.id, quantity: 1 }], null);
    expect(guest.json()).toMatchObject({ discount: '0.00', total: '20.00', code: null });
    const invalid = await quote('SAVE10', []);
    expect(invalid.statusCode).toBe(400);
  });

  it('each rule says why a code does not apply', async () => {
    await newCode({ code: 'OLD', kind: 'percent', percent_off: 10, ends_at: at(-DAY) });
    await newCode({ code: 'SOON', kind: 'percent', percent_off: 10, starts_at: at(DAY) });
    await newCode({ code: 'BIG', kind: 'amount', amount_off: '5', min_subtotal: '50' });
    await newCode({ code: 'NOVELS', kind: 'percent', percent_off: 10, category_ids: [categoryId + 1000] });
    const refused = async (code: string, message: string) => {
      const res = await quote(code);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: message, fields: { promo_code: [message] } });
    };
    await refused('NOSUCH', 'This code does not exist. Check the spelling and try again.');
    await refused('old', 'This code has expired.');
    await refused('SOON', 'This code is not valid yet.');
    await refused('BIG', 'This code needs an order of at least $50.00 before delivery.');
    await refused('NOVELS', 'This code is not valid for the books in your cart.');
    // The clock moves on: the code that was not valid yet now is.
    now += DAY;
    expect((await quote('SOON')).statusCode).toBe(200);
  });

  it('a free-delivery code takes off the delivery method the cart chose', async () => {
    await newCode({ code: 'SHIPFREE', kind: 'free_delivery' });
    const res = await app().inject({
      method: 'POST',
      url: '/api/cart/quote/',
      headers: shopper.headers,
      payload: { items: [{ book: book.id, quantity: 1 }], code: 'shipfree', shipping_method: 'express' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subtotal: '20.00', shipping: '9.99', discount: '9.99', total: '20.00' });
    const unknown = await app().inject({
      method: 'POST',
      url: '/api/cart/quote/',
      payload: { items: [{ book: book.id, quantity: 1 }], shipping_method: 'by-pigeon' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toBe('This delivery method is not offered. Please choose another one.');
  });

  it('a code for some books discounts only those lines', async () => {
    await newCode({ code: 'CAT5', kind: 'amount', amount_off: '5', category_ids: [categoryId] });
    const res = await quote('CAT5', [
      { book: book.id, quantity: 1 },
      { book: other.id, quantity: 1 },
    ]);
    expect(res.json()).toMatchObject({ discount: '5.00', total: '25.00' });
    expect(res.json().lines.map((l: { discount: string }) => l.discount)).toEqual(['5.00', '0.00']);
  });

  it('the order stores the code and each line its share; paid uses count, expired ones come back', async () => {
    await newCode({ code: 'ONCE', kind: 'percent', percent_off: 25, max_uses: 2, max_uses_per_customer: 1 });
    // A total without the discount is the usual 409: the shopper saw another total.
    expect((await order(shopper, 'ONCE', '20.00')).statusCode).toBe(409);
    const placed = await order(shopper, 'ONCE', '15.00');
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({
      promo_code: 'ONCE',
      discount: '5.00',
      total_price: '15.00',
      items: [{ book: book.id, discount: '5.00' }],
    });
    const again = await order(shopper, 'ONCE', '15.00');
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe('You have already used this code.');
    expect((await quote('ONCE')).json().error).toBe('You have already used this code.');

    const second = await createUser(app());
    const third = await createUser(app());
    const secondOrder = await order(second, 'ONCE', '15.00');
    expect(secondOrder.statusCode).toBe(201);
    const full = await order(third, 'ONCE', '15.00');
    expect(full.statusCode).toBe(422);
    expect(full.json().error).toBe('This code has already been used as many times as it can be.');

    // The second shopper never pays: when the reservation runs out, the use is free again.
    await pay(shopper, placed.json().id);
    await expireReservation(app(), secondOrder.json().id);
    expect((await order(third, 'ONCE', '15.00')).statusCode).toBe(201);

    const list = await app().inject({ method: 'GET', url: '/api/admin/promo-codes/', headers: staff.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((c: { code: string }) => c.code === 'ONCE')).toMatchObject({
      uses: 1,
      held: 1,
      revenue: '15.00',
      max_uses: 2,
    });
  });
  it("an unpaid order holds the code's use only until its reservation ends, before any sweeper comes by", async () => {
    await newCode({ code: 'THREE', kind: 'amount', amount_off: '2', max_uses: 3 });
    const holders = await Promise.all([createUser(app()), createUser(app()), createUser(app())]);
    const placed = [];
    for (const holder of holders) {
      const res = await order(holder, 'THREE', '18.00');
      expect(res.statusCode).toBe(201);
      placed.push(res.json().id as number);
    }
    const latecomer = await createUser(app());
    expect((await order(latecomer, 'THREE', '18.00')).json().error).toBe(
      'This code has already been used as many times as it can be.',
    );
    expect(await codeRow('THREE')).toMatchObject({ uses: 0, held: 3, left: 0 });

    // Two holds end unpaid. Nothing has released them yet (no sweeper in this test): the uses are free all the same.
    await expireReservation(app(), placed[0]!);
    await expireReservation(app(), placed[1]!);
    expect(await codeRow('THREE')).toMatchObject({ uses: 0, held: 1, left: 2 });
    expect((await quote('THREE', [{ book: book.id, quantity: 1 }], latecomer)).json()).toMatchObject({
      code: 'THREE',
      discount: '2.00',
    });
    const taken = await order(latecomer, 'THREE', '18.00');
    expect(taken.statusCode).toBe(201);
    await pay(latecomer, taken.json().id);
    expect(await codeRow('THREE')).toMatchObject({ uses: 1, held: 1, left: 1 });
  });

  it('one account holds at most one unpaid use of a code; once it is paid, the account may use the code again', async () => {
    await newCode({ code: 'MANY', kind: 'amount', amount_off: '2', max_uses: 3 });
    const buyer = await createUser(app());
    const first = await order(buyer, 'MANY', '18.00');
    expect(first.statusCode).toBe(201);
    const message =
      'You already have an unpaid order with this code. Please pay for it or cancel it before using the code again.';
    const second = await order(buyer, 'MANY', '18.00');
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ error: message, fields: { promo_code: [message] } });
    expect((await quote('MANY', [{ book: book.id, quantity: 1 }], buyer)).json().error).toBe(message);
    // Without the code the account orders as before.
    expect((await order(buyer, '', '20.00')).statusCode).toBe(201);
    // Others still have the two uses left.
    expect(await codeRow('MANY')).toMatchObject({ uses: 0, held: 1, left: 2 });

    await pay(buyer, first.json().id);
    const again = await order(buyer, 'MANY', '18.00');
    expect(again.statusCode).toBe(201);
    expect(await codeRow('MANY')).toMatchObject({ uses: 1, held: 1, left: 1 });
  });

  it('a late payment whose code was used up meanwhile is refunded, so the code is never used past its limit', async () => {
    await newCode({ code: 'LASTONE', kind: 'amount', amount_off: 2, max_uses: 1 });
    const late = await createUser(app());
    const rival = await createUser(app());
    const slow = await order(late, 'LASTONE', '18.00');
    expect(slow.statusCode).toBe(201);
    // The late shopper starts paying, then the hold runs out and gives the code's use back.
    const started = await initialize(app(), late, slow.json().id);
    const reference = started.json().reference as string;
    await charge(app(), late, reference);
    await expireReservation(app(), slow.json().id);
    await releaseExpiredReservations(app().db);
    // Another shopper takes the last use and pays.
    const taken = await order(rival, 'LASTONE', '18.00');
    expect(taken.statusCode).toBe(201);
    await pay(rival, taken.json().id);

    const res = await verify(app(), late, slow.json().id, reference);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'The time to pay for this order ran out and its promo code has been used up since, so your payment has been refunded. Please check out again.',
    );
    const list = await app().inject({ method: 'GET', url: '/api/admin/promo-codes/', headers: staff.headers });
    expect(list.json().data.find((c: { code: string }) => c.code === 'LASTONE')).toMatchObject({ uses: 1, held: 0 });
    const mine = await app().inject({ method: 'GET', url: `/api/orders/${slow.json().id}/`, headers: late.headers });
    expect(mine.json()).toMatchObject({ fulfilment_status: 'cancelled', refunded_amount: '18.00' });
  });
});
