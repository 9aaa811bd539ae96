import {
  bookDeletedSchema,
  bookMessages,
  bookSchema,
  editionRemovedSchema,
  editionStockSchema,
  errorSchema,
  idParamSchema,
  pageQuerySchema,
  reviewQueueQuerySchema,
  STAFF_STOCK_REASONS,
  stockAdjustedSchema,
  submittedBookSchema,
  submittedBooksPageSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import { stockAlertRoutes } from './stock-alerts.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadForm } from '../../lib/form.js';
import { adjustStock, editionStock } from './adjustments.js';
import { addEdition, editEdition, removeEdition } from './editions.js';
import { booksByIds } from './repository.js';
import { bookToJson } from '../catalogue/index.js';
import * as service from './service.js';
import { COVER_FIELD } from './service.js';
import { fillTitleKeys } from './title-key.js';
import { errorReplies, security } from '../../lib/openapi.js';

const tags = ['books'];
const errors = errorReplies(400, 401, 403, 404, 409, 413, 415);
const FIELDS =
  'title, publisher, published_date (YYYY-MM-DD), isbn (ISBN-10 or ISBN-13, hyphens allowed), genre, author (id; 0 for ' +
  'none), category (id), book_type, condition, original_price, price, stock_amount, description, tags (comma-separated), ' +
  'available, featured, and the cover as the file `image` (JPEG, PNG, GIF or WebP up to 5 MB, checked by its bytes, ' +
  're-encoded and kept as 240, 480 and 960 px wide AVIF, WebP and JPEG).';
const idsQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'ids must be up to 100 book ids separated by commas')
    .transform((value) => [...new Set(value.split(',').map(Number))]),
});

/** Books a reader may add an hour (staff: STAFF_BOOKS_PER_HOUR); each brings a cover to decode. */
export const BOOKS_PER_HOUR = 10;
const STAFF_BOOKS_PER_HOUR = 200;
/** Book changes staff may make an hour (each may carry a new cover). */
const BOOK_CHANGES_PER_HOUR = 300;

/**
 * Writing the catalogue under /api (docs/product.md, "API"): readers with a complete profile add books, which
 * wait for staff's approval (the review queue under /api/admin/books/); staff change, approve, reject
 * and delete them. Each write declares `invalidates: ['catalogue']`, so a successful one empties the answer cache (plugins/answers.ts).
 */
export async function booksRoutes(fastify: FastifyInstance) {
  await fastify.register(stockAlertRoutes);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: service.BooksDeps = { db: app.db, config: app.config };
  // Books written before look-alike keys existed (or by a bulk load) get theirs at start, in the
  // background, so the first book added does not wait for them.
  app.addHook('onReady', async () => {
    void fillTitleKeys(app.db).catch((err) => app.log.warn({ err }, 'could not fill the look-alike keys of titles'));
  });
  const readForm = (request: Parameters<typeof readUploadForm>[0]) =>
    readUploadForm(request, { fileFields: [COVER_FIELD], tooLargeMessage: bookMessages.coverTooLarge });

  app.post(
    '/books/',
    {
      preHandler: app.requireUser,
      config: {
        invalidates: ['catalogue'],
        rateLimit: {
          max: async (request) => ((await app.isStaff(request)) ? STAFF_BOOKS_PER_HOUR : BOOKS_PER_HOUR),
          timeWindow: '1 hour',
          keyGenerator: app.limits.perAccount,
        },
      },
      schema: {
        tags,
        summary: 'Add a book (signed in, with first name, last name and email in the profile)',
        description:
          `multipart/form-data: ${FIELDS} Every field is required but tags, available (default true) and featured ` +
          '(default false). A reader\'s book waits for staff (review_status "pending") and appears nowhere public until ' +
          "approved; available and featured are staff's to set and ignored from readers. 409 when the title is taken " +
          `or looks the same as one that is (any case, any script). ${BOOKS_PER_HOUR} books an hour per reader (429).`,
        consumes: ['multipart/form-data'],
        security,
        response: { 201: submittedBookSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const form = await readForm(request);
      return reply.code(201).send(await service.create(deps, request.user!.userId, form, await app.isStaff(request)));
    },
  );

  app.get(
    '/books/mine/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The books the caller added, newest first, each with where it stands (pending, approved, rejected)',
        security,
        querystring: pageQuerySchema,
        response: { 200: submittedBooksPageSchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => service.addedBy(deps, request.user!.userId, request.query.page, request.query.page_size),
  );

  app.get(
    '/admin/books/pending/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary:
          "Readers' books waiting for staff, oldest first, with who sent each (staff); search by title, author or sender",
        security,
        querystring: reviewQueueQuerySchema,
        response: { 200: submittedBooksPageSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) =>
      service.waitingForReview(deps, request.query.page, request.query.page_size, request.query.search || undefined),
  );

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/admin/books/:id/${action}/`,
      {
        config: { invalidates: ['catalogue'] },
        preHandler: app.requireStaff,
        schema: {
          tags,
          summary:
            decision === 'approved'
              ? "Approve a reader's book (staff): it appears in the shop"
              : "Reject a reader's book waiting for review (staff): it stays out of the shop",
          description: '409 when the book is not waiting for that decision.',
          security,
          params: idParamSchema,
          response: { 200: submittedBookSchema, ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (request) => service.decide(deps, request.params.id, decision, request.user!.userId),
    );
  }

  app.put(
    '/books/update/:id/',
    {
      preHandler: app.requireStaff,
      config: {
        invalidates: ['catalogue'],
        rateLimit: { max: BOOK_CHANGES_PER_HOUR, timeWindow: '1 hour', keyGenerator: app.limits.perAccount },
      },
      schema: {
        tags,
        summary: 'Change a book (staff): any subset of its fields',
        description: `multipart/form-data (or JSON without a cover): any of ${FIELDS} count_in_stock is read as stock_amount; id is ignored.`,
        consumes: ['multipart/form-data', 'application/json'],
        security,
        params: idParamSchema,
        response: { 200: bookSchema, ...errors },
      },
    },
    async (request) => service.update(deps, request.params.id, await readForm(request), request.user!.userId),
  );

  const editions = service.editionDeps(deps);
  const editionParams = z.object({
    id: idParamSchema.shape.id,
    edition: idParamSchema.shape.id,
  });
  const editionErrors = errorReplies(400, 401, 403, 404);
  const EDITION_FIELDS =
    "format (one of the book types), condition (default New), condition_note (staff's note on a used copy), isbn, " +
    "price, original_price, stock_amount (a printed edition's copies; an eBook has none).";

  app.post(
    '/books/:id/editions/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: 'Add an edition to a book (staff): another format, a used copy, an eBook',
        description: `JSON: ${EDITION_FIELDS} Answers the book with its editions.`,
        security,
        params: idParamSchema,
        response: { 201: bookSchema, ...editionErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addEdition(editions, request.params.id, request.body, request.user!.userId)),
  );

  app.put(
    '/books/:id/editions/:edition/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: 'Change an edition of a book (staff): any subset of its fields',
        description: `JSON: any of ${EDITION_FIELDS} Answers the book with its editions.`,
        security,
        params: editionParams,
        response: { 200: bookSchema, ...editionErrors },
      },
    },
    async (request) =>
      editEdition(editions, request.params.id, request.params.edition, request.body, request.user!.userId),
  );

  app.delete(
    '/books/:id/editions/:edition/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: 'Remove an edition of a book (staff)',
        description:
          'An edition that orders name is kept for them and taken out of the shop (`kept`: true); the last ' +
          'edition of a book cannot be removed (409).',
        security,
        params: editionParams,
        response: { 200: editionRemovedSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => removeEdition(editions, request.params.id, request.params.edition, request.user!.userId),
  );

  app.get(
    '/admin/editions/:id/stock/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['admin'],
        summary: "An edition's copies now and its stock ledger, newest first (staff)",
        description:
          'Every change of the copies: sales, holds that ran out, cancellations, returns, copies a refund put ' +
          "back, staff's adjustments and edits, each with the copies left after it.",
        security,
        params: idParamSchema,
        querystring: pageQuerySchema,
        response: { 200: editionStockSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => editionStock(app.db, request.params.id, request.query),
  );

  app.post(
    '/admin/editions/:id/stock/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags: ['admin'],
        summary: 'Add or remove copies of an edition, with a reason (staff)',
        description:
          `JSON: change (whole copies, below 0 to remove), reason (one of ${STAFF_STOCK_REASONS.join(', ')}: ` +
          'received and returned add, damaged and lost remove), note (optional). Never below 0 copies (409); an ' +
          'eBook has no stock (409). Answers the copies now and the ledger line.',
        security,
        params: idParamSchema,
        response: { 201: stockAdjustedSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await adjustStock(editions, request.params.id, request.body, request.user!.userId)),
  );

  app.delete(
    '/books/:id/',
    {
      config: { invalidates: ['catalogue'] },
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary: 'Delete a book (staff)',
        description: 'Its reviews and wishlist entries go with it; orders keep its title, image and price as bought.',
        security,
        params: idParamSchema,
        response: { 200: bookDeletedSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => service.remove(deps, request.params.id, request.user!.userId),
  );

  app.get(
    '/books/lookup/',
    {
      schema: {
        tags,
        summary: 'The books of these ids that are still in the store (the cart checks its lines with it)',
        querystring: idsQuery,
        response: { 200: z.array(bookSchema), 400: errorSchema },
      },
    },
    async (request) => (await booksByIds(app.db, request.query.ids)).map(bookToJson),
  );
}
