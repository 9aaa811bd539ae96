import {
  adminBooksQuerySchema,
  centsToMoney,
  type DashboardSummary,
  dashboardSummarySchema,
  lowStockListSchema,
  pagedAdminBooksSchema,
  pageMeta,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import { waitingFor } from '../books/index.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookToJson } from '../catalogue/index.js';
import { adminBooks, bestsellers, figures, lowStockBooks, salesByDay } from './repository.js';
import { lowStockThreshold } from '../settings/index.js';
import { errorReplies, security } from '../../lib/openapi.js';

const tags = ['admin'];

/** The staff dashboard's own reads under /api/admin (staff only). */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/low-stock/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary: 'Books at or under the low-stock threshold (a shop setting), fewest copies first (staff)',
        security,
        response: { 200: lowStockListSchema, ...errorReplies(401, 403) },
      },
    },
    async () => {
      const threshold = await lowStockThreshold(app.db);
      return { threshold, data: await lowStockBooks(app.db, threshold) };
    },
  );

  app.get(
    '/admin/summary/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary:
          'Dashboard figures: books, paid sales, orders, average rating, low stock, open messages, subscribers; paid sales per day and bestsellers (30 days)',
        security,
        response: { 200: dashboardSummarySchema, ...errorReplies(401, 403) },
      },
    },
    async (): Promise<DashboardSummary> => {
      const threshold = await lowStockThreshold(app.db);
      const totals = await figures(app.db, threshold);
      const days = await salesByDay(app.db);
      const top = await bestsellers(app.db);
      return {
        books: totals.books,
        sales_total: centsToMoney(totals.sales_cents),
        orders: totals.orders,
        paid_orders: totals.paid_orders,
        average_rating: totals.rating_avg ?? 0,
        reviews: totals.reviews,
        low_stock: totals.low_stock,
        low_stock_threshold: threshold,
        currency: app.config.currency,
        sales_by_day: days.map((d) => ({ date: d.date, total: centsToMoney(Number(d.cents)), orders: d.orders })),
        bestsellers: top.map((b) => ({
          book: b.book,
          title: b.title,
          copies: b.copies,
          total: centsToMoney(Number(b.cents)),
        })),
        open_messages: totals.open_messages,
        subscribers: totals.subscribers,
      };
    },
  );

  app.get(
    '/admin/books/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary:
          'Books for the dashboard table: paged, sorted by any column, searched by title, author or ISBN; `waiting`: shoppers asking to be told when it is back',
        security,
        querystring: adminBooksQuerySchema,
        response: { 200: pagedAdminBooksSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, page_size, sort, search } = request.query;
      const result = await adminBooks(app.db, {
        sort,
        search: search || undefined,
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      const waiting = await waitingFor(
        app.db,
        result.rows.map((row) => row.id),
      );
      return {
        data: result.rows.map((row) => ({ ...bookToJson(row), waiting: waiting.get(row.id) ?? 0 })),
        meta: pageMeta(page, page_size, result.count),
      };
    },
  );
}
