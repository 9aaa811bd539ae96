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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedReads } from '../../lib/answers/http.js';
import { errorReplies } from '../../lib/openapi.js';
import * as catalogue from './service.js';

const tags = ['catalogue'];
// An author's books may be narrowed by category and a category's by author, never by their own.
const authorBooksQuery = bookListQuerySchema.omit({ keyword: true, author: true, exact: true });
const categoryBooksQuery = bookListQuerySchema.omit({ keyword: true, category: true, exact: true });
const titleParam = z.object({ key: z.string().max(500) });

/**
 * The catalogue's public reads (docs/product.md, "API"), served through the store-wide answer cache
 * (plugins/answers.ts): the same bytes for everybody until a write that declares `invalidates:
 * ['catalogue']` clears them in every server process.
 */
export const catalogueRoutes = async (parent: FastifyInstance) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const { read, cached } = cachedReads(app.answers);

  app.get(
    '/books/',
    {
      ...read,
      schema: {
        tags,
        summary: 'Books, newest first by default; `keyword` searches title, author, ISBN, genre, tags, description',
        querystring: bookListQuerySchema,
        response: { 200: pagedBooksSchema, ...errorReplies(400, 404) },
      },
    },
    cached((request) => catalogue.listBooks(db, request.query)),
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
      return /^\d{1,9}$/.test(key) ? catalogue.bookById(db, Number(key)) : catalogue.bookByTitle(db, key);
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
    cached((request) => catalogue.bookByTitle(db, request.params.key)),
  );

  app.get(
    '/books/:id/related/',
    {
      ...read,
      schema: {
        tags,
        summary: 'Up to 8 books by the same author or in the same category',
        params: idParamSchema,
        response: { 200: z.array(bookSchema), ...errorReplies(400, 404) },
      },
    },
    cached((request) => catalogue.related(db, request.params.id)),
  );

  app.get(
    '/featured/',
    {
      ...read,
      schema: { tags, summary: 'Featured books, newest first', response: { 200: z.array(featuredBookSchema) } },
    },
    cached(() => catalogue.featured(db)),
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
          response: { 200: pagedBooksSchema, ...errorReplies(400, 404) },
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
    all: () => catalogue.allAuthors(db),
    find: (slug) => catalogue.authorBySlug(db, slug),
    books: (slug, query) => catalogue.authorBooks(db, slug, query),
  });
  groupRoutes({
    path: 'categories',
    one: 'category',
    whose: "A category's",
    schema: categorySchema,
    booksQuery: categoryBooksQuery,
    all: () => catalogue.allCategories(db),
    find: (slug) => catalogue.categoryBySlug(db, slug),
    books: (slug, query) => catalogue.categoryBooks(db, slug, query),
  });
};

export { pageQuerySchema };
