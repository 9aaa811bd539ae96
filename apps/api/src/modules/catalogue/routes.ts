import {
  authorSchema,
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
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueCache } from './cache.js';
import { CatalogueService } from './service.js';

/**
 * Replies are built by our own typed serialisers (serialize.ts), so they go out with a plain
 * JSON.stringify; the zod response schemas still document every reply in /api/docs. Answers from the
 * catalogue cache are the same (never mutated) objects each time, so their JSON is kept beside them.
 */
const serialised = new WeakMap<object, string>();
const plainJson = () => (data: unknown) => {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let json = serialised.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    serialised.set(data, json);
  }
  return json;
};
const tags = ['catalogue'];
// An author's books may be narrowed by category and a category's by author, never by their own.
const authorBooksQuery = bookListQuerySchema.omit({ keyword: true, author: true, exact: true });
const categoryBooksQuery = bookListQuerySchema.omit({ keyword: true, category: true, exact: true });
const titleParam = z.object({ key: z.string().max(500) });

/**
 * The catalogue reads of spec section 7. Wrapped with fastify-plugin so its hook sees every /api
 * route: any successful write through this process (books, reviews, orders...) empties the
 * catalogue cache, so nobody reads their own write stale.
 */
export const catalogueRoutes = fp(async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  catalogueCache(app.db, app.config.catalogueCacheSeconds * 1000);
  const catalogue = new CatalogueService(app.db);

  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      catalogueCache(app.db).clear();
    }
  });

  app.get(
    '/books/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'Books, newest first by default; `keyword` searches title, author, ISBN, genre, tags, description',
        querystring: bookListQuerySchema,
        response: { 200: pagedBooksSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    (request) => catalogue.listBooks(request.query),
  );

  // Trailing slash and a number: by id. Anything else with a slash is read as a title too.
  app.get(
    '/books/book/:key/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'One book by id (with its reviews, newest first)',
        params: titleParam,
        response: { 200: bookDetailSchema, 404: errorSchema },
      },
    },
    (request) => {
      const { key } = request.params;
      return /^\d{1,9}$/.test(key) ? catalogue.bookById(Number(key)) : catalogue.bookByTitle(key);
    },
  );

  app.get(
    '/books/book/:key',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'One book by exact title (any case), falling back to its slug',
        params: titleParam,
        response: { 200: bookDetailSchema, 404: errorSchema },
      },
    },
    (request) => catalogue.bookByTitle(request.params.key),
  );

  app.get(
    '/books/:id/related/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'Up to 8 books by the same author or in the same category',
        params: idParamSchema,
        response: { 200: z.array(bookSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    (request) => catalogue.related(request.params.id),
  );

  app.get(
    '/featured/',
    {
      serializerCompiler: plainJson,
      schema: { tags, summary: 'Featured books, newest first', response: { 200: z.array(featuredBookSchema) } },
    },
    () => catalogue.featured(),
  );

  app.get(
    '/authors/',
    {
      serializerCompiler: plainJson,
      schema: { tags, summary: 'All authors, featured first, then by name', response: { 200: z.array(authorSchema) } },
    },
    () => catalogue.authors(),
  );

  app.get(
    '/categories/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'All categories, featured first, then by name',
        response: { 200: z.array(categorySchema) },
      },
    },
    () => catalogue.categories(),
  );

  app.get(
    '/authors/:slug/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'One author',
        params: slugParamSchema,
        response: { 200: authorSchema, 404: errorSchema },
      },
    },
    (request) => catalogue.author(request.params.slug),
  );

  app.get(
    '/authors/:slug/books/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: "An author's books, paged, newest first",
        params: slugParamSchema,
        querystring: authorBooksQuery,
        response: { 200: pagedBooksSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    (request) => catalogue.authorBooks(request.params.slug, request.query),
  );

  app.get(
    '/categories/:slug/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: 'One category',
        params: slugParamSchema,
        response: { 200: categorySchema, 404: errorSchema },
      },
    },
    (request) => catalogue.category(request.params.slug),
  );

  app.get(
    '/categories/:slug/books/',
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: "A category's books, paged, newest first",
        params: slugParamSchema,
        querystring: categoryBooksQuery,
        response: { 200: pagedBooksSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    (request) => catalogue.categoryBooks(request.params.slug, request.query),
  );
});

export { pageQuerySchema };
