import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertAuthor, insertBook, insertCategory } from '../../test/factories.js';
import { invalidateAnswers } from '../../lib/answers/cache.js';

/**
 * Kept catalogue answers are sent before Fastify sees the request (lib/front.ts). A client must not be
 * able to tell: over the network, a kept answer carries the very status, headers and bytes the route
 * sends for the same request (app.inject goes through Fastify), and a write is seen at once.
 */
describe.each([
  ['the shop alone', {}],
  ['CORS on for a partner site', { corsOrigins: ['https://partner.example'] }],
])('catalogue answers sent ahead of the router (%s)', (_name, overrides) => {
  let testApp: TestApp;
  let port: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    testApp = await createTestApp({ answerCacheSeconds: 60, ...overrides });
    const db = testApp.app.db;
    const author = await insertAuthor(db, { name: 'Ann Radcliffe', slug: 'ann-radcliffe', featured: true });
    const category = await insertCategory(db, { name: 'Gothic', slug: 'gothic' });
    for (let i = 0; i < 6; i++) {
      const book = await insertBook(db, {
        title: `Udolpho ${i}`,
        bookAuthor: 'Ann Radcliffe',
        authorId: author.id,
        categoryId: category.id,
        featured: true,
        priceCents: 1250,
        description: 'Mysteries of a castle in the Apennines, long enough to be worth compressing. '.repeat(4),
      });
      ids[`book${i}`] = book.id;
    }
    invalidateAnswers(db);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => testApp?.close());

  /** A request over a real socket: what a browser or a CDN gets. */
  function fetchRaw(url: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }
  const throughFastify = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  /** Headers that belong to the connection, not the answer. */
  const answerHeaders = (headers: Record<string, unknown>) => {
    const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = headers;
    return rest;
  };

  it('sends a kept answer exactly as the route does, for every way of asking', async () => {
    const urls = ['/api/featured/', '/api/books/', `/api/books/book/${ids.book0}/`, '/api/authors/ann-radcliffe/'];
    for (const url of urls) {
      const made = await throughFastify(url);
      expect(made.statusCode, url).toBe(200);
      const etag = made.headers.etag as string;
      const ways: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'if-none-match': etag },
        { origin: 'https://partner.example' },
        { origin: 'https://elsewhere.example' },
      ];
      for (const headers of ways) {
        const sent = await fetchRaw(url, headers);
        const routed = await throughFastify(url, headers);
        const what = `${url} ${JSON.stringify(headers)}`;
        expect(sent.status, what).toBe(routed.statusCode);
        expect(answerHeaders(sent.headers), what).toEqual(answerHeaders(routed.headers));
        expect(sent.body.equals(routed.rawPayload), what).toBe(true);
      }
    }
  });

  it('keeps the security headers and answers HEAD as the route does', async () => {
    await throughFastify('/api/featured/');
    const sent = await fetchRaw('/api/featured/');
    expect(sent.headers['content-security-policy']).toContain("default-src 'self'");
    expect(sent.headers['x-content-type-options']).toBe('nosniff');
    const head = await testApp.app.inject({ method: 'HEAD', url: '/api/featured/' });
    expect(head.statusCode).toBe(200);
  });

  it('shows a write at once: a price changed after the answer was kept', async () => {
    const url = `/api/books/book/${ids.book1}/`;
    expect(JSON.parse((await fetchRaw(url)).body.toString()).price).toBe('12.50');
    expect(JSON.parse((await fetchRaw(url)).body.toString()).price).toBe('12.50');
    await testApp.app.db.update(books).set({ priceCents: 999 }).where(eq(books.id, ids.book1!));
    invalidateAnswers(testApp.app.db);
    expect(JSON.parse((await fetchRaw(url)).body.toString()).price).toBe('9.99');
  });

  it('leaves what was never answered to the route: a missing book is still a 404 in the shop’s words', async () => {
    const sent = await fetchRaw('/api/books/book/999999/');
    expect(sent.status).toBe(404);
    expect(JSON.parse(sent.body.toString())).toHaveProperty('error');
  });
});
