import {
  cancelOrderRequestSchema,
  idParamSchema,
  orderSchema,
  refundOrderRequestSchema,
  returnOrderRequestSchema,
  shipOrderRequestSchema,
  staffOrderSchema,
} from '@bookstore/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, security } from '../../lib/openapi.js';
import { createPaymentProvider } from '../payments/index.js';
import * as afterSale from './service.js';

const tags = ['orders', 'admin'];
const staffErrors = errorReplies(400, 401, 403, 404, 409);

/** Ship, deliver, cancel, refund and return (docs/product.md, "Orders after the sale"). */
export async function fulfilmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const provider = createPaymentProvider(app.config, app.db);
  const ctx = (request: FastifyRequest): afterSale.AfterSale => ({ db: app.db, provider, log: request.log });
  const staff = (request: FastifyRequest) => ({ kind: 'staff' as const, userId: request.user!.userId });
  const staffReplies = { 200: staffOrderSchema, ...staffErrors };
  /**
   * A staff action on one order: staff only, the order's id in the path, the order as staff see it back;
   * `schema` adds its summary and body (and may widen the replies).
   */
  const staffAction = <S extends { summary: string }>(invalidates: FastifyContextConfig['invalidates'], schema: S) => ({
    preHandler: app.requireStaff,
    config: { invalidates },
    schema: { tags, security, params: idParamSchema, response: staffReplies, ...schema },
  });

  app.post(
    '/orders/:id/cancel/',
    {
      onRequest: app.requireUser,
      config: { invalidates: ['catalogue'] },
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an order: its customer until it ships, staff until it is delivered. Its copies go back on sale; a paid order is refunded in full. Again: 200, nothing changes',
        security,
        params: idParamSchema,
        body: cancelOrderRequestSchema.nullish(),
        response: { 200: orderSchema, ...errorReplies(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const userId = request.user!.userId;
      const viewer = { userId, isStaff: () => app.isStaff(request) };
      await afterSale.getOrderFor(app.db, request.params.id, viewer); // someone else's order: 404
      const actor = (await app.isStaff(request)) ? staff(request) : { kind: 'customer' as const, userId };
      await afterSale.cancel(ctx(request), request.params.id, actor, request.body?.reason);
      return afterSale.getOrderFor(app.db, request.params.id, viewer);
    },
  );

  app.post(
    '/admin/orders/:id/ship/',
    staffAction([], {
      summary: 'Ship a paid order with its carrier and tracking number (staff). The same again: 200, nothing changes',
      body: shipOrderRequestSchema,
    }),
    async (request) => {
      await afterSale.ship(ctx(request), request.params.id, staff(request), {
        carrier: request.body.carrier,
        trackingNumber: request.body.tracking_number,
      });
      return afterSale.getStaffOrder(app.db, request.params.id);
    },
  );

  app.post(
    '/admin/orders/:id/deliver/',
    staffAction([], {
      summary: 'Mark a shipped order delivered (staff). Again: 200, nothing changes',
    }),
    async (request) => {
      await afterSale.deliver(ctx(request), request.params.id, staff(request));
      return afterSale.getStaffOrder(app.db, request.params.id);
    },
  );

  app.post(
    '/admin/orders/:id/refund/',
    // A refund can end a purchase (its review's stars leave the rating) or put copies back on sale.
    staffAction(['catalogue'], {
      summary:
        'Refund a paid order, in part or (amount left out) all that is left, any number of times up to what was paid (staff). An Idempotency-Key header makes a retry refund once',
      headers: z.object({ 'idempotency-key': z.string().trim().min(1).max(100).optional() }),
      body: refundOrderRequestSchema.nullish(),
      response: { ...staffReplies, ...errorReplies(422) },
    }),
    async (request) => {
      await afterSale.refund(ctx(request), request.params.id, staff(request), {
        amountCents: request.body?.amount,
        items: request.body?.items,
        restock: request.body?.restock,
        reason: request.body?.reason,
        requestKey: request.headers['idempotency-key'],
      });
      return afterSale.getStaffOrder(app.db, request.params.id);
    },
  );

  app.post(
    '/admin/orders/:id/return/',
    staffAction(['catalogue'], {
      summary:
        'Take back a shipped or delivered order (staff): its copies go back on sale (`restock`: false keeps them off) and `refund` is given back (left out: all that is left; 0: nothing). Again: 200, nothing changes',
      body: returnOrderRequestSchema.nullish(),
      response: { ...staffReplies, ...errorReplies(422) },
    }),
    async (request) => {
      await afterSale.takeBack(ctx(request), request.params.id, staff(request), {
        refundCents: request.body?.refund,
        reason: request.body?.reason,
        restock: request.body?.restock,
      });
      return afterSale.getStaffOrder(app.db, request.params.id);
    },
  );
}
