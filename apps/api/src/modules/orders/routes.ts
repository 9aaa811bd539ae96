import {
  adminOrderListQuerySchema,
  centsToMoney,
  errorSchema,
  idParamSchema,
  orderListQuerySchema,
  orderRequestSchema,
  orderSchema,
  pagedOrdersSchema,
  priceConflictSchema,
  staffOrderSchema,
  stockProblemSchema,
  VERIFY_TO_ORDER_MESSAGE,
} from '@bookstore/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import { placeOrder } from './checkout.js';
import { exportOrderLines, exportOrders, getOrderFor, getStaffOrder, listAllOrders, listOwnOrders } from './service.js';
import { errorReplies, security } from '../../lib/openapi.js';

/** Most rows one CSV export holds. */
export const EXPORT_LIMIT = 10_000;

const CSV_HEADER = [
  'order',
  'placed_at',
  'email',
  'name',
  'status',
  'payment_status',
  'fulfilment_status',
  'copies',
  'total',
  'shipping',
  'refunded',
  'currency',
  'carrier',
  'tracking_number',
  'country',
];

/** The per-line file's columns: one row per line of each order, its money as the order's summary has it. */
const LINES_CSV_HEADER = [
  'order',
  'placed_at',
  'email',
  'name',
  'title',
  'isbn',
  'format',
  'condition',
  'quantity',
  'unit_price',
  'protection',
  'discount',
  'amount',
  'refunded_quantity',
  'refunded_amount',
  'currency',
];

/** A CSV file: every cell quoted, lines ended by CRLF. */
const csvText = (rows: (string | number)[][]) =>
  rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';

/**
 * One CSV cell, quoted. A text that a spreadsheet would run as a formula (starting with =, +, -, @, a
 * tab or a carriage return) gets a leading apostrophe, so a customer's name can never be a formula.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Orders one account may place a minute: a shopper needs a few, a hoarding script many. */
export const ORDER_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/orders/',
    {
      onRequest: app.requireUser,
      config: { invalidates: ['catalogue'], rateLimit: { ...ORDER_RATE_LIMIT, keyGenerator: app.limits.perAccount } },
      schema: {
        tags: ['orders'],
        summary: 'Place an order: prices every line from the shop and reserves its copies',
        description:
          "A line price or total that differs from the shop's is a 409 carrying the current prices. A line with " +
          '`protection: true` adds the protection plan (PROTECTION_PLAN, per copy) to the total. Unknown, unavailable ' +
          'or out-of-stock books and quantities above the stock are 422. The copies are held for RESERVATION_MINUTES. ' +
          'One account may hold at most MAX_OPEN_ORDERS unpaid orders and MAX_HELD_COPIES copies in them, and of one ' +
          'book 15% of its copies left (at least 2); one address the same share of a book and 4 x MAX_OPEN_ORDERS ' +
          "orders; all shoppers together half of an edition's copies on hand (all of them up to 20); after an " +
          'unpaid hold ran out, the account waits RESERVATION_MINUTES before holding that book again (422 each, ' +
          'naming the rule), and may place 10 orders a minute (429; an answer of 500 or more is not counted).',
        security,
        body: orderRequestSchema,
        response: {
          201: orderSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: priceConflictSchema,
          422: stockProblemSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      if (app.config.requireVerifiedEmailToOrder) {
        // REQUIRE_VERIFIED_EMAIL_TO_ORDER: against hoarding stock with throwaway accounts.
        const [user] = await app.db
          .select({ verifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, request.user!.userId));
        if (!user?.verifiedAt) throw forbidden(VERIFY_TO_ORDER_MESSAGE);
      }
      const order = await placeOrder(app.db, request.body, {
        userId: request.user!.userId,
        currency: app.config.currency,
        reservationMinutes: app.config.reservationMinutes,
        maxOpenOrders: app.config.maxOpenOrders,
        maxHeldCopies: app.config.maxHeldCopies,
        clientAddress: request.ip,
      });
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/orders/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first; staff with ?all=1: everyone's, paged",
        security,
        querystring: orderListQuerySchema,
        response: {
          200: z.union([z.array(orderSchema), pagedOrdersSchema]),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      if (request.query.all) {
        if (!(await app.isStaff(request))) throw forbidden("Only staff can list every customer's orders");
        const { page, page_size, payment_status, search } = request.query;
        return listAllOrders(app.db, page ?? 1, page_size ?? 20, { paymentStatus: payment_status, search });
      }
      return listOwnOrders(app.db, user.userId);
    },
  );

  app.get(
    '/orders/:id/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order with its items as bought (own orders only; staff any)',
        security,
        params: idParamSchema,
        response: { 200: orderSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      getOrderFor(app.db, request.params.id, { userId: request.user!.userId, isStaff: () => app.isStaff(request) }),
  );

  app.get(
    '/admin/orders/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['orders', 'admin'],
        summary:
          "The staff's order queue, newest first: by fulfilment and payment state, and a search (q) by order number, e-mail or name",
        security,
        querystring: adminOrderListQuerySchema,
        response: { 200: pagedOrdersSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, page_size, payment_status, fulfilment_status, q } = request.query;
      return listAllOrders(app.db, page, page_size, {
        paymentStatus: payment_status,
        fulfilmentStatus: fulfilment_status,
        search: q,
      });
    },
  );

  app.get(
    '/admin/orders/export.csv',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['orders', 'admin'],
        summary: `The orders the same filter finds, as CSV (newest first, at most ${EXPORT_LIMIT})`,
        security,
        querystring: adminOrderListQuerySchema.omit({ page: true, page_size: true }),
        response: { 200: z.string(), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { payment_status, fulfilment_status, q } = request.query;
      const found = await exportOrders(
        app.db,
        { paymentStatus: payment_status, fulfilmentStatus: fulfilment_status, search: q },
        EXPORT_LIMIT,
      );
      const lines = [
        CSV_HEADER,
        ...found.map((o) => [
          o.id,
          o.createdAt.toISOString(),
          o.email,
          o.name,
          o.status,
          o.paymentStatus,
          o.fulfilmentStatus,
          o.copies,
          centsToMoney(o.totalCents),
          centsToMoney(o.shippingCents),
          centsToMoney(o.refundedCents),
          o.currency,
          o.carrier ?? '',
          o.trackingNumber ?? '',
          o.country ?? '',
        ]),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        .send(csvText(lines));
    },
  );

  app.get(
    '/admin/orders/export-lines.csv',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['orders', 'admin'],
        summary: `The lines of the orders the same filter finds, as CSV: one row per line (at most ${EXPORT_LIMIT} rows)`,
        description:
          'Newest order first, whole orders only. Each row: the order, when it was placed, the customer (e-mail, ' +
          'name), the line as bought (title, ISBN, format, condition, quantity, unit price) and its money from the ' +
          "order's summary (protection, its share of the promo code's discount, amount paid, copies and amount " +
          'refunded), in the order currency. Delivery is not a line: it is in export.csv.',
        security,
        querystring: adminOrderListQuerySchema.omit({ page: true, page_size: true }),
        response: { 200: z.string(), ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { payment_status, fulfilment_status, q } = request.query;
      const found = await exportOrderLines(
        app.db,
        { paymentStatus: payment_status, fulfilmentStatus: fulfilment_status, search: q },
        EXPORT_LIMIT,
      );
      const rows = found.map(({ orderId, createdAt, email, name, currency, line }) => [
        orderId,
        createdAt.toISOString(),
        email,
        name,
        line.title,
        line.isbn ?? '',
        line.format ?? '',
        line.condition ?? '',
        line.quantity,
        centsToMoney(line.unitCents),
        centsToMoney(line.protectionCents),
        centsToMoney(line.discountCents),
        centsToMoney(line.amountCents),
        line.refundedQuantity,
        centsToMoney(line.refundedCents),
        currency,
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="order-lines.csv"')
        .header('cache-control', 'no-store')
        .send(csvText([LINES_CSV_HEADER, ...rows]));
    },
  );

  app.get(
    '/admin/orders/:id/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['orders', 'admin'],
        summary: 'One order for staff: its lines (with protection), totals, the customer and every payment attempt',
        security,
        params: idParamSchema,
        response: { 200: staffOrderSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => getStaffOrder(app.db, request.params.id),
  );
}
