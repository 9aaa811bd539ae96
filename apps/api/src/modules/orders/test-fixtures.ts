import { randomBytes } from 'node:crypto';
import { moneyToCents } from '@bookstore/contract';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.js';
import { books, users } from '../../db/schema.js';

/** Test data for the checkout tests: users and books straight into the database, tokens signed by the app. */
export interface TestUser {
  id: number;
  username: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

const unique = () => randomBytes(4).toString('hex');

export async function createUser(app: App, options: { staff?: boolean } = {}): Promise<TestUser> {
  const username = `buyer_${unique()}`;
  const email = `${username}@example.test`;
  const [row] = await app.db
    .insert(users)
    .values({ username, email, passwordHash: 'not-a-real-hash', isStaff: options.staff ?? false })
    .returning({ id: users.id });
  const token = await app.tokens.signAccess({ userId: row!.id, username, isStaff: options.staff ?? false });
  return { id: row!.id, username, email, token, headers: { authorization: `Bearer ${token}` } };
}

export async function createBook(
  app: App,
  options: { price?: string; stock?: number; available?: boolean; title?: string; image?: string | null } = {},
): Promise<{ id: number; title: string; price: string }> {
  const title = options.title ?? `Book ${unique()}`;
  const price = options.price ?? '12.99';
  const [row] = await app.db
    .insert(books)
    .values({
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      image: options.image === undefined ? 'covers/test.jpg' : options.image,
      priceCents: moneyToCents(price)!,
      stockAmount: options.stock ?? 5,
      available: options.available ?? true,
    })
    .returning({ id: books.id });
  return { id: row!.id, title, price };
}

export async function stockOf(app: App, bookId: number): Promise<number> {
  const [row] = await app.db.select({ stock: books.stockAmount }).from(books).where(eq(books.id, bookId));
  return row!.stock;
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

export async function placeOrder(app: App, user: TestUser, lines: Parameters<typeof orderBody>[0]) {
  return app.inject({ method: 'POST', url: '/api/orders/', headers: user.headers, payload: orderBody(lines) });
}
