import { pagedBooksSchema } from '@bookstore/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { books } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { createAccount, insertBook } from '../test/factories.js';
import { invalidateAnswers } from '../lib/answers/cache.js';
import Fastify from 'fastify';
import { testConfig } from '../config.js';
import type { App } from '../test/app.js';
import { answersPlugin } from './answers.js';

/**
 * Writes that no catalogue answer shows (signing in, the wishlist, the newsletter) leave the catalogue
 * cache alone: a shop where every sign-in emptied it would remake every list for every visitor each
 * time somebody signs in. A write the catalogue does show still clears it at once.
 */
describe('catalogue cache and writes it does not show', () => {
  const ctx = useTestApp({ answerCacheSeconds: 60 });
  let bookId: number;

  beforeAll(async () => {
    const book = await insertBook(ctx().app.db, { title: 'Kept Answers', priceCents: 1_000 });
    bookId = book.id;
    invalidateAnswers(ctx().app.db);
  });

  const listedPrice = async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/books/?keyword=kept%20answers' });
    expect(res.statusCode).toBe(200);
    return pagedBooksSchema.parse(res.json()).data.find((b) => b.id === bookId)?.price;
  };
  /** A price change made behind the API's back: only a cache cleared since shows it. */
  const changePriceQuietly = (cents: number) =>
    ctx().app.db.update(books).set({ priceCents: cents }).where(eq(books.id, bookId));

  it('keeps answers through sign-in, token refresh, the wishlist and the newsletter, and clears them on a review', async () => {
    const { app } = ctx();
    expect(await listedPrice()).toBe('10.00');
    await changePriceQuietly(1_250);

    const account = await createAccount(app, { password: 'correct-horse-battery' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { emailOrUsername: account.user.email, password: 'correct-horse-battery' },
    });
    expect(login.statusCode).toBe(200);
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: login.json().refresh },
    });
    expect(refresh.statusCode).toBe(200);
    const wish = await app.inject({ method: 'POST', url: `/api/wishlist/add/${bookId}/`, headers: account.auth });
    expect(wish.statusCode).toBe(201);
    const news = await app.inject({ method: 'POST', url: '/api/newsletter/', payload: { email: 'kept@example.test' } });
    expect(news.statusCode).toBe(200);
    expect(await listedPrice()).toBe('10.00');

    const review = await app.inject({
      method: 'POST',
      url: `/api/books/${encodeURIComponent('Kept Answers')}/reviews/`,
      headers: account.auth,
      payload: { rating: 5, comment: 'Worth every cent.' },
    });
    expect(review.statusCode).toBe(201);
    expect(await listedPrice()).toBe('12.50');
  });
});

describe('every write says what it invalidates', () => {
  it('refuses a write route under /api that does not declare it, and accepts one that does', async () => {
    // The plugin alone, on a Fastify not yet started (routes cannot be added to a started one).
    const app = Fastify();
    app.decorate('db', {} as App['db']);
    app.decorate('config', { ...testConfig(), answerCacheSeconds: 0 });
    await app.register(answersPlugin);
    expect(() => app.post('/api/undeclared-write/', async () => ({ ok: true }))).toThrow(
      'POST /api/undeclared-write/ must declare config.invalidates (plugins/answers.ts)',
    );
    expect(() => app.post('/api/declared-write/', { config: { invalidates: [] } }, async () => ({}))).not.toThrow();
    expect(() => app.post('/elsewhere/', async () => ({}))).not.toThrow();
    await app.close();
  });
});
