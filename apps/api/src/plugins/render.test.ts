import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/app.js';
import { insertAuthor, insertBook, insertCategory, insertReview, insertUser } from '../test/factories.js';
import { catalogueReader, RENDERS_AT_ONCE } from './render.js';

// A built storefront with a stand-in server entry: it renders what the reader answers, so these tests
// check the plugin's side (in-process reads, document, caching headers, status) without a web build.
const dist = mkdtempSync(path.join(tmpdir(), 'bookstore-render-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(path.join(dist, 'server'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Bookstore</title><meta name="description" content="x" />' +
    '<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(dist, 'server', 'entry-server.js'),
  `export async function render(url, reader) {
    const { pathname } = new URL(url);
    if (pathname.startsWith('/slow/')) {
      const count = (globalThis.renderCount ??= { now: 0, most: 0 });
      count.most = Math.max(count.most, ++count.now);
      await new Promise((resolve) => setTimeout(resolve, 20));
      count.now -= 1;
      return { kind: 'page', status: 200, html: '<h1>' + pathname + '</h1>', state: '{}' };
    }
    if (pathname === '/old') return { kind: 'redirect', status: 301, location: '/books' };
    // As the app's renderer answers an address it cannot decode (apps/web/src/entry-server.tsx).
    try {
      decodeURIComponent(pathname + new URL(url).search);
    } catch {
      return { kind: 'page', status: 400, html: '<h1>This address is not valid</h1>', state: '{}' };
    }
    if (pathname.startsWith('/book/')) {
      try {
        const book = await reader.book(decodeURIComponent(pathname.slice(6)));
        const related = await reader.related(book.id);
        return { kind: 'page', status: 200, html: '<link rel="preload" as="image" href="/c.svg"/><h1>' + book.title + '</h1>', state: JSON.stringify({ id: book.id, related: related.length }).replace(/</g, '\\\\u003c') };
      } catch (error) {
        return { kind: 'page', status: error.statusCode, html: '<h1>Book not found</h1><p hidden>' + 'padding '.repeat(200) + '</p>', state: '{}' };
      }
    }
    const page = await reader.books('/books/?page=1&ordering=title');
    const filler = '<p hidden>' + 'padding '.repeat(200) + '</p>';
    return { kind: 'page', status: 200, html: '<ul>' + page.data.map((b) => '<li>' + b.title + '</li>').join('') + '</ul>' + (new URL(url).searchParams.has('big') ? filler : ''), state: '{"count":' + page.meta.count + '}' };
  }`,
);

describe('server-rendered pages', () => {
  const ctx = useTestApp({ webDist: dist });
  let author = '';
  let category = '';

  beforeAll(async () => {
    const db = ctx().app.db;
    const a = await insertAuthor(db, { name: 'Mary Shelley', slug: 'mary-shelley' });
    const c = await insertCategory(db, { name: 'Gothic', slug: 'gothic' });
    author = a.slug;
    category = c.slug;
    const frankenstein = await insertBook(db, {
      title: 'Frankenstein',
      authorId: a.id,
      categoryId: c.id,
      description: 'A <b>monster</b>',
    });
    await insertBook(db, { title: 'Mathilda', authorId: a.id, categoryId: c.id });
    // More reviews than a page of them, some written in the same instant (the newest first, then by id).
    for (let i = 0; i < 12; i++) {
      const user = await insertUser(db, i % 3 ? {} : { firstName: 'Ada', lastName: `Reader ${i}` });
      await insertReview(db, {
        bookId: frankenstein.id,
        userId: user.id,
        rating: 1 + (i % 5),
        comment: `Review <${i}>`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3))),
      });
    }
  });

  it('reads the catalogue in-process with the very answers of the public API', async () => {
    const { app } = ctx();
    const reader = catalogueReader(app);
    const api = async (url: string) => (await app.inject(`/api${url}`)).json();
    expect(await reader.featured()).toEqual(await api('/featured/'));
    for (const address of [
      '/books/?page=1&ordering=title&facets=1',
      `/authors/${author}/books/?page=1&ordering=-created_at`,
      `/categories/${category}/books/?page=1&ordering=title&book_type=Paperback&book_type=eBook`,
    ]) {
      expect(await reader.books(address), address).toEqual(await api(address));
    }
    const book = (await reader.book('Frankenstein')) as { id: number; reviews: unknown[] };
    expect(book.reviews).toHaveLength(10);
    expect(book).toEqual(await api('/books/book/Frankenstein'));
    expect(await reader.book('frankenstein')).toEqual(book);
    expect(await reader.book(' Mathilda ')).toEqual(await api('/books/book/Mathilda'));
    expect(await reader.related(book.id)).toEqual(await api(`/books/${book.id}/related/`));
    expect(await reader.author(author)).toEqual(await api(`/authors/${author}/`));
    expect(await reader.category(category)).toEqual(await api(`/categories/${category}/`));
  });

  it('refuses what the API refuses, with its status', async () => {
    const reader = catalogueReader(ctx().app);
    await expect(reader.book('No Such Book')).rejects.toMatchObject({ statusCode: 404 });
    await expect(reader.author('nobody')).rejects.toMatchObject({ statusCode: 404 });
    await expect(reader.books('/books/?page=0')).rejects.toMatchObject({ statusCode: 400 });
    await expect(reader.books('/books/?ordering=nonsense')).rejects.toMatchObject({ statusCode: 400 });
    await expect(reader.books('/users/')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('sends finished HTML with its state as JSON data, cacheable by a CDN, with an ETag and 304', async () => {
    const { app } = ctx();
    const res = await app.inject('/books');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root"><ul><li>Frankenstein</li><li>Mathilda</li></ul></div>');
    expect(res.body).toContain('<script type="application/json" id="app-state">{"count":2}</script>');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=300');
    // The CSP still allows no inline script: the state is data, not code.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/books', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ url: '/books', headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
  });

  it('sends pages compressed when asked, the not-found page too', async () => {
    const { app } = ctx();
    for (const url of ['/books?big', '/book/Nothing%20Here', '/?big']) {
      const plain = await app.inject(url);
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(res.headers.vary, url).toContain('Accept-Encoding');
      expect(gunzipSync(res.rawPayload).toString('utf8'), url).toBe(plain.body);
    }
  });

  it("moves React's preloads into <head> and keeps the page's own title", async () => {
    const res = await ctx().app.inject('/book/Frankenstein');
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // First in <head>: the cover is asked for before the app's script.
    expect(head).toMatch(/^<!doctype html><html><head><link rel="preload" as="image" href="\/c.svg"\/>/);
    expect(head.indexOf('/c.svg')).toBeLessThan(head.indexOf('<script type="module"'));
    expect(head).toMatch(/<title>Frankenstein/);
    expect(res.body).toContain('<div id="root"><h1>Frankenstein</h1></div>');
  });

  it('answers an unknown book with the page and a 404, and follows redirects', async () => {
    const { app } = ctx();
    const missing = await app.inject('/book/Nothing%20Here');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Book not found');
    const moved = await app.inject('/old');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/books');
  });

  it("answers an address that cannot be decoded with the shop's 400 page, and the API with JSON in the shop's words", async () => {
    const { app } = ctx();
    for (const url of ['/books/%E0%A4%A', '/book/%E0%A4%A', '/%', '/books?page=%E0%A4%A', '/search?q=%']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<h1>This address is not valid</h1>');
      expect(res.headers['content-security-policy'], url).toBeTruthy();
    }
    for (const url of [
      '/api/books/%E0%A4%A',
      '/api/authors/%E0%A4%A/',
      '/api/books/?page=%E0%A4%A',
      '/media/%E0%A4%A',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'The address is not valid' });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-security-policy'], url).toBeTruthy();
    }
    // A part of the address longer than the router takes: Fastify's 414, in the shop's words.
    const long = await app.inject({ method: 'DELETE', url: `/api/books/${'x'.repeat(600)}/` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'The address is too long' });
  });

  it('reads a book once for its page: its head and its body share the reads, none is made twice', async () => {
    const { app } = ctx();
    const dialect = new PgDialect();
    const execute = vi.spyOn(app.db, 'execute');
    try {
      const res = await app.inject('/book/Mathilda');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Mathilda | Bookstore</title>');
      expect(res.body).toContain('"related":1');
      const statements = execute.mock.calls.map(([query]) => JSON.stringify(dialect.sqlToQuery(query as SQL)));
      // The book with its first reviews, then its related books (by author, then by category).
      expect(statements).toHaveLength(3);
      expect(new Set(statements).size).toBe(statements.length);
    } finally {
      execute.mockRestore();
    }
  });

  it('never serves the server bundle as a file', async () => {
    const res = await ctx().app.inject('/server/entry-server.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('reader');
  });

  it('renders again after a catalogue write', async () => {
    const { app } = ctx();
    const before = await app.inject('/books');
    await insertBook(app.db, { title: 'Aardvark Tales' });
    // Written behind the API's back: the page stays as it was until the cache is told.
    const { answerCache } = await import('../lib/answers/cache.js');
    answerCache(app.db).invalidate();
    const after = await app.inject('/books');
    expect(after.body).toContain('<li>Aardvark Tales</li>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('renders at most a few pages at once: the others wait their turn, and every one is answered', async () => {
    const { app } = ctx();
    const pages = Array.from({ length: RENDERS_AT_ONCE * 3 }, (_, i) => `/slow/${i}`);
    const answers = await Promise.all(pages.map((url) => app.inject(url)));
    expect(answers.map((a) => a.statusCode)).toEqual(pages.map(() => 200));
    expect(answers.map((a) => /<h1>([^<]*)<\/h1>/.exec(a.body)?.[1])).toEqual(pages);
    const count = (globalThis as { renderCount?: { now: number; most: number } }).renderCount;
    expect(count).toEqual({ now: 0, most: RENDERS_AT_ONCE });
  });
});

describe('server-rendered pages in the cache', () => {
  const cached = useTestApp({ webDist: dist, answerCacheSeconds: 60 });

  it("keeps a rendered book page, counted by its bytes, and not the book's data beside it", async () => {
    const { app } = cached();
    await insertBook(app.db, { title: 'Frankenstein' });
    const { answerCache } = await import('../lib/answers/cache.js');
    const cache = answerCache(app.db);
    cache.invalidate();
    const res = await app.inject('/book/Frankenstein');
    expect(res.statusCode).toBe(200);
    // The page is all the cache holds in bytes, and what it holds is the page sent.
    expect(cache.keptBytes).toBe(Buffer.byteLength(res.body));
    expect(cache.recall('page-book:Frankenstein')).toBeUndefined();
    // Served again from the cache: the same bytes, nothing rendered twice.
    const again = await app.inject('/book/Frankenstein');
    expect(again.body).toBe(res.body);
    expect(cache.keptBytes).toBe(Buffer.byteLength(res.body));
  });
});
