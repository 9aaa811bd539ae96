import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { editions, outboxEvents } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import {
  addressOf,
  createBook,
  createUser,
  expireReservation,
  placeOrder,
  type TestUser,
} from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';
import { testScheduler } from '../../test/scheduler.js';
import { openLedgers } from './index.js';

/**
 * The stock ledger: staff adjust an edition's copies with a reason (POST /api/admin/editions/{id}/stock/),
 * and every change of the copies, the shop's own included, is a line of its ledger (GET on the same
 * address), so an edition's lines add up to its stock.
 */
const ctx = useTestApp();
const app = () => ctx().app;

async function post(who: TestUser | null, url: string, payload: object = {}) {
  return app().inject({
    method: 'POST',
    url,
    headers: who?.headers ?? {},
    ...(who ? { remoteAddress: addressOf(who) } : {}),
    payload,
  });
}

/** A title of `stock` copies whose ledger has opened (as adding it through the dashboard does), and its edition. */
async function title(stock = 5, price = '10.00') {
  const book = await createBook(app(), { stock, price });
  await openLedgers(app().db, [book.id]);
  const [edition] = await app().db.select({ id: editions.id }).from(editions).where(eq(editions.bookId, book.id));
  return { book, edition: edition!.id, url: `/api/admin/editions/${edition!.id}/stock/` };
}

async function ledger(staff: TestUser, url: string) {
  const res = await app().inject({ url, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    stock_amount: number;
    data: {
      change: number;
      reason: string;
      stock_after: number;
      order_id: number | null;
      note: string;
      by: string | null;
    }[];
    meta: { count: number };
  };
}

/** The lines of the ledger add up to the copies in stock. */
async function addsUp(edition: number) {
  const [row] = await rows<{ lines: number; stock: number }>(
    app().db,
    sql`SELECT (SELECT coalesce(sum(change), 0)::int FROM stock_movements WHERE edition_id = ${edition}) AS lines,
               (SELECT stock_amount FROM editions WHERE id = ${edition}) AS stock`,
  );
  expect(row!.lines).toBe(row!.stock);
}

describe('stock adjustments', () => {
  it('add received copies and remove damaged ones, each a line with who, why and what was left', async () => {
    const staff = await createUser(app(), { staff: true });
    const { book, edition, url } = await title(5);
    const received = await post(staff, url, { change: 12, reason: 'received', note: 'Delivery from the wholesaler' });
    expect(received.statusCode, received.body).toBe(201);
    expect(received.json()).toMatchObject({
      edition_id: edition,
      stock_amount: 17,
      movement: { change: 12, reason: 'received', note: 'Delivery from the wholesaler', stock_after: 17 },
    });
    const damaged = await post(staff, url, { change: -2, reason: 'damaged' });
    expect(damaged.json()).toMatchObject({ stock_amount: 15, movement: { change: -2, reason: 'damaged' } });

    const seen = await ledger(staff, url);
    expect(seen.stock_amount).toBe(15);
    expect(seen.data.map((l) => [l.reason, l.change, l.stock_after])).toEqual([
      ['damaged', -2, 15],
      ['received', 12, 17],
      ['added', 5, 5],
    ]);
    expect(seen.data[0]!.by).toBeTruthy();
    // The shop shows the copies at once.
    expect((await app().inject(`/api/books/book/${book.id}/`)).json().stock_amount).toBe(15);
    await addsUp(edition);
  });

  it('never takes an edition below 0 copies, and says how many there are', async () => {
    const staff = await createUser(app(), { staff: true });
    const { edition, url } = await title(3);
    const res = await post(staff, url, { change: -4, reason: 'lost' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Only 3 copies are in stock, so you cannot remove more than 3.');
    expect((await ledger(staff, url)).stock_amount).toBe(3);
    await addsUp(edition);
    expect((await post(staff, url, { change: -3, reason: 'lost' })).json().stock_amount).toBe(0);
  });

  it('refuses a change that is not a whole number of copies, a reason not on the list, or a sign the reason cannot have', async () => {
    const staff = await createUser(app(), { staff: true });
    const { url } = await title(3);
    const cases: [object, string, string][] = [
      [{ reason: 'received' }, 'change', 'Enter how many copies to add (or, with a minus sign, to remove)'],
      [{ change: 0, reason: 'received' }, 'change', 'Enter a whole number of copies other than 0'],
      [{ change: 1.5, reason: 'received' }, 'change', 'Enter a whole number of copies other than 0'],
      [{ change: 2, reason: 'stolen' }, 'reason', 'Choose a reason: received, damaged, lost, correction, returned'],
      [{ change: -2, reason: 'received' }, 'change', 'Received copies are added: enter a number above 0'],
      [
        { change: 2, reason: 'damaged' },
        'change',
        'Damaged or lost copies are removed: enter a number below 0, such as -1',
      ],
      [{ change: 1, reason: 'correction', note: 'x'.repeat(501) }, 'note', 'Keep the note under 500 characters'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(staff, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(payload)).toEqual([message]);
    }
    expect((await ledger(staff, url)).data).toHaveLength(1);
  });

  it('has no stock to adjust for an eBook, and no edition that is not in the shop', async () => {
    const staff = await createUser(app(), { staff: true });
    const ebook = await createBook(app(), { bookType: 'eBook', price: '4.00' });
    const [edition] = await app().db.select({ id: editions.id }).from(editions).where(eq(editions.bookId, ebook.id));
    const res = await post(staff, `/api/admin/editions/${edition!.id}/stock/`, { change: 1, reason: 'received' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('An eBook has no stock to adjust.');
    expect((await post(staff, '/api/admin/editions/999999/stock/', { change: 1, reason: 'received' })).statusCode).toBe(
      404,
    );
    expect((await app().inject({ url: '/api/admin/editions/999999/stock/', headers: staff.headers })).statusCode).toBe(
      404,
    );
  });

  it('is for staff only: a shopper is refused (403) and a stranger must sign in (401)', async () => {
    const shopper = await createUser(app());
    const { url } = await title(3);
    expect((await post(shopper, url, { change: 5, reason: 'received' })).statusCode).toBe(403);
    expect((await post(null, url, { change: 5, reason: 'received' })).statusCode).toBe(401);
    expect((await app().inject({ url, headers: shopper.headers })).statusCode).toBe(403);
    expect((await app().inject({ url })).statusCode).toBe(401);
  });

  it('tells the shoppers waiting for a sold-out title when copies are received', async () => {
    const staff = await createUser(app(), { staff: true });
    const { book, url } = await title(1);
    expect((await post(staff, url, { change: -1, reason: 'lost' })).json().stock_amount).toBe(0);
    await post(staff, url, { change: 4, reason: 'received' });
    const restocked = await app()
      .db.select({ key: outboxEvents.key })
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'book.restocked'));
    expect(restocked.map((e) => e.key)).toContain(String(book.id));
  });
});

describe('the stock ledger', () => {
  it("has a line for each of the shop's own changes: a sale, a hold that ran out, a cancellation, an edit", async () => {
    const staff = await createUser(app(), { staff: true });
    const shopper = await createUser(app());
    const { book, edition, url } = await title(10);

    // A sale, paid.
    const sold = await placeOrder(app(), shopper, [{ book, quantity: 2 }]);
    expect(sold.statusCode, sold.body).toBe(201);
    const soldId = sold.json().id as number;
    const { reference } = (await initialize(app(), shopper, soldId)).json();
    await charge(app(), shopper, reference);
    expect((await verify(app(), shopper, soldId, reference)).json().status).toBe('success');

    // A hold that ran out, released by the scheduled sweep.
    const another = await createUser(app());
    const held = await placeOrder(app(), another, [{ book, quantity: 2 }]);
    expect(held.statusCode, held.body).toBe(201);
    const heldId = held.json().id as number;
    await expireReservation(app(), heldId);
    const scheduler = await testScheduler(app());
    await scheduler.runDue();
    await scheduler.stop();

    // An order the shopper cancels.
    const third = await createUser(app());
    const cancelled = await placeOrder(app(), third, [{ book, quantity: 1 }]);
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    const cancelledId = cancelled.json().id as number;
    expect((await post(third, `/api/orders/${cancelledId}/cancel/`)).statusCode).toBe(200);

    // Staff type a new figure in the book's form.
    const edit = await app().inject({
      method: 'PUT',
      url: `/api/books/update/${book.id}/`,
      headers: staff.headers,
      remoteAddress: addressOf(staff),
      payload: { stock_amount: 20 },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const seen = await ledger(staff, url);
    expect(seen.data.map((l) => [l.reason, l.change, l.stock_after, l.order_id])).toEqual([
      ['edited', 12, 20, null],
      ['cancelled', 1, 8, cancelledId],
      ['sold', -1, 7, cancelledId],
      ['released', 2, 8, heldId],
      ['sold', -2, 6, heldId],
      ['sold', -2, 8, soldId],
      ['added', 10, 10, null],
    ]);
    expect(seen.meta.count).toBe(7);
    await addsUp(edition);
  });

  it('has a line when a refund puts copies back on sale, and when staff add an edition', async () => {
    const staff = await createUser(app(), { staff: true });
    const shopper = await createUser(app());
    const { book, edition, url } = await title(4);
    const placed = await placeOrder(app(), shopper, [{ book, quantity: 2 }]);
    const id = placed.json().id as number;
    const { reference } = (await initialize(app(), shopper, id)).json();
    await charge(app(), shopper, reference);
    await verify(app(), shopper, id, reference);
    const line = placed.json().items[0].id as number;
    const refund = await post(staff, `/api/admin/orders/${id}/refund/`, {
      items: [{ item: line, quantity: 1 }],
      restock: true,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(
      (await ledger(staff, url)).data.slice(0, 2).map((l) => [l.reason, l.change, l.stock_after, l.order_id]),
    ).toEqual([
      ['returned', 1, 3, id],
      ['sold', -2, 2, id],
    ]);
    await addsUp(edition);

    const added = await post(staff, `/api/books/${book.id}/editions/`, {
      format: 'Paperback',
      condition: 'Used',
      isbn: '9780141439587',
      price: '4.00',
      stock_amount: 2,
    });
    expect(added.statusCode, added.body).toBe(201);
    const used = (added.json().editions as { id: number; condition: string }[]).find((e) => e.condition === 'Used')!;
    const usedLedger = await ledger(staff, `/api/admin/editions/${used.id}/stock/`);
    expect(usedLedger.data.map((l) => [l.reason, l.change, l.stock_after])).toEqual([['added', 2, 2]]);
  });

  it('has a line for a return whose copies go back on sale, and none for one whose copies came back unsellable', async () => {
    const staff = await createUser(app(), { staff: true });
    const { book, edition, url } = await title(6);
    const returned: number[] = [];
    for (const restock of [true, false]) {
      const shopper = await createUser(app());
      const placed = await placeOrder(app(), shopper, [{ book, quantity: 1 }]);
      const id = placed.json().id as number;
      const { reference } = (await initialize(app(), shopper, id)).json();
      await charge(app(), shopper, reference);
      await verify(app(), shopper, id, reference);
      const shipped = await post(staff, `/api/admin/orders/${id}/ship/`, {
        carrier: 'Royal Mail',
        tracking_number: 'RM1',
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      const back = await post(staff, `/api/admin/orders/${id}/return/`, { restock, reason: 'Water damage' });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().fulfilment_status).toBe('returned');
      returned.push(id);
    }
    const seen = await ledger(staff, url);
    expect(seen.stock_amount).toBe(5);
    expect(seen.data.map((l) => [l.reason, l.change, l.order_id])).toEqual([
      ['sold', -1, returned[1]],
      ['returned', 1, returned[0]],
      ['sold', -1, returned[0]],
      ['added', 6, null],
    ]);
    await addsUp(edition);
    const bad = await post(staff, `/api/admin/orders/${returned[1]}/return/`, { restock: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages the ledger newest first', async () => {
    const staff = await createUser(app(), { staff: true });
    const { url } = await title(1);
    for (let i = 1; i <= 4; i++) await post(staff, url, { change: i, reason: 'received' });
    const res = await app().inject({ url: `${url}?page=2&page_size=2`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((l: { change: number }) => l.change)).toEqual([2, 1]);
    expect(res.json().meta).toMatchObject({ page: 2, count: 5, pages: 3, next: 3 });
    expect((await app().inject({ url: `${url}?page=0`, headers: staff.headers })).statusCode).toBe(400);
  });
});
