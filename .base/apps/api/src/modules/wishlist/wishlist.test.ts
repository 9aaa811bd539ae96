import { bookSchema, wishlistSchema } from '@bookstore/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { books } from '../../db/schema.js';
import { type App, useTestApp } from '../../test/app.js';
import { createBook, createUser, type TestUser } from '../../test/factories.js';

const ctx = useTestApp();

const list = (app: App, user: TestUser | null) =>
  app.inject({ method: 'GET', url: '/api/wishlist/', headers: user?.headers ?? {} });
const add = (app: App, user: TestUser | null, id: number | string) =>
  app.inject({ method: 'POST', url: `/api/wishlist/add/${id}/`, headers: user?.headers ?? {} });
const remove = (app: App, user: TestUser | null, id: number | string) =>
  app.inject({ method: 'DELETE', url: `/api/wishlist/remove/${id}/`, headers: user?.headers ?? {} });
const titles = async (app: App, user: TestUser) =>
  wishlistSchema.parse((await list(app, user)).json()).map((b) => b.title);

describe('wishlist', () => {
  it('adds a book once however often it is added, and lists the most recently added first', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const first = await createBook(app);
    const second = await createBook(app);

    const added = await add(app, user, first.id);
    expect(added.statusCode).toBe(201);
    expect(bookSchema.parse(added.json()).title).toBe(first.title);
    const again = await add(app, user, first.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    expect((await add(app, user, second.id)).statusCode).toBe(201);

    const reply = await list(app, user);
    expect(reply.statusCode).toBe(200);
    expect(await titles(app, user)).toEqual([second.title, first.title]);
  });

  it('starts empty', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    expect((await list(app, user)).json()).toEqual([]);
  });

  it('removes a book, and says so when the book is not in the list', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app);
    await add(app, user, book.id);
    expect((await remove(app, user, book.id)).statusCode).toBe(204);
    expect(await titles(app, user)).toEqual([]);
    const missing = await remove(app, user, book.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'This book is not in your wishlist' });
  });

  it('answers 404 for an unknown book and 400 for an id that is not a number', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    for (const reply of [await add(app, user, 999_999), await remove(app, user, 999_999)]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ error: 'Book not found' });
    }
    const bad = await add(app, user, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.id).toEqual(['id must be a whole number']);
    expect((await remove(app, user, '1x')).statusCode).toBe(400);
  });

  it('refuses signed-out visitors and bad tokens with 401', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    for (const reply of [await list(app, null), await add(app, null, book.id), await remove(app, null, book.id)]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json().error).toBe('Please sign in to continue');
    }
    const forged = await app.inject({
      method: 'GET',
      url: '/api/wishlist/',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("never shows or changes another person's list", async () => {
    const { app } = ctx();
    const owner = await createUser(app);
    const other = await createUser(app);
    const book = await createBook(app);
    await add(app, owner, book.id);

    expect((await list(app, other)).json()).toEqual([]);
    expect((await remove(app, other, book.id)).statusCode).toBe(404);
    expect(await titles(app, owner)).toEqual([book.title]);

    // The other shopper adding the same book makes their own entry, not a change to the owner's.
    expect((await add(app, other, book.id)).statusCode).toBe(201);
    await remove(app, other, book.id);
    expect(await titles(app, owner)).toEqual([book.title]);
  });

  it('keeps a book that sells out, with its stock at 0 so the page can mark it', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 1 });
    await add(app, user, book.id);
    await app.db.update(books).set({ stockAmount: 0 }).where(eq(books.id, book.id));
    const [listed] = wishlistSchema.parse((await list(app, user)).json());
    expect(listed).toMatchObject({ id: book.id, stock_amount: 0, available: true });
  });

  it('drops a book from every list when the book is deleted', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const kept = await createBook(app);
    const deleted = await createBook(app);
    await add(app, user, kept.id);
    await add(app, user, deleted.id);
    await app.db.delete(books).where(eq(books.id, deleted.id));
    expect(await titles(app, user)).toEqual([kept.title]);
  });

  it('keeps one entry when the same book is added many times at once', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app);
    const replies = await Promise.all(Array.from({ length: 10 }, () => add(app, user, book.id)));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect(await titles(app, user)).toEqual([book.title]);
  });
});
