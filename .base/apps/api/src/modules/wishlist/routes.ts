import { bookSchema, errorSchema, idParamSchema, wishlistSchema } from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as wishlist from './service.js';
import { errorReplies, security } from '../../lib/openapi.js';

const tags = ['wishlist'];

/** The caller's wishlist (docs/product.md, "API"): signed-in users only, always their own list. */
export async function wishlistRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wishlist/',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The caller's wishlisted books, most recently added first",
        security,
        response: { 200: wishlistSchema, 401: errorSchema },
      },
    },
    (request) => wishlist.list(app.db, request.user!.userId),
  );

  app.post(
    '/wishlist/add/:id/',
    {
      onRequest: app.requireUser,
      config: { invalidates: [] },
      schema: {
        tags,
        summary: 'Add a book to the wishlist: 201 with the book, or 200 when it was already there (one entry)',
        security,
        params: idParamSchema,
        response: { 200: bookSchema, 201: bookSchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { book, added } = await wishlist.add(app.db, request.user!.userId, request.params.id);
      return reply.code(added ? 201 : 200).send(book);
    },
  );

  app.delete(
    '/wishlist/remove/:id/',
    {
      onRequest: app.requireUser,
      config: { invalidates: [] },
      schema: {
        tags,
        summary: 'Remove a book from the wishlist (404 when it is not there)',
        security,
        params: idParamSchema,
        response: { 204: z.null(), ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await wishlist.remove(app.db, request.user!.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
