import { moneyToCents } from '@bookstore/contract';
import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLedgers } from '../books/index.js';
import {
  editions,
  orderItems,
  orders,
  outboxDeliveries,
  outboxEvents,
  payments,
  promoCodes,
  refunds,
  stockMovements,
} from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import {
  addressOf,
  createBook,
  createUser,
  giveEbookFile,
  SHIPPING_ADDRESS,
  type TestUser,
} from '../../test/factories.js';
import { charge, verify } from '../../test/payments.js';
import { type EventDispatcher, startEventDispatcher, stopEventDispatcher } from '../events/index.js';
import { runSaleBoundaries } from '../promotions/index.js';
import { releaseExpiredReservations } from './reservations.js';

/**
 * The money and stock invariants, over random sequences of what shoppers and staff do (order, pay,
 * pay late, let a hold run out, cancel, ship, deliver, refund lines or amounts with or without restock,
 * return, a sale starting, a promo code with a use limit), on PGlite and on PostgreSQL (the api-postgres
 * project runs this file too):
 *
 * - per line: refunded <= paid; per order: refunded = the lines' refunds + delivery's, and = the
 *   refunds the provider was asked for (pending or done);
 * - stock: on hand + copies out in orders = what was received, for every edition;
 * - a promo code is never used past its limit;
 * - the order summary adds up, and its total is what the provider was asked to charge;
 * - each outbox event is delivered once to each of its subscribers;
 * - and nothing answers 5xx.
 *
 * A failing sequence is shrunk by fast-check to its shortest form: add it below as an ordinary test.
 * PROPERTY_RUNS sets how many sequences (200 by default, as CI runs it); PROPERTY_DEBUG=1 prints how the
 * calls were answered, to see what the sequences reach.
 */
const ctx = useTestApp();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

let dispatcher: EventDispatcher;
beforeAll(async () => {
  // Polled only when a sequence asks (drain()): the dispatcher never runs between a test's requests.
  dispatcher = await startEventDispatcher(ctx().app, { pollMs: 3_600_000, backoffMs: () => 0 });
});
afterAll(async () => {
  await stopEventDispatcher(ctx().app);
});

type Action =
  | {
      kind: 'order';
      shopper: number;
      lines: { book: number; edition: 'new' | 'used' | 'ebook'; quantity: number; protection: boolean }[];
      code: boolean;
      express: boolean;
      payNow: boolean;
    }
  | { kind: 'pay'; order: number }
  | { kind: 'expire'; order: number }
  | { kind: 'cancel'; order: number; staff: boolean }
  | { kind: 'ship'; order: number }
  | { kind: 'deliver'; order: number }
  | { kind: 'refundLines'; order: number; line: number; quantity: number; restock: boolean }
  | { kind: 'refundAmount'; order: number; share: number }
  | { kind: 'refundRest'; order: number }
  | { kind: 'return'; order: number; share: number | null }
  | { kind: 'sale'; book: number; percent: number };

const pick = fc.nat({ max: 4 });
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      shopper: fc.nat({ max: 1 }),
      lines: fc.uniqueArray(
        fc.record({
          book: fc.nat({ max: 2 }),
          edition: fc.constantFrom('new' as const, 'used' as const, 'ebook' as const),
          quantity: fc.integer({ min: 1, max: 2 }),
          protection: fc.boolean(),
        }),
        { minLength: 1, maxLength: 3, selector: (l) => `${l.book}:${l.edition}` },
      ),
      code: fc.boolean(),
      express: fc.boolean(),
      /** Paid at once, as most shoppers do. */
      payNow: fc.boolean(),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), order: pick }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('expire' as const), order: pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: pick, staff: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('ship' as const), order: pick }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('deliver' as const), order: pick }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('refundLines' as const),
      order: pick,
      line: fc.nat({ max: 2 }),
      quantity: fc.integer({ min: 1, max: 3 }),
      restock: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('refundAmount' as const),
      order: pick,
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('refundRest' as const), order: pick }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      order: pick,
      share: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      book: fc.nat({ max: 2 }),
      percent: fc.integer({ min: 5, max: 60 }),
    }),
    weight: 1,
  },
);

const shopArb = fc.record({
  books: fc.array(
    fc.record({
      cents: fc.integer({ min: 1, max: 5_000 }),
      stock: fc.integer({ min: 1, max: 40 }),
      usedCents: fc.integer({ min: 1, max: 5_000 }),
      usedStock: fc.integer({ min: 0, max: 20 }),
      ebook: fc.boolean(),
    }),
    { minLength: 3, maxLength: 3 },
  ),
  code: fc.oneof(
    fc.record({ kind: fc.constant('percent' as const), percent_off: fc.integer({ min: 1, max: 100 }) }),
    fc.record({
      kind: fc.constant('amount' as const),
      amount_off: fc.integer({ min: 1, max: 2_000 }).map((c) => c / 100),
    }),
    fc.record({ kind: fc.constant('free_delivery' as const) }),
  ),
  maxUses: fc.integer({ min: 1, max: 3 }),
});

type ShopValues = typeof shopArb extends fc.Arbitrary<infer T> ? T : never;

const dollars = (cents: number) => cents / 100;

/** A well-formed ISBN-13 (978, nine random digits, its check digit). */
function anIsbn(): string {
  const digits = `978${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const sum = [...digits].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/**
 * One sequence's shop: three titles with a new edition each, some with a used one and an eBook (with its
 * file), two shoppers, staff and a code.
 */
async function openShop(shop: ShopValues) {
  const { app } = ctx();
  const staff = await createUser(app, { staff: true });
  const shoppers = [await createUser(app), await createUser(app)];
  const books: { id: number; editions: { new: number; used: number | null; ebook: number | null } }[] = [];
  const received = new Map<number, number>();
  for (const b of shop.books) {
    const book = await createBook(app, { price: (b.cents / 100).toFixed(2), stock: b.stock });
    // Its ledger opens as adding it through the dashboard opens it.
    await openLedgers(app.db, [book.id]);
    const [first] = await app.db.select().from(editions).where(eq(editions.bookId, book.id));
    received.set(first!.id, b.stock);
    let used: number | null = null;
    if (b.usedStock > 0) {
      const added = await call(staff, 'POST', `/api/books/${book.id}/editions/`, {
        format: 'Paperback',
        condition: 'Used',
        isbn: anIsbn(),
        price: (b.usedCents / 100).toFixed(2),
        stock_amount: b.usedStock,
      });
      expect(added.statusCode, added.body).toBe(201);
      used = (added.json().editions as { id: number; condition: string }[]).find((e) => e.condition === 'Used')!.id;
      received.set(used, b.usedStock);
    }
    let ebook: number | null = null;
    if (b.ebook) {
      const added = await call(staff, 'POST', `/api/books/${book.id}/editions/`, {
        format: 'eBook',
        isbn: anIsbn(),
        price: (b.usedCents / 100).toFixed(2),
      });
      expect(added.statusCode, added.body).toBe(201);
      ebook = (added.json().editions as { id: number; format: string }[]).find((e) => e.format === 'eBook')!.id;
      await giveEbookFile(app, ebook);
    }
    books.push({ id: book.id, editions: { new: first!.id, used, ebook } });
  }
  const code = `P${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const made = await call(staff, 'POST', '/api/admin/promo-codes/', { code, ...shop.code, max_uses: shop.maxUses });
  expect(made.statusCode, made.body).toBe(201);
  return { staff, shoppers, books, received, code, maxUses: shop.maxUses };
}

type Shop = Awaited<ReturnType<typeof openShop>>;

const seen = new Map<string, number>();
const errors = new Map<string, number>();
afterAll(() => {
  if (process.env.PROPERTY_DEBUG) console.log([...seen].sort(), [...errors].sort((a, b) => b[1] - a[1]).slice(0, 25));
});

async function call(user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await ctx().app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    remoteAddress: user ? addressOf(user) : '10.9.9.9',
    ...(payload ? { payload } : {}),
  });
  // Every answer is the shop's: a refusal in its words, never a fault.
  expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload ?? {})}: ${res.body}`).toBeLessThan(500);
  if (process.env.PROPERTY_DEBUG) {
    const key = `${method} ${url.replace(/\d+/g, ':id')} ${res.statusCode}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (res.statusCode >= 400) errors.set(res.json().error, (errors.get(res.json().error) ?? 0) + 1);
  }
  return res;
}

interface Placed {
  id: number;
  shopper: TestUser;
  lines: number[];
  totalCents: number;
}

async function refundedOf(order: Placed) {
  const res = await call(order.shopper, 'GET', `/api/orders/${order.id}/`);
  return moneyToCents(res.json().refunded_amount)!;
}

async function act(shop: Shop, placed: Placed[], action: Action): Promise<void> {
  const { app } = ctx();
  // Mostly the latest orders: a sequence pays, ships and refunds what it just placed.
  const order = 'order' in action ? placed[placed.length - 1 - (action.order % Math.max(1, placed.length))] : undefined;
  if ('order' in action && !order) return;
  switch (action.kind) {
    case 'order': {
      const shopper = shop.shoppers[action.shopper]!;
      const items = action.lines.flatMap((l) => {
        const book = shop.books[l.book]!;
        const { ebook, used } = book.editions;
        // An eBook is a licence: one copy, no protection plan (the server refuses more).
        if (l.edition === 'ebook' && ebook)
          return [{ book: book.id, edition_id: ebook, quantity: 1, protection: false }];
        const edition = l.edition === 'used' && used ? used : book.editions.new;
        return [{ book: book.id, edition_id: edition, quantity: l.quantity, protection: l.protection }];
      });
      const unique = items.filter((item, i) => items.findIndex((o) => o.edition_id === item.edition_id) === i);
      const shipping = action.express ? 'express' : 'standard';
      const asked = { items: unique, shipping_method: shipping, ...(action.code ? { code: shop.code } : {}) };
      let quote = await call(shopper, 'POST', '/api/cart/quote/', asked);
      if (quote.statusCode === 422 && action.code) {
        quote = await call(shopper, 'POST', '/api/cart/quote/', { items: unique, shipping_method: shipping });
      }
      if (quote.statusCode !== 200) return;
      const q = quote.json();
      const res = await call(shopper, 'POST', '/api/orders/', {
        total_price: q.total,
        items: unique.map((item, i) => ({ ...item, price: q.lines[i].price })),
        shipping_method: shipping,
        shipping_address: SHIPPING_ADDRESS,
        ...(q.code ? { promo_code: q.code } : {}),
      });
      if (res.statusCode === 201) {
        const body = res.json();
        placed.push({
          id: body.id,
          shopper,
          lines: body.items.map((i: { id: number }) => i.id),
          totalCents: moneyToCents(body.total_price)!,
        });
        if (action.payNow) await act(shop, placed, { kind: 'pay', order: 0 });
      }
      return;
    }
    case 'pay': {
      const init = await call(order!.shopper, 'POST', '/api/payments/initialize/', { order_id: order!.id });
      const reference = init.statusCode === 200 ? (init.json().reference as string) : undefined;
      if (!reference) {
        // The hold ran out: a payment may still arrive for the attempt opened before (a late payment).
        const [open] = await app.db.select().from(payments).where(eq(payments.orderId, order!.id));
        if (!open) return;
        await charge(app, order!.shopper, open.reference);
        await verify(app, order!.shopper, order!.id, open.reference);
        return;
      }
      expect(init.json().amount).toBe(order!.totalCents);
      await charge(app, order!.shopper, reference);
      const verified = await verify(app, order!.shopper, order!.id, reference);
      expect(verified.statusCode, verified.body).toBeLessThan(500);
      return;
    }
    case 'expire': {
      await app.db
        .update(orders)
        .set({ reservedUntil: sql`now() - interval '1 minute'` })
        .where(eq(orders.id, order!.id));
      await releaseExpiredReservations(app.db);
      return;
    }
    case 'cancel':
      await call(action.staff ? shop.staff : order!.shopper, 'POST', `/api/orders/${order!.id}/cancel/`, {});
      return;
    case 'ship':
      await call(shop.staff, 'POST', `/api/admin/orders/${order!.id}/ship/`, {
        carrier: 'UPS',
        tracking_number: `1Z${order!.id}`,
      });
      return;
    case 'deliver':
      await call(shop.staff, 'POST', `/api/admin/orders/${order!.id}/deliver/`);
      return;
    case 'refundLines': {
      const line = order!.lines[action.line % order!.lines.length]!;
      await call(shop.staff, 'POST', `/api/admin/orders/${order!.id}/refund/`, {
        items: [{ item: line, quantity: action.quantity }],
        restock: action.restock,
      });
      return;
    }
    case 'refundAmount': {
      const cents = Math.max(1, Math.floor(order!.totalCents * action.share));
      const before = await refundedOf(order!);
      const res = await call(shop.staff, 'POST', `/api/admin/orders/${order!.id}/refund/`, { amount: dollars(cents) });
      // What was asked is what is counted as given back: no more, no less.
      if (res.statusCode === 200) expect(moneyToCents(res.json().refunded_amount)! - before).toBe(cents);
      return;
    }
    case 'refundRest': {
      const res = await call(shop.staff, 'POST', `/api/admin/orders/${order!.id}/refund/`, {});
      // Nothing is left to pay back; an order that came to nothing (a free delivery and a code) had nothing to give.
      if (res.statusCode === 200) {
        const whole = res.json().summary.total === '0.00';
        expect(res.json()).toMatchObject({ refund_status: whole ? 'none' : 'full', summary: { net: '0.00' } });
      }
      return;
    }
    case 'return':
      await call(
        shop.staff,
        'POST',
        `/api/admin/orders/${order!.id}/return/`,
        action.share === null ? {} : { refund: dollars(Math.floor(order!.totalCents * action.share)) },
      );
      return;
    case 'sale': {
      const book = shop.books[action.book]!;
      const made = await call(shop.staff, 'POST', '/api/admin/sales/', {
        name: 'Flash sale',
        percent_off: action.percent,
        target: 'books',
        target_ids: [book.id],
        starts_at: new Date(Date.now() - 1_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(made.statusCode, made.body).toBe(201);
      await runSaleBoundaries(app.db);
      return;
    }
  }
}

/** Delivers every event the sequence recorded, as the dispatcher would after commit. */
async function drain() {
  for (let round = 0; round < 20; round++) {
    dispatcher.wake();
    await dispatcher.idle();
    const [due] = await ctx()
      .app.db.select({ n: sql<number>`count(*)::int` })
      .from(outboxDeliveries)
      .where(and(eq(outboxDeliveries.status, 'pending'), sql`${outboxDeliveries.nextAttemptAt} <= now()`));
    if (due!.n === 0) return;
  }
}

async function checkInvariants(shop: Shop, placed: Placed[]) {
  const { app } = ctx();
  const ids = placed.map((p) => p.id);

  // Stock: every copy received is on the shelf or out in an order that still holds it.
  const editionIds = [...shop.received.keys()];
  const onHand = await app.db.select().from(editions).where(inArray(editions.id, editionIds));
  const out =
    ids.length === 0
      ? []
      : await app.db
          .select({
            edition: orderItems.editionId,
            copies: sql<number>`sum(${orderItems.quantity} - ${orderItems.restockedQuantity})::int`,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(inArray(orders.id, ids), eq(orders.stockReleased, false)))
          .groupBy(orderItems.editionId);
  for (const edition of onHand) {
    const away = out.find((o) => o.edition === edition.id)?.copies ?? 0;
    expect(edition.stockAmount! + away, `edition ${edition.id}: on hand + out = received`).toBe(
      shop.received.get(edition.id),
    );
  }
  // The stock ledger: each edition's lines add up to its copies, and each line's copies left are right.
  const lines = await app.db
    .select()
    .from(stockMovements)
    .where(inArray(stockMovements.editionId, editionIds))
    .orderBy(stockMovements.id);
  for (const edition of onHand) {
    let running = 0;
    for (const line of lines.filter((l) => l.editionId === edition.id)) {
      running += line.change;
      expect(line.stockAfter, `edition ${edition.id}: ledger line ${line.id} (${line.reason})`).toBe(running);
    }
    expect(running, `edition ${edition.id}: the ledger adds up to the stock`).toBe(edition.stockAmount);
  }

  // The code: never used (paid, not cancelled) more often than its limit.
  const [code] = await app.db.select().from(promoCodes).where(eq(promoCodes.code, shop.code));
  const [uses] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(eq(orders.promoCodeId, code!.id), eq(orders.paymentStatus, 'success'), sql`${orders.status} <> 'cancelled'`),
    );
  expect(uses!.n).toBeLessThanOrEqual(shop.maxUses);

  for (const p of placed) {
    const res = await call(p.shopper, 'GET', `/api/orders/${p.id}/`);
    const order = res.json();
    const s = order.summary;
    const c = (money: string) => moneyToCents(money.replace(/^-/, ''))!;
    // The summary adds up, line by line and in all, and is the order's total.
    expect(c(s.subtotal) + c(s.protection) + c(s.shipping) - c(s.discount)).toBe(c(s.total));
    expect(c(s.total)).toBe(c(order.total_price));
    const linesPaid = s.lines.reduce((sum: number, l: { amount: string }) => sum + c(l.amount), 0);
    const shippingPaid = c(s.total) - linesPaid;
    expect(shippingPaid).toBeGreaterThanOrEqual(0);
    expect(shippingPaid).toBeLessThanOrEqual(c(s.shipping));
    for (const line of s.lines) {
      expect(c(line.refunded_amount), `line ${line.item}`).toBeLessThanOrEqual(c(line.amount));
      expect(line.refunded_quantity).toBeLessThanOrEqual(line.quantity);
      expect(c(line.books) + c(line.protection) - c(line.discount)).toBe(c(line.amount));
    }
    const linesRefunded = s.lines.reduce(
      (sum: number, l: { refunded_amount: string }) => sum + c(l.refunded_amount),
      0,
    );
    expect(linesRefunded + c(s.shipping_refunded), `order ${p.id}: refunded = lines + delivery`).toBe(c(s.refunded));
    expect(c(s.shipping_refunded)).toBeLessThanOrEqual(shippingPaid);
    expect(c(s.refunded)).toBe(c(order.refunded_amount));
    expect(c(s.refunded)).toBeLessThanOrEqual(c(s.total));
    expect(order.refund_status).toBe(c(s.refunded) === 0 ? 'none' : c(s.refunded) >= c(s.total) ? 'full' : 'partial');

    // What the provider was asked: the charge is the total, and the refunds are what the order counts.
    const attempts = await app.db.select().from(payments).where(eq(payments.orderId, p.id));
    for (const attempt of attempts) expect(attempt.amountCents).toBe(c(s.total));
    if (order.payment_status === 'success') {
      expect(attempts.some((a) => a.reference === order.transaction_ref)).toBe(true);
    } else {
      expect(c(s.refunded)).toBe(0);
    }
    const asked = await app.db.select().from(refunds).where(eq(refunds.orderId, p.id));
    const standing = asked.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountCents, 0);
    expect(standing).toBe(c(s.refunded));
  }

  // Each event of these orders reached each of its subscribers once.
  await drain();
  if (ids.length > 0) {
    const deliveries = await app.db
      .select({ event: outboxEvents.id, subscriber: outboxDeliveries.subscriber, status: outboxDeliveries.status })
      .from(outboxDeliveries)
      .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
      .where(and(sql`${outboxEvents.type} LIKE 'order.%'`, inArray(outboxEvents.key, ids.map(String))));
    for (const d of deliveries) expect(d, `event ${d.event} to ${d.subscriber}`).toMatchObject({ status: 'delivered' });
    const pairs = new Set(deliveries.map((d) => `${d.event}:${d.subscriber}`));
    expect(pairs.size).toBe(deliveries.length);
  }
}

describe('money and stock invariants over random sequences of shopper and staff actions', () => {
  it(`hold for ${RUNS} sequences`, { timeout: 1_800_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(shopArb, fc.array(actionArb, { minLength: 3, maxLength: 20 }), async (shopValues, actions) => {
        const shop = await openShop(shopValues);
        const placed: Placed[] = [];
        for (const action of actions) await act(shop, placed, action);
        await checkInvariants(shop, placed);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('sequences fast-check found', () => {
  it('a paid order that came to nothing: "refund the rest" gives back nothing and the order stays whole', async () => {
    const shop = await openShop({
      books: [
        { cents: 1, stock: 2, usedCents: 1, usedStock: 0, ebook: false },
        { cents: 1, stock: 1, usedCents: 1, usedStock: 0, ebook: false },
        { cents: 1, stock: 1, usedCents: 1, usedStock: 0, ebook: false },
      ],
      code: { kind: 'percent', percent_off: 50 },
      maxUses: 1,
    });
    const placed: Placed[] = [];
    await act(shop, placed, {
      kind: 'order',
      shopper: 0,
      lines: [{ book: 0, edition: 'new', quantity: 1, protection: false }],
      code: true,
      express: false,
      payNow: true,
    });
    const order = (await call(placed[0]!.shopper, 'GET', `/api/orders/${placed[0]!.id}/`)).json();
    expect(order).toMatchObject({ payment_status: 'success', total_price: '0.00', discount: '0.01' });
    await act(shop, placed, { kind: 'refundRest', order: 0 });
    const after = await call(shop.staff, 'GET', `/api/orders/${placed[0]!.id}/`);
    expect(after.json()).toMatchObject({ refunded_amount: '0.00', refund_status: 'none' });
    await checkInvariants(shop, placed);
  });
});
