import { reportQuerySchema, reportSchema } from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplies, security } from '../../lib/openapi.js';
import { salesReport } from './report.js';

/** The staff's reports under /api/admin/reports/ (staff only). */
export async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/reports/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['admin'],
        summary:
          'Orders, copies, sales, refunds and net for a range of days, by day, week or month, with breakdowns (staff)',
        description:
          'from and to are days (YYYY-MM-DD, UTC, both included, at most 731 days apart); by is day, week (from ' +
          "Monday) or month. An order counts on the day it was paid, its refunds with it. Figures are the orders' " +
          'summaries: breakdowns by category, author and format sum the lines (not delivery); by promo code, whole orders.',
        security,
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => salesReport(app.db, request.query, app.config.currency),
  );
}
