import {
  bookDeletedSchema,
  bookMessages,
  bookSchema,
  errorSchema,
  idParamSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadForm } from '../../lib/form.js';
import { booksByIds } from './repository.js';
import { bookToJson } from '../catalogue/serialize.js';
import { BooksService, COVER_FIELD } from './service.js';
import { security } from '../../plugins/openapi.js';

const tags = ['books'];
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
};
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

/**
 * Writing the catalogue under /api (spec section 7): contributors with a complete profile add books;
 * staff change and delete them. Successful writes empty the catalogue cache through the catalogue
 * routes' hook.
 */
export async function booksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new BooksService(app.db, app.config);
  const readForm = (request: Parameters<typeof readUploadForm>[0]) =>
    readUploadForm(request, { fileFields: [COVER_FIELD], tooLargeMessage: bookMessages.coverTooLarge });

  app.post(
    '/books/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Add a book (signed in, with first name, last name and email in the profile)',
        description: `multipart/form-data: ${FIELDS} Every field is required but tags, available (default true) and featured (default false). 409 when the title is taken (any case).`,
        consumes: ['multipart/form-data'],
        security,
        response: { 201: bookSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.user!.userId, await readForm(request))),
  );

  app.put(
    '/books/update/:id/',
    {
      preHandler: app.requireStaff,
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
    async (request) => service.update(request.params.id, await readForm(request)),
  );

  app.delete(
    '/books/:id/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary: 'Delete a book (staff)',
        description:
          'Its reviews and wishlist entries go with it; orders keep its title, image and price as bought.',
        security,
        params: idParamSchema,
        response: { 200: bookDeletedSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => service.remove(request.params.id),
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
