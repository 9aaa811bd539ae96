import { randomBytes } from 'node:crypto';
import { moneyToCents } from '@bookstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { App } from './app.js';
import type { Database } from '../db/client.js';
import { authors, books, categories, editions, orderItems, orders, reviews, users } from '../db/schema.js';
import { hashPassword } from '../modules/accounts/index.js';
import { startSession } from '../modules/accounts/index.js';
import { makeEpub, saveEbookFile, storeBytes } from '../modules/downloads/index.js';

/**
 * The one set of test factories: rows straight into the database (no HTTP, no rate limits), each
 * filling what the test does not care about. `insert*` take a database and any columns and return the
 * row; `create*` take the app and also sign the account's token or speak in the contract's money.
 */

let counter = 0;
const unique = () => `${randomBytes(3).toString('hex')}${(counter++).toString(36)}`;
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const uniqueName = (prefix = 'u') => `${prefix}${randomBytes(4).toString('hex')}`.slice(0, 12);

/** A name and its slug, unless the test gave them. */
const named = (prefix: string, values: { name?: string; slug?: string }) => {
  const name = values.name ?? `${prefix} ${unique()}`;
  return { name, slug: values.slug ?? slugOf(name) };
};

export async function insertAuthor(db: Database, values: Partial<typeof authors.$inferInsert> = {}) {
  const [row] = await db
    .insert(authors)
    .values({ ...named('Author', values), ...values })
    .returning();
  return row!;
}

export async function insertCategory(db: Database, values: Partial<typeof categories.$inferInsert> = {}) {
  const [row] = await db
    .insert(categories)
    .values({ ...named('Category', values), ...values })
    .returning();
  return row!;
}

export async function insertBook(db: Database, values: Partial<typeof books.$inferInsert> = {}) {
  const title = values.title ?? `Book ${unique()}`;
  const [row] = await db
    .insert(books)
    .values({
      title,
      slug: values.slug ?? `${slugOf(title)}-${unique()}`,
      priceCents: 1000,
      stockAmount: 5,
      ...values,
      regularPriceCents: values.regularPriceCents ?? values.priceCents ?? 1000,
    })
    .returning();
  return row!;
}

export async function insertUser(db: Database, values: Partial<typeof users.$inferInsert> = {}) {
  const username = values.username ?? `u${unique()}`.slice(0, 12);
  const [row] = await db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: 'not-a-hash', ...values })
    .returning();
  return row!;
}

export async function insertReview(db: Database, values: typeof reviews.$inferInsert) {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

/**
 * A book priced in the contract's money ('12.99'), with a cover unless `image: null`. An eBook comes
 * with its file, as the shop sells one, unless `ebookFile: false` (an eBook "coming soon").
 */
export async function createBook(
  app: App,
  options: {
    price?: string;
    stock?: number;
    available?: boolean;
    title?: string;
    image?: string | null;
    bookType?: string;
    ebookFile?: boolean;
  } = {},
): Promise<{ id: number; title: string; price: string }> {
  const title = options.title ?? `Book ${unique()}`;
  const price = options.price ?? '12.99';
  const row = await insertBook(app.db, {
    title,
    slug: slugOf(title),
    image: options.image === undefined ? 'covers/test.jpg' : options.image,
    priceCents: moneyToCents(price)!,
    stockAmount: options.stock ?? 5,
    available: options.available ?? true,
    ...(options.bookType ? { bookType: options.bookType } : {}),
  });
  if (options.bookType === 'eBook' && options.ebookFile !== false) {
    const [edition] = await app.db
      .select({ id: editions.id })
      .from(editions)
      .where(and(eq(editions.bookId, row.id), eq(editions.format, 'eBook')));
    await giveEbookFile(app, edition!.id, title);
  }
  return { id: row.id, title, price };
}

/** Gives an eBook edition its file (a small EPUB), as staff's upload does: from then on it can be bought. */
export async function giveEbookFile(app: App, editionId: number, title = 'A Test eBook'): Promise<void> {
  const stored = await storeBytes(
    app.config.filesDir,
    makeEpub({ title, author: 'A. Writer', description: 'A book for tests.', modified: new Date(0) }),
  );
  await saveEbookFile(app.db, editionId, stored, null);
}

/** The copies left of a book's default edition (its row's copy); 0 for an eBook, which has none. */
export async function stockOf(app: App, bookId: number): Promise<number> {
  const [row] = await app.db.select({ stock: books.stockAmount }).from(books).where(eq(books.id, bookId));
  return row!.stock ?? 0;
}

type UserRow = typeof users.$inferSelect;
/** An access token of a real session, as signing in gives (the server refuses tokens without one). */
const tokenFor = async (app: App, user: UserRow) => (await startSession(app.db, app.tokens, user)).access;

/** A shopper (or staff) with a signed access token, for the checkout tests. */
export interface TestUser {
  id: number;
  username: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

export async function createUser(app: App, options: { staff?: boolean } = {}): Promise<TestUser> {
  const username = `buyer_${randomBytes(4).toString('hex')}`;
  const user = await insertUser(app.db, {
    username,
    email: `${username}@example.test`,
    passwordHash: 'not-a-real-hash',
    isStaff: options.staff ?? false,
  });
  const token = await tokenFor(app, user);
  return { id: user.id, username, email: user.email, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * A shopper who has paid for one copy of each of these books (an order written straight into the
 * database): their reviews of them are verified purchases, which count in the books' ratings.
 */
export async function createBuyer(app: App, bookIds: number[]): Promise<TestUser> {
  const user = await createUser(app);
  const [order] = await app.db
    .insert(orders)
    .values({
      userId: user.id,
      status: 'completed',
      paymentStatus: 'success',
      totalCents: 0,
      currency: 'USD',
      reservedUntil: new Date(),
      paidAt: new Date(),
    })
    .returning();
  await app.db
    .insert(orderItems)
    .values(bookIds.map((bookId) => ({ orderId: order!.id, bookId, title: 'Bought', quantity: 1, priceCents: 0 })));
  return user;
}

/** An account with a real password (for the login tests) and a signed access token. */
export interface TestAccount {
  user: UserRow;
  password: string;
  access: string;
  auth: { authorization: string };
}

export async function createAccount(
  app: App,
  options: { staff?: boolean; password?: string } = {},
): Promise<TestAccount> {
  const username = uniqueName(options.staff ? 's' : 'u');
  const password = options.password ?? 'correct-horse-battery';
  const user = await insertUser(app.db, {
    email: `${username}@example.test`,
    username,
    firstName: 'Test',
    lastName: 'Person',
    passwordHash: await hashPassword(password),
    isStaff: options.staff ?? false,
  });
  const access = await tokenFor(app, user);
  return { user, password, access, auth: { authorization: `Bearer ${access}` } };
}

/** A well-formed order request for the given lines at their current prices. */
export function orderBody(lines: { book: { id: number; price: string }; quantity: number }[]) {
  const totalCents = lines.reduce((sum, l) => sum + moneyToCents(l.book.price)! * l.quantity, 0);
  return {
    total_price: totalCents / 100,
    status: 'pending',
    items: lines.map((l) => ({ book: l.book.id, quantity: l.quantity, price: Number(l.book.price) })),
  };
}

/** A full delivery address, as a shopper types it at checkout. */
export const SHIPPING_ADDRESS = {
  name: 'Grace Hopper',
  line1: '1 Navy Way',
  city: 'Arlington',
  region: 'VA',
  postal_code: '22202',
  country: 'US',
};

/** Each test shopper orders from an address of their own, as shoppers do (holds are capped per address too). */
export const addressOf = (user: { id: number }) =>
  `10.${(user.id >> 16) & 255}.${(user.id >> 8) & 255}.${user.id & 255}`;

export async function placeOrder(app: App, user: TestUser, lines: Parameters<typeof orderBody>[0]) {
  return app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: user.headers,
    remoteAddress: addressOf(user),
    payload: orderBody(lines),
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

/** What `paidOrderOfEditions` made: the order's id and its three lines' ids, and the code it used. */
export interface OrderOfEditions {
  id: number;
  /** What was charged, as the API writes money ('56.98'). */
  total: string;
  code: string;
  title: string;
  lines: { hardcover: number; used: number; ebook: number };
  isbns: { hardcover: string; used: string; ebook: string };
}

/**
 * A title sold three ways, bought in one order and paid: two new hardcovers with the protection plan, its
 * one used paperback and its eBook, with a promo code of $5.00 off, sent by Standard Delivery (free in a
 * fresh shop) or, with `express`, by Express Delivery ($9.99) to an address in London. Editions and code
 * are made through staff's calls, as the dashboard makes them.
 */
export async function paidOrderOfEditions(
  app: App,
  shopper: TestUser,
  staff: TestUser,
  options: { express?: boolean } = {},
): Promise<OrderOfEditions> {
  const isbns = { hardcover: '9780141439518', used: '9780141439587', ebook: '9780141199078' };
  const row = await insertBook(app.db, {
    title: `Editions ${unique()}`,
    bookType: 'Hardcover',
    isbn: isbns.hardcover,
    priceCents: 2000,
    stockAmount: 5,
    image: 'covers/test.jpg',
  });
  const post = async (url: string, who: TestUser, payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url, headers: who.headers, remoteAddress: addressOf(who), payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  await post(`/api/books/${row.id}/editions/`, staff, {
    format: 'Paperback',
    condition: 'Used',
    condition_note: 'Cover creased',
    isbn: isbns.used,
    price: '6.00',
    stock_amount: 1,
  });
  const book = await post(`/api/books/${row.id}/editions/`, staff, {
    format: 'eBook',
    isbn: isbns.ebook,
    price: '5.00',
  });
  const edition = (format: string, condition = 'New') =>
    (book.editions as { id: number; format: string; condition: string }[]).find(
      (e) => e.format === format && e.condition === condition,
    )!.id;
  // An eBook is for sale once its file is there.
  await giveEbookFile(app, edition('eBook'), row.title);
  const code = `FIVE-${unique().toUpperCase()}`;
  await post('/api/admin/promo-codes/', staff, { code, kind: 'amount', amount_off: 5 });
  const items = [
    { book: row.id, edition_id: edition('Hardcover'), quantity: 2, protection: true },
    { book: row.id, edition_id: edition('Paperback', 'Used'), quantity: 1 },
    { book: row.id, edition_id: edition('eBook'), quantity: 1 },
  ];
  const delivery = options.express
    ? {
        shipping_method: 'express',
        shipping_address: {
          name: 'Ada Reader',
          line1: '10 Downing Street',
          city: 'London',
          postal_code: 'SW1A 2AA',
          country: 'GB',
        },
      }
    : {};
  const quote = await post('/api/cart/quote/', shopper, { items, code, shipping_method: delivery.shipping_method });
  const order = await post('/api/orders/', shopper, {
    total_price: quote.total,
    promo_code: code,
    items: items.map((item, i) => ({ ...item, price: quote.lines[i].price })),
    ...delivery,
  });
  const { reference } = await post('/api/payments/initialize/', shopper, { order_id: order.id });
  await post('/api/payments/sandbox/charge/', shopper, {
    reference,
    card_number: '4084 0840 8408 4081',
    expiry: '12/39',
    cvv: '408',
  });
  await post('/api/verify-payment/', shopper, { reference, order_id: order.id });
  const line = (editionId: number) =>
    (order.items as { id: number; edition_id: number }[]).find((i) => i.edition_id === editionId)!.id;
  return {
    id: order.id,
    total: order.total_price,
    code,
    title: row.title,
    lines: {
      hardcover: line(edition('Hardcover')),
      used: line(edition('Paperback', 'Used')),
      ebook: line(edition('eBook')),
    },
    isbns,
  };
}
