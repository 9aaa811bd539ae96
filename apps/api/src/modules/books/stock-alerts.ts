import {
  BACK_IN_STOCK_MESSAGE,
  bookMessages,
  IN_STOCK_ALREADY_MESSAGE,
  idParamSchema,
  stockAlertSchema,
} from '@bookstore/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Queryable, Transaction } from '../../db/client.js';
import { books, stockAlerts, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { errorReplies, security } from '../../lib/openapi.js';

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

/** The shoppers still waiting for a book, oldest request first, with where to write to them. */
export function waitingShoppers(db: Queryable, bookId: number) {
  return db
    .select({ alert: stockAlerts.id, email: users.email, firstName: users.firstName, username: users.username })
    .from(stockAlerts)
    .innerJoin(users, eq(users.id, stockAlerts.userId))
    .where(and(eq(stockAlerts.bookId, bookId), isNull(stockAlerts.notifiedAt)))
    .orderBy(asc(stockAlerts.id));
}

/** Closes these requests: their shoppers have been told (in the transaction that records the mail). */
export async function closeStockAlerts(tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(stockAlerts)
    .set({ notifiedAt: sql`now()` })
    .where(and(inArray(stockAlerts.id, ids), isNull(stockAlerts.notifiedAt)));
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
        response: { 200: stockAlertSchema, ...errorReplies(400, 401) },
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
        invalidates: [],
      },
      schema: {
        tags,
        summary: "Email me when it's back: one e-mail when the book's stock goes from 0 to more",
        description: 'Asking again changes nothing. 409 when the book is in stock (it can be ordered now).',
        security,
        params: idParamSchema,
        response: { 201: stockAlertSchema, ...errorReplies(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const bookId = request.params.id;
      // A reader's book not (yet) in the shop answers as one that does not exist (docs/decisions/0015, 0028).
      const [book] = await app.db
        .select({ stock: books.stockAmount, available: books.available })
        .from(books)
        .where(and(eq(books.id, bookId), eq(books.reviewStatus, 'approved')));
      if (!book || !book.available) throw notFound(bookMessages.notFound);
      if (book.stock === null || book.stock > 0) throw conflict(IN_STOCK_ALREADY_MESSAGE);
      await app.db.insert(stockAlerts).values({ userId: request.user!.userId, bookId }).onConflictDoNothing();
      return reply.code(201).send({ waiting: true, message: BACK_IN_STOCK_MESSAGE });
    },
  );
}
