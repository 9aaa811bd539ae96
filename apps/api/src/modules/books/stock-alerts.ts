import {
  BACK_IN_STOCK_MESSAGE,
  bookMessages,
  errorSchema,
  IN_STOCK_ALREADY_MESSAGE,
  idParamSchema,
  stockAlertSchema,
} from '@bookstore/contract';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { books, stockAlerts } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { security } from '../../plugins/openapi.js';

/**
 * "Email me when it's back" (docs/decisions/0016-mail.md): a signed-in shopper waits for an
 * out-of-stock book; when its stock goes from 0 to more, each waiting shopper gets one e-mail and the
 * request is closed (modules/mail/messages.ts, on 'book.restocked').
 */

/** How many shoppers wait for each of these books. */
export async function waitingFor(db: Database, bookIds: number[]): Promise<Map<number, number>> {
  if (bookIds.length === 0) return new Map();
  const found = await db
    .select({ book: stockAlerts.bookId, n: count() })
    .from(stockAlerts)
    .where(and(inArray(stockAlerts.bookId, bookIds), isNull(stockAlerts.notifiedAt)))
    .groupBy(stockAlerts.bookId);
  return new Map(found.map((row) => [row.book, Number(row.n)]));
}

const NOT_WAITING = '';

export async function stockAlertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['books'];

  const isWaiting = async (userId: number, bookId: number) =>
    (
      await app.db
        .select({ id: stockAlerts.id })
        .from(stockAlerts)
        .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.bookId, bookId), isNull(stockAlerts.notifiedAt)))
    ).length > 0;

  app.get(
    '/books/:id/notify/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Whether the signed-in shopper waits for this book to be back in stock',
        security,
        params: idParamSchema,
        response: { 200: stockAlertSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const waiting = await isWaiting(request.user!.userId, request.params.id);
      return { waiting, message: waiting ? BACK_IN_STOCK_MESSAGE : NOT_WAITING };
    },
  );

  app.post(
    '/books/:id/notify/',
    {
      preHandler: app.requireUser,
      config: {
        rateLimit: { max: 30, timeWindow: '1 hour', keyGenerator: app.limits.perAccount },
        leavesCatalogue: true,
      },
      schema: {
        tags,
        summary: "Email me when it's back: one e-mail when the book's stock goes from 0 to more",
        description: 'Asking again changes nothing. 409 when the book is in stock (it can be ordered now).',
        security,
        params: idParamSchema,
        response: {
          201: stockAlertSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const bookId = request.params.id;
      const [book] = await app.db
        .select({ stock: books.stockAmount, available: books.available })
        .from(books)
        .where(eq(books.id, bookId));
      if (!book || !book.available) throw notFound(bookMessages.notFound);
      if (book.stock > 0) throw conflict(IN_STOCK_ALREADY_MESSAGE);
      await app.db.insert(stockAlerts).values({ userId: request.user!.userId, bookId }).onConflictDoNothing();
      return reply.code(201).send({ waiting: true, message: BACK_IN_STOCK_MESSAGE });
    },
  );
}
