import type { Book } from '@bookstore/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { editions, orderItems } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { useTestApp } from '../../test/app.js';
import { createUser, giveEbookFile, insertBook, type TestUser } from '../../test/factories.js';
import { expireOrder } from '../orders/transitions.js';
import { runSaleBoundaries } from '../promotions/index.js';

/**
 * Editions of a title (docs/decisions/0022-editions.md): staff's calls, the old fields describing the
 * default edition, and the cart, checkout, stock, releases and sales per edition.
 */
const t = useTestApp();
const app = () => t().app;

let staff: TestUser;
let shopper: TestUser;
beforeAll(async () => {
  staff = await createUser(app(), { staff: true });
  shopper = await createUser(app());
});

const ISBN = '9780141439518';

async function detail(id: number): Promise<Book> {
  const res = await app().inject({ method: 'GET', url: `/api/books/book/${id}/` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function addEdition(bookId: number, payload: Record<string, unknown>, who: TestUser | null = staff) {
  return app().inject({
    method: 'POST',
    url: `/api/books/${bookId}/editions/`,
    headers: who?.headers ?? {},
    payload,
  });
}

/** A title with a new paperback (the row's own first edition), a used paperback and an eBook (with its file: for sale). */
async function titleWithEditions(options: { paperbackStock?: number; featured?: boolean } = {}) {
  const row = await insertBook(app().db, {
    priceCents: 1600,
    stockAmount: options.paperbackStock ?? 4,
    isbn: ISBN,
    image: 'covers/test.jpg',
    featured: options.featured ?? false,
  });
  const used = await addEdition(row.id, {
    format: 'Paperback',
    condition: 'Fairly Used',
    condition_note: 'Pencil marks on 3 pages',
    isbn: ISBN,
    price: '8.00',
    stock_amount: 1,
  });
  expect(used.statusCode).toBe(201);
  const ebook = await addEdition(row.id, { format: 'eBook', isbn: '9780141199078', price: '4.99', stock_amount: 9 });
  expect(ebook.statusCode).toBe(201);
  const book: Book = ebook.json();
  await giveEbookFile(app(), book.editions.find((e) => e.format === 'eBook')!.id);
  const byFormat = (format: string, condition = 'New') =>
    book.editions.find((e) => e.format === format && e.condition === condition)!;
  return {
    book,
    paperback: byFormat('Paperback'),
    usedCopy: byFormat('Paperback', 'Fairly Used'),
    ebook: byFormat('eBook'),
  };
}

function order(items: { book: number; edition_id?: number; quantity: number; price: number }[], who = shopper) {
  const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return app().inject({
    method: 'POST',
    url: '/api/orders/',
    headers: who.headers,
    payload: { total_price: total, items, shipping_method: undefined },
  });
}

async function stockOfEdition(id: number): Promise<number | null> {
  const [row] = await app().db.select({ stock: editions.stockAmount }).from(editions).where(eq(editions.id, id));
  return row!.stock;
}

describe('staff edit editions', () => {
  it('adds a used copy and an eBook: the book lists every edition, the default one first', async () => {
    const { book, paperback, usedCopy, ebook } = await titleWithEditions();
    expect(book.editions.map((e) => [e.format, e.condition])).toEqual([
      ['eBook', 'New'],
      ['Paperback', 'New'],
      ['Paperback', 'Fairly Used'],
    ]);
    expect(usedCopy).toMatchObject({
      condition_note: 'Pencil marks on 3 pages',
      price: '8.00',
      stock_amount: 1,
      in_stock: true,
    });
    // An eBook has no stock, whatever was sent, and is never sold out.
    expect(ebook).toMatchObject({ price: '4.99', stock_amount: null, in_stock: true });
    // The old fields are the default edition's: the cheapest new one in stock (the eBook).
    expect(book).toMatchObject({ book_type: 'eBook', price: '4.99', stock_amount: null, in_stock: true });
    expect(book).toMatchObject({ min_price: '4.99', max_price: '16.00' });
    expect(paperback).toMatchObject({ price: '16.00', stock_amount: 4 });
    // Listed with its editions too.
    const list = await app().inject({ method: 'GET', url: `/api/books/?keyword=${encodeURIComponent(book.title)}` });
    expect(list.json().data[0].editions).toHaveLength(3);
  });

  it('the old fields follow the default edition: a printed book stays the default while it is the cheapest new one in stock', async () => {
    const row = await insertBook(app().db, { priceCents: 1200, stockAmount: 2, isbn: ISBN });
    const res = await addEdition(row.id, { format: 'Hardcover', isbn: ISBN, price: '25.00', stock_amount: 3 });
    expect(res.json()).toMatchObject({ book_type: 'Paperback', price: '12.00', stock_amount: 2 });
    const paperback = (res.json() as Book).editions.find((e) => e.format === 'Paperback')!;
    // Sold out: the hardcover (new, in stock) stands for the title.
    const change = await app().inject({
      method: 'PUT',
      url: `/api/books/${row.id}/editions/${paperback.id}/`,
      headers: staff.headers,
      payload: { stock_amount: 0 },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toMatchObject({ book_type: 'Hardcover', price: '25.00', stock_amount: 3 });
    // The old single-edition update changes the default edition.
    const old = await app().inject({
      method: 'PUT',
      url: `/api/books/update/${row.id}/`,
      headers: staff.headers,
      payload: { price: '24.00', count_in_stock: 7 },
    });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ book_type: 'Hardcover', price: '24.00', stock_amount: 7 });
    expect(
      old.json().editions.map((e: { format: string; stock_amount: number }) => [e.format, e.stock_amount]),
    ).toEqual([
      ['Hardcover', 7],
      ['Paperback', 0],
    ]);
  });

  it('refuses bad fields with their messages, and callers who are not staff', async () => {
    const row = await insertBook(app().db, {});
    const bad = await addEdition(row.id, { format: 'Scroll', isbn: '123', price: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['format', 'isbn', 'price']);
    const noStock = await addEdition(row.id, { format: 'Hardcover', isbn: ISBN, price: '20.00' });
    expect(noStock.statusCode).toBe(400);
    expect(noStock.json().fields.stock_amount).toEqual(['Stock amount is required']);
    const note = await addEdition(row.id, {
      format: 'Paperback',
      condition: 'Used',
      condition_note: 'x'.repeat(301),
      isbn: ISBN,
      price: '5.00',
      stock_amount: 1,
    });
    expect(note.statusCode).toBe(400);
    expect((await addEdition(row.id, { format: 'eBook', isbn: ISBN, price: '3.00' }, shopper)).statusCode).toBe(403);
    expect((await addEdition(row.id, { format: 'eBook', isbn: ISBN, price: '3.00' }, null)).statusCode).toBe(401);
    expect((await addEdition(999_999, { format: 'eBook', isbn: ISBN, price: '3.00' })).statusCode).toBe(404);
    // An edition of another book is not this book's.
    const other = await insertBook(app().db, {});
    const [otherEdition] = await app().db.select().from(editions).where(eq(editions.bookId, other.id));
    const wrong = await app().inject({
      method: 'PUT',
      url: `/api/books/${row.id}/editions/${otherEdition!.id}/`,
      headers: staff.headers,
      payload: { price: '1.00' },
    });
    expect(wrong.statusCode).toBe(404);
    const shopperEdit = await app().inject({
      method: 'PUT',
      url: `/api/books/${other.id}/editions/${otherEdition!.id}/`,
      headers: shopper.headers,
      payload: { price: '1.00' },
    });
    expect(shopperEdit.statusCode).toBe(403);
  });

  it('removes an edition; keeps one that was ordered (out of the shop); never the last one', async () => {
    const { book, usedCopy, ebook, paperback } = await titleWithEditions();
    const remove = (id: number, who: TestUser = staff) =>
      app().inject({ method: 'DELETE', url: `/api/books/${book.id}/editions/${id}/`, headers: who.headers });
    expect((await remove(ebook.id, shopper)).statusCode).toBe(403);
    expect((await remove(ebook.id)).json()).toMatchObject({ ok: true, kept: false });
    expect(await app().db.select().from(editions).where(eq(editions.id, ebook.id))).toEqual([]);
    expect((await order([{ book: book.id, edition_id: usedCopy.id, quantity: 1, price: 8 }])).statusCode).toBe(201);
    expect((await remove(usedCopy.id)).json()).toMatchObject({ ok: true, kept: true });
    expect((await detail(book.id)).editions.map((e) => e.id)).toEqual([paperback.id]);
    const last = await remove(paperback.id);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe('A book needs at least one edition. Add another one before removing this one.');
  });
});

describe('editions in the cart, orders and stock', () => {
  it('quotes and orders the chosen editions; takes the used copy and leaves the eBook without stock', async () => {
    const { book, usedCopy, ebook } = await titleWithEditions();
    const quote = await app().inject({
      method: 'POST',
      url: '/api/cart/quote/',
      payload: {
        items: [
          { book: book.id, edition_id: usedCopy.id, quantity: 1 },
          { book: book.id, edition_id: ebook.id, quantity: 1 },
        ],
      },
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.json().lines).toMatchObject([
      { book: book.id, edition_id: usedCopy.id, format: 'Paperback', condition: 'Fairly Used', price: '8.00' },
      { book: book.id, edition_id: ebook.id, format: 'eBook', condition: 'New', price: '4.99' },
    ]);
    const placed = await order([
      { book: book.id, edition_id: usedCopy.id, quantity: 1, price: 8 },
      { book: book.id, edition_id: ebook.id, quantity: 1, price: 4.99 },
    ]);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().items).toMatchObject([
      { book: book.id, edition_id: usedCopy.id, format: 'Paperback', condition: 'Fairly Used', quantity: 1 },
      { book: book.id, edition_id: ebook.id, format: 'eBook', condition: 'New', quantity: 1 },
    ]);
    expect(await stockOfEdition(usedCopy.id)).toBe(0);
    expect(await stockOfEdition(ebook.id)).toBeNull();
    const after = await detail(book.id);
    expect(after.editions.find((e) => e.id === usedCopy.id)).toMatchObject({ stock_amount: 0, in_stock: false });
    // The one copy is gone: another shopper is told so, in the edition's words.
    const late = await order(
      [{ book: book.id, edition_id: usedCopy.id, quantity: 1, price: 8 }],
      await createUser(app()),
    );
    expect(late.statusCode).toBe(422);
    expect(late.json().error).toBe(`"${book.title} (Fairly Used Paperback)" is out of stock`);
    // The hold runs out: the copy goes back to its edition.
    await app().db.transaction((tx) => expireOrder(tx, placed.json().id));
    expect(await stockOfEdition(usedCopy.id)).toBe(1);
    expect(await stockOfEdition(ebook.id)).toBeNull();
  });

  it('an order without edition_id (older clients) buys the default edition', async () => {
    const row = await insertBook(app().db, { priceCents: 1100, stockAmount: 3 });
    const res = await addEdition(row.id, { format: 'Hardcover', isbn: ISBN, price: '30.00', stock_amount: 5 });
    const book: Book = res.json();
    const placed = await order([{ book: book.id, quantity: 2, price: 11 }]);
    expect(placed.statusCode).toBe(201);
    const [line] = await app().db.select().from(orderItems).where(eq(orderItems.orderId, placed.json().id));
    expect(line).toMatchObject({ editionId: book.editions[0]!.id, format: 'Paperback', condition: 'New' });
    expect((await detail(book.id)).stock_amount).toBe(1);
    expect(await stockOfEdition(book.editions[1]!.id)).toBe(5);
  });

  it('refuses an edition that is not the book’s, an unknown one, and the same edition twice', async () => {
    const { book, paperback } = await titleWithEditions();
    const other = await insertBook(app().db, { priceCents: 900 });
    const wrong = await order([{ book: other.id, edition_id: paperback.id, quantity: 1, price: 16 }]);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toBe(`This edition of book ${other.id} is not sold here (it may have been removed)`);
    const unknown = await app().inject({
      method: 'POST',
      url: '/api/cart/quote/',
      payload: { items: [{ book: book.id, edition_id: 999_999, quantity: 1 }] },
    });
    expect(unknown.statusCode).toBe(422);
    const twice = await order([
      { book: book.id, quantity: 1, price: 4.99 },
      { book: book.id, edition_id: book.editions[0]!.id, quantity: 1, price: 4.99 },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error).toContain('appears more than once');
  });

  it('cancelling an order gives the copies back to their editions', async () => {
    const { book, paperback, usedCopy } = await titleWithEditions({ paperbackStock: 3 });
    const placed = await order([
      { book: book.id, edition_id: paperback.id, quantity: 2, price: 16 },
      { book: book.id, edition_id: usedCopy.id, quantity: 1, price: 8 },
    ]);
    expect(placed.statusCode).toBe(201);
    expect([await stockOfEdition(paperback.id), await stockOfEdition(usedCopy.id)]).toEqual([1, 0]);
    const cancel = await app().inject({
      method: 'POST',
      url: `/api/orders/${placed.json().id}/cancel/`,
      headers: shopper.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect([await stockOfEdition(paperback.id), await stockOfEdition(usedCopy.id)]).toEqual([3, 1]);
  });
});

describe('"from $X": the cheapest edition a shopper can buy now', () => {
  it('follows a sell-out, a cancellation, an expired hold and a restock, on the book and in the listing', async () => {
    // A new paperback at $16 (3 copies), the one used copy at $8 and a hardcover at $30 (2 copies).
    const { book, usedCopy } = await titleWithEditions({ paperbackStock: 3 });
    const ebook = book.editions.find((e) => e.format === 'eBook')!;
    expect(
      (
        await app().inject({
          method: 'DELETE',
          url: `/api/books/${book.id}/editions/${ebook.id}/`,
          headers: staff.headers,
        })
      ).statusCode,
    ).toBe(200);
    const hardcover = await addEdition(book.id, { format: 'Hardcover', isbn: ISBN, price: '30.00', stock_amount: 2 });
    expect(hardcover.statusCode).toBe(201);
    const span = async () => {
      const shown = await detail(book.id);
      const listed = await app().inject({
        method: 'GET',
        url: `/api/books/?page_size=100&keyword=${encodeURIComponent(book.title)}`,
      });
      const card = listed.json<{ data: Book[] }>().data.find((b) => b.id === book.id)!;
      expect([card.min_price, card.max_price]).toEqual([shown.min_price, shown.max_price]);
      return [shown.min_price, shown.max_price];
    };
    // Each time another shopper (each account may hold only so much).
    let buyer = shopper;
    const buyUsed = async () => {
      buyer = await createUser(app());
      return order([{ book: book.id, edition_id: usedCopy.id, quantity: 1, price: 8 }], buyer);
    };
    expect(await span()).toEqual(['8.00', '30.00']);

    // The used copy sells: "from" is the paperback's $16 until it comes back.
    const sold = await buyUsed();
    expect(sold.statusCode).toBe(201);
    expect(await span()).toEqual(['16.00', '30.00']);
    const cancel = await app().inject({
      method: 'POST',
      url: `/api/orders/${sold.json().id}/cancel/`,
      headers: buyer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await span()).toEqual(['8.00', '30.00']);

    // Held by an order whose time runs out.
    const held = await buyUsed();
    expect(held.statusCode).toBe(201);
    expect(await span()).toEqual(['16.00', '30.00']);
    await app().db.transaction((tx) => expireOrder(tx, held.json().id));
    expect(await span()).toEqual(['8.00', '30.00']);

    // Sold out, then staff find another copy.
    expect((await buyUsed()).statusCode).toBe(201);
    const restock = await app().inject({
      method: 'PUT',
      url: `/api/books/${book.id}/editions/${usedCopy.id}/`,
      headers: staff.headers,
      payload: { stock_amount: 1 },
    });
    expect(restock.statusCode).toBe(200);
    expect(await span()).toEqual(['8.00', '30.00']);

    // The hardcovers sell: the dearest a shopper can buy is the paperback.
    const hardcoverId = hardcover.json<Book>().editions.find((e) => e.format === 'Hardcover')!.id;
    expect(
      (await order([{ book: book.id, edition_id: hardcoverId, quantity: 2, price: 30 }], await createUser(app())))
        .statusCode,
    ).toBe(201);
    expect(await span()).toEqual(['8.00', '16.00']);
  });
});

describe('filters and sales by edition', () => {
  it('a title is listed by a format or condition filter when one of its editions matches all of them', async () => {
    const { book } = await titleWithEditions();
    const listed = async (query: string) => {
      const res = await app().inject({ method: 'GET', url: `/api/books/?page_size=100&${query}` });
      expect(res.statusCode).toBe(200);
      return res.json().data.some((b: Book) => b.id === book.id);
    };
    expect(await listed('condition=Fairly%20Used')).toBe(true);
    expect(await listed('book_type=eBook')).toBe(true);
    expect(await listed('book_type=Hardcover')).toBe(false);
    expect(await listed('condition=Fairly%20Used&book_type=eBook')).toBe(false);
    expect(await listed('condition=Fairly%20Used&price_max=9')).toBe(true);
    expect(await listed('condition=Fairly%20Used&price_max=7')).toBe(false);
    // The count says how many titles the filters leave, as the list does.
    const counted = await app().inject({ method: 'GET', url: '/api/books/?condition=Fairly%20Used&facets=1' });
    const all = await app().inject({ method: 'GET', url: '/api/books/?condition=Fairly%20Used&page_size=100' });
    expect(counted.json().meta.count).toBe(all.json().data.length);
  });

  it('a bestsellers sale leaves used copies alone; a sale of chosen books reduces them', async () => {
    const realNow = clock.now;
    let now = Date.now();
    clock.now = () => new Date(now);
    try {
      const { book, usedCopy, paperback } = await titleWithEditions({ featured: true });
      const sale = (body: Record<string, unknown>) =>
        app().inject({
          method: 'POST',
          url: '/api/admin/sales/',
          headers: staff.headers,
          payload: {
            name: 'Sale',
            percent_off: 50,
            starts_at: new Date(now + 1000).toISOString(),
            ends_at: new Date(now + 3_600_000).toISOString(),
            ...body,
          },
        });
      expect((await sale({ target: 'bestsellers', bestsellers: 100 })).statusCode).toBe(201);
      now += 2000;
      await runSaleBoundaries(app().db);
      let shown = await detail(book.id);
      expect(shown.editions.find((e) => e.id === paperback.id)).toMatchObject({
        price: '8.00',
        regular_price: '16.00',
      });
      expect(shown.editions.find((e) => e.id === usedCopy.id)).toMatchObject({ price: '8.00', original_price: '0.00' });
      expect((await sale({ percent_off: 25, target: 'books', target_ids: [book.id] })).statusCode).toBe(201);
      now += 2000;
      await runSaleBoundaries(app().db);
      shown = await detail(book.id);
      expect(shown.editions.find((e) => e.id === usedCopy.id)).toMatchObject({ price: '6.00', original_price: '8.00' });
    } finally {
      clock.now = realNow;
    }
  });
});

afterAll(async () => {
  // Every title keeps a copy of its default edition that matches it.
  const drift = await rows<{ id: number }>(
    app().db,
    sql`SELECT b.id FROM books b WHERE b.price_cents <> (SELECT e.price_cents FROM editions e
          WHERE e.book_id = b.id AND e.available
          ORDER BY (e.condition = 'New' AND coalesce(e.stock_amount > 0, true)) DESC, coalesce(e.stock_amount > 0, true) DESC,
            e.price_cents, e.id LIMIT 1)`,
  );
  expect(drift).toEqual([]);
});
