import {
  headlineSaleSchema,
  idParamSchema,
  promoCodeRequestSchema,
  promoCodeSchema,
  promoCodesListSchema,
  promoCodeUpdateSchema,
  saleRequestSchema,
  salePreviewSchema,
  saleSchema,
  salesListSchema,
  saleUpdateSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { errorReplies, security } from '../../lib/openapi.js';
import { createPromoCode, deletePromoCode, endPromoCode, listPromoCodes, updatePromoCode } from './codes.js';
import { createSale, deleteSale, endSale, headlineSale, listSales, previewSale, updateSale } from './sales.js';

/** Sales and promo codes: the staff's Sales and Codes tabs, and the hero's headline sale. */
export async function promotionsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['promotions'];

  /** A staff DELETE of a code or a sale: 204 when it is gone, 409 in the shop's words when it must stay. */
  const deleteRoute = (
    url: string,
    summary: string,
    invalidates: readonly 'catalogue'[],
    remove: (db: Database, id: number) => Promise<void>,
  ) =>
    app.delete(
      url,
      {
        preHandler: app.requireStaff,
        config: { invalidates },
        schema: {
          tags,
          security,
          summary,
          params: idParamSchema,
          response: { 204: z.null(), ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await remove(app.db, request.params.id);
        return reply.code(204).send(null);
      },
    );

  app.get(
    '/sales/headline/',
    {
      schema: {
        tags,
        summary: "The running sale the shop marks as headline (the home page's hero), or null when none runs",
        response: { 200: headlineSaleSchema },
      },
    },
    async () => headlineSale(app.db),
  );

  app.get(
    '/admin/sales/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Every sale, latest start first',
        response: { 200: salesListSchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ data: await listSales(app.db) }),
  );

  app.post(
    '/admin/sales/',
    {
      preHandler: app.requireStaff,
      // A sale that starts at once reprices books: its boundary clears the answers itself (sales.ts).
      config: { invalidates: ['catalogue'] },
      schema: {
        tags,
        security,
        summary:
          'Schedule a sale: percent or amount off chosen books, categories, authors, everything or the bestsellers',
        body: saleRequestSchema,
        response: { 201: saleSchema, ...errorReplies(400, 401, 403, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await createSale(app.db, request.body, request.user!.userId)),
  );

  app.post(
    '/admin/sales/preview/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags,
        security,
        summary:
          'The books a sale would reach if it ran now, with their regular, current and sale prices (nothing is saved)',
        body: saleRequestSchema,
        response: { 200: salePreviewSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => previewSale(app.db, request.body),
  );

  app.post(
    '/admin/sales/:id/end/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags,
        security,
        summary: 'End a sale now (a scheduled one never starts); its books go back to their regular prices',
        params: idParamSchema,
        response: { 200: saleSchema, ...errorReplies(400, 401, 403, 404, 422) },
      },
    },
    async (request) => endSale(app.db, request.params.id),
  );

  app.patch(
    '/admin/sales/:id/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags,
        security,
        summary:
          'Change a sale: name, headline, amount off, end and `active` (pause, resume) until it ends; its start and what it reaches until it starts. A running sale reprices its books at once',
        params: idParamSchema,
        body: saleUpdateSchema,
        response: { 200: saleSchema, ...errorReplies(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => updateSale(app.db, request.params.id, request.body),
  );

  deleteRoute(
    '/admin/sales/:id/',
    'Delete a sale that has not started; one that has changed prices is refused (409): end it instead',
    ['catalogue'],
    deleteSale,
  );

  app.get(
    '/admin/promo-codes/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        security,
        summary:
          'Every promo code, newest first, with its uses, the uses unpaid orders hold and the revenue it brought',
        response: { 200: promoCodesListSchema, ...errorReplies(401, 403) },
      },
    },
    async () => ({ data: await listPromoCodes(app.db) }),
  );

  app.post(
    '/admin/promo-codes/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags,
        security,
        summary: 'Create a promo code: percent or amount off, or free delivery, with its optional rules',
        body: promoCodeRequestSchema,
        response: { 201: promoCodeSchema, ...errorReplies(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPromoCode(app.db, request.body, request.user!.userId)),
  );

  app.patch(
    '/admin/promo-codes/:id/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags,
        security,
        summary:
          'Change a promo code: `active` pauses (false) or resumes it; limits and dates at any time; its text and what it gives only while no order has used it (409)',
        params: idParamSchema,
        body: promoCodeUpdateSchema,
        response: { 200: promoCodeSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updatePromoCode(app.db, request.params.id, request.body),
  );

  app.post(
    '/admin/promo-codes/:id/end/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags,
        security,
        summary: 'End a promo code now: the cart says it has expired from then on; orders that used it keep it',
        params: idParamSchema,
        response: { 200: promoCodeSchema, ...errorReplies(400, 401, 403, 404, 422) },
      },
    },
    async (request) => endPromoCode(app.db, request.params.id),
  );

  deleteRoute(
    '/admin/promo-codes/:id/',
    'Delete a promo code no order has used; one an order carries is refused (409): end it instead',
    [],
    deletePromoCode,
  );
}
