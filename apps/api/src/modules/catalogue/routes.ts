import {
  authorSchema,
  type BookListQuery,
  bookDetailSchema,
  bookListQuerySchema,
  bookSchema,
  categorySchema,
  errorSchema,
  featuredBookSchema,
  idParamSchema,
  pagedBooksSchema,
  pageQuerySchema,
  slugParamSchema,
} from '@bookstore/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IncomingHttpHeaders } from 'node:http';
import type { EarlyAnswer } from '../../lib/front.js';
import { CachedAnswer, type CatalogueCache, catalogueCache } from './cache.js';
import { connectInvalidation } from './invalidation.js';
import { CatalogueService } from './service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on a write that changes nothing a catalogue answer shows (signing in, the wishlist, a message
     * to the shop): it leaves every process's catalogue cache as it is. Writes without it clear it.
     */
    leavesCatalogue?: true;
  }
}

const tags = ['catalogue'];
// An author's books may be narrowed by category and a category's by author, never by their own.
const authorBooksQuery = bookListQuerySchema.omit({ keyword: true, author: true, exact: true });
const categoryBooksQuery = bookListQuerySchema.omit({ keyword: true, category: true, exact: true });
const titleParam = z.object({ key: z.string().max(500) });

/**
 * Catalogue reads are public and the same for everybody: shared caches (a CDN) may keep them for a
 * few seconds; browsers keep them too but ask again each time, with If-None-Match, so a shopper's own
 * write (a review, an order's stock) shows at once and an unchanged answer costs a 304.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';

/**
 * Replies are built by our own typed serialisers (serialize.ts) and sent as the bytes kept in the
 * catalogue cache; errors go out with a plain JSON.stringify. The zod response schemas still document
 * every reply in /api/docs.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** br, else gzip, else nothing, from an Accept-Encoding header (an encoding with q=0 is refused). */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip') continue;
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(p))) continue;
    if (coding === 'br') return 'br';
    gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The ways a cached answer goes out: 304 when the client holds it already, else its bytes, compressed if asked. */
type AnswerWay = 'not-modified' | 'plain' | 'br' | 'gzip';

function answerWay(requestHeaders: IncomingHttpHeaders, answer: CachedAnswer): AnswerWay {
  if (matches(requestHeaders['if-none-match'], answer.etag)) return 'not-modified';
  if (answer.body.length < CachedAnswer.COMPRESS_FROM) return 'plain';
  return preferredEncoding(requestHeaders['accept-encoding']) ?? 'plain';
}

function answerAs(
  way: AnswerWay,
  answer: CachedAnswer,
  vary?: string,
): { status: 200 | 304; headers: Record<string, string>; body?: Buffer } {
  const headers: Record<string, string> = {
    etag: answer.etag,
    'cache-control': CATALOGUE_CACHE_CONTROL,
    // Added to any Vary already there (CORS adds Origin when other sites may call the API).
    vary: vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding',
  };
  if (way === 'not-modified') return { status: 304, headers };
  headers['content-type'] = 'application/json; charset=utf-8';
  if (way === 'plain') return { status: 200, headers, body: answer.body };
  headers['content-encoding'] = way;
  return { status: 200, headers, body: way === 'br' ? answer.br() : answer.gzip() };
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  const vary = reply.getHeader('vary');
  const { status, headers, body } = answerAs(
    answerWay(request.headers, answer),
    answer,
    vary ? String(vary) : undefined,
  );
  return reply.code(status).headers(headers).send(body);
}

/**
 * The same answer sent before Fastify sees the request (lib/front.ts), when it is kept and fresh: a
 * plain GET from the shop's own pages. Requests from other sites (an Origin header) go through
 * Fastify, as does everything when CORS is on or while each request is logged (`info`), so that no
 * request goes unlogged. Each way an answer goes out has its whole head made once, security headers
 * included, as the flat list `writeHead` takes.
 */
function earlyAnswer(app: FastifyInstance, cache: CatalogueCache): EarlyAnswer {
  type Wire = { status: number; head: string[]; body?: Buffer };
  const wires = new WeakMap<CachedAnswer, Partial<Record<AnswerWay, Wire>>>();
  const wire = (way: AnswerWay, answer: CachedAnswer): Wire => {
    const { status, headers, body } = answerAs(way, answer);
    const all = { ...app.securityHeaders, ...headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    return { status, head: Object.entries(all).flat(), body };
  };
  return (request, response) => {
    if (request.method !== 'GET' || request.headers.origin !== undefined || !request.url?.startsWith('/api/')) {
      return false;
    }
    const answer = cache.current(request.url);
    if (!answer) return false;
    const way = answerWay(request.headers, answer);
    let made = wires.get(answer);
    if (!made) wires.set(answer, (made = {}));
    const { status, head, body } = (made[way] ??= wire(way, answer));
    response.writeHead(status, head);
    response.end(body);
    return true;
  };
}

/**
 * The catalogue reads of spec section 7. Wrapped with fastify-plugin so its hook sees every /api
 * route: any successful write through this process (books, reviews, orders...) empties the
 * catalogue cache of every server process (cache.ts, invalidation.ts), so nobody reads a write stale,
 * except the writes marked `leavesCatalogue` (sign-in, the wishlist...), which no answer shows.
 */
export const catalogueRoutes = fp(async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const cache = catalogueCache(app.db, app.config.catalogueCacheSeconds * 1000);
  const catalogue = new CatalogueService(app.db);
  if (cache.enabled) {
    await connectInvalidation(cache, {
      database: app.database,
      redisUrl: app.config.redisUrl,
      onError: (err) => app.log.warn({ err }, 'catalogue invalidation: the other processes may be told late'),
    });
    app.addHook('onClose', () => cache.detach());
    // With CORS on, every answer carries CORS headers (Vary: Origin…) that only the CORS plugin writes.
    // While every request is logged (info and below), every request goes through Fastify's logging.
    const logsRequests = ['info', 'debug', 'trace'].includes(app.log.level);
    if (app.config.corsOrigins.length === 0 && !logsRequests) app.front.add(earlyAnswer(app, cache));
  }

  app.addHook('onResponse', (request, reply, done) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      reply.statusCode < 400 &&
      !request.routeOptions.config.leavesCatalogue
    ) {
      catalogueCache(app.db).invalidate();
    }
    done();
  });

  /**
   * A cached answer is found by the request's own address before anything else runs (no parsing, no
   * validation, no query); a miss runs the handler once per address, however many ask at once.
   */
  const fromCache = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const hit = cache.peek(request.url);
    if (hit) sendAnswer(request, reply, hit);
    else done();
  };
  const cached =
    <R extends FastifyRequest>(load: (request: R) => Promise<unknown>) =>
    async (request: R, reply: FastifyReply) =>
      sendAnswer(request, reply, await cache.answer(request.url, () => load(request)));
  const read = { onRequest: fromCache, serializerCompiler: plainJson };

  app.get(
    '/books/',
    {
      ...read,
      schema: {
        tags,
        summary: 'Books, newest first by default; `keyword` searches title, author, ISBN, genre, tags, description',
        querystring: bookListQuerySchema,
        response: { 200: pagedBooksSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    cached((request) => catalogue.listBooks(request.query)),
  );

  // Trailing slash and a number: by id. Anything else with a slash is read as a title too.
  app.get(
    '/books/book/:key/',
    {
      ...read,
      schema: {
        tags,
        summary: 'One book by id (with its reviews, newest first)',
        params: titleParam,
        response: { 200: bookDetailSchema, 404: errorSchema },
      },
    },
    cached((request) => {
      const { key } = request.params;
      return /^\d{1,9}$/.test(key) ? catalogue.bookById(Number(key)) : catalogue.bookByTitle(key);
    }),
  );

  app.get(
    '/books/book/:key',
    {
      ...read,
      schema: {
        tags,
        summary: 'One book by exact title (any case), falling back to its slug',
        params: titleParam,
        response: { 200: bookDetailSchema, 404: errorSchema },
      },
    },
    cached((request) => catalogue.bookByTitle(request.params.key)),
  );

  app.get(
    '/books/:id/related/',
    {
      ...read,
      schema: {
        tags,
        summary: 'Up to 8 books by the same author or in the same category',
        params: idParamSchema,
        response: { 200: z.array(bookSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    cached((request) => catalogue.related(request.params.id)),
  );

  app.get(
    '/featured/',
    {
      ...read,
      schema: { tags, summary: 'Featured books, newest first', response: { 200: z.array(featuredBookSchema) } },
    },
    cached(() => catalogue.featured()),
  );

  /** An author's or a category's three reads: all of them, one by slug, and its books. */
  const groupRoutes = (group: {
    path: 'authors' | 'categories';
    one: string;
    whose: string;
    schema: typeof authorSchema | typeof categorySchema;
    booksQuery: typeof authorBooksQuery | typeof categoryBooksQuery;
    all: () => Promise<unknown>;
    find: (slug: string) => Promise<unknown>;
    books: (slug: string, query: BookListQuery) => Promise<unknown>;
  }) => {
    app.get(
      `/${group.path}/`,
      {
        ...read,
        schema: {
          tags,
          summary: `All ${group.path}, featured first, then by name`,
          response: { 200: z.array(group.schema) },
        },
      },
      cached(() => group.all()),
    );
    app.get(
      `/${group.path}/:slug/`,
      {
        ...read,
        schema: {
          tags,
          summary: `One ${group.one}`,
          params: slugParamSchema,
          response: { 200: group.schema, 404: errorSchema },
        },
      },
      cached((request) => group.find(request.params.slug)),
    );
    app.get(
      `/${group.path}/:slug/books/`,
      {
        ...read,
        schema: {
          tags,
          summary: `${group.whose} books, paged, newest first`,
          params: slugParamSchema,
          querystring: group.booksQuery,
          response: { 200: pagedBooksSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      cached((request) => group.books(request.params.slug, request.query)),
    );
  };

  groupRoutes({
    path: 'authors',
    one: 'author',
    whose: "An author's",
    schema: authorSchema,
    booksQuery: authorBooksQuery,
    all: () => catalogue.authors(),
    find: (slug) => catalogue.author(slug),
    books: (slug, query) => catalogue.authorBooks(slug, query),
  });
  groupRoutes({
    path: 'categories',
    one: 'category',
    whose: "A category's",
    schema: categorySchema,
    booksQuery: categoryBooksQuery,
    all: () => catalogue.categories(),
    find: (slug) => catalogue.category(slug),
    books: (slug, query) => catalogue.categoryBooks(slug, query),
  });
});

export { pageQuerySchema };
