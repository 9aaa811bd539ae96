import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import {
  createBook,
  createUser,
  expireReservation,
  insertAuthor,
  insertBook,
  insertCategory,
  placeOrder,
} from '../../test/factories.js';
import { sweepExpiredReservations } from '../../modules/orders/index.js';
import { invalidateAnswers } from './cache.js';
import { ANSWER_CACHE_CONTROL, preferredEncoding } from './http.js';

describe('catalogue answers on the wire', () => {
  const ctx = useTestApp({ answerCacheSeconds: 60 });
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = ctx().app.db;
    const author = await insertAuthor(db, { name: 'Mary Shelley', slug: 'mary-shelley', featured: true });
    const category = await insertCategory(db, { name: 'Gothic', slug: 'gothic' });
    for (let i = 0; i < 12; i++) {
      const book = await insertBook(db, {
        title: `Wire Book ${i}`,
        bookAuthor: 'Mary Shelley',
        authorId: author.id,
        categoryId: category.id,
        featured: i < 3,
        description: 'A long description that makes the list worth compressing. '.repeat(3),
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      });
      ids[`book${i}`] = book.id;
    }
    invalidateAnswers(db);
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'GET', url, headers });

  const reads = () => [
    '/api/books/',
    '/api/books/?keyword=wire',
    `/api/books/book/${ids.book0}/`,
    `/api/books/${ids.book0}/related/`,
    '/api/featured/',
    '/api/authors/',
    '/api/categories/',
    '/api/authors/mary-shelley/',
    '/api/authors/mary-shelley/books/',
    '/api/categories/gothic/',
    '/api/categories/gothic/books/',
  ];

  it('gives every catalogue read an ETag and Cache-Control, and answers If-None-Match with an empty 304', async () => {
    for (const url of reads()) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control'], url).toBe(ANSWER_CACHE_CONTROL);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      // A browser may send the tag weak, or several tags.
      expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode, url).toBe(304);
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200);
    }
  });

  it('sends the same JSON compressed with br or gzip when the client accepts it', async () => {
    const plain = await get('/api/books/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/books/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/api/books/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('sends an answer asked for again in its smallest brotli form, the same JSON, once it is made', async () => {
    const url = '/api/books/?ordering=title';
    const headers = { 'accept-encoding': 'br' };
    const plain = await get(url);
    const first = await get(url, headers);
    const sizes = [first.rawPayload.length];
    // The second ask sets the best quality to work in the background; the answer goes out as it is meanwhile.
    const deadline = Date.now() + 5_000;
    let last = first;
    while (last.rawPayload.length >= first.rawPayload.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      last = await get(url, headers);
      sizes.push(last.rawPayload.length);
    }
    expect(last.rawPayload.length, `${sizes.length} asks, sizes ${[...new Set(sizes)].join(', ')}`).toBeLessThan(
      first.rawPayload.length,
    );
    expect(last.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(last.rawPayload).toString()).toBe(plain.body);
    expect(last.headers.etag).toBe(first.headers.etag);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('GZIP')).toBe('gzip');
  });

  it('keeps errors out of the cache and out of shared caches', async () => {
    for (const url of ['/api/books/book/999999/', '/api/books/999999/related/', '/api/books/?page=abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers.etag, url).toBeUndefined();
    }
  });

  it('reuses every answer until the catalogue is written, then answers afresh with a new ETag', async () => {
    const { app } = ctx();
    const before = new Map<string, string>();
    for (const url of reads()) before.set(url, (await get(url)).headers.etag as string);
    // Behind the server's back: every answer stands.
    await app.db.update(books).set({ priceCents: 4321 });
    for (const url of reads()) expect((await get(url)).headers.etag, url).toBe(before.get(url));
    invalidateAnswers(app.db);
    for (const url of reads()) {
      const res = await get(url, { 'if-none-match': before.get(url)! });
      const bookless = /^\/api\/(authors|categories)\/([\w-]+\/)?$/.test(url);
      expect(res.statusCode, url).toBe(bookless ? 304 : 200);
      if (res.statusCode === 200) expect(res.body, url).toContain('43.21');
    }
    await app.db.update(books).set({ priceCents: 1000 }).where(eq(books.id, ids.book0!));
  });
  it('shows at once the stock an expired reservation gives back', async () => {
    const { app } = ctx();
    const buyer = await createUser(app);
    const book = await createBook(app, { stock: 3 });
    const ordered = await placeOrder(app, buyer, [{ book, quantity: 2 }]);
    expect(ordered.statusCode).toBe(201);
    const stock = async () => (await get(`/api/books/book/${book.id}/`)).json().stock_amount;
    expect(await stock()).toBe(1);
    // Expired behind the server's back; the scheduled sweep's restock must clear the cached answer.
    await expireReservation(app, ordered.json().id);
    expect(await sweepExpiredReservations(app.db, app.log)).toBe(1);
    expect(await stock()).toBe(3);
  });
});

describe('catalogue answers called from another site', () => {
  const ctx = useTestApp({ answerCacheSeconds: 60, corsOrigins: ['https://partner.example'] });

  it('keeps the CORS headers on cached answers and varies on Origin too', async () => {
    const { app } = ctx();
    for (let i = 0; i < 2; i++) {
      const allowed = await app.inject({ url: '/api/featured/', headers: { origin: 'https://partner.example' } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(allowed.headers.vary).toMatch(/origin/i);
      expect(allowed.headers.vary).toMatch(/accept-encoding/i);
      const other = await app.inject({ url: '/api/featured/', headers: { origin: 'https://elsewhere.example' } });
      expect(other.statusCode).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
