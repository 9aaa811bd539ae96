import {
  errorSchema,
  SANDBOX_CARDS,
  paymentInitRequestSchema,
  paymentInitSchema,
  sandboxChargeRequestSchema,
  sandboxChargeSchema,
  verifyPaymentErrorSchema,
  verifyPaymentRequestSchema,
  verifyPaymentSchema,
} from '@bookstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentProvider } from './providers/types.js';
import {
  cardGroups,
  chargeSandboxCard,
  createPaymentProvider,
  initializePayment,
  receivePaystackWebhook,
  verifyPayment,
} from './service.js';
import { security } from '../../lib/openapi.js';

const perUser = (request: FastifyRequest) => `user:${request.user?.userId ?? request.ip}`;

export async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const provider = createPaymentProvider(app.config, app.db);

  app.post(
    '/payments/initialize/',
    {
      onRequest: app.requireUser,
      config: { invalidates: ['catalogue'], rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } },
      schema: {
        tags: ['payments'],
        summary:
          'Start a payment attempt for your order: reference, amount (minor units), currency, email and public key',
        security,
        body: paymentInitRequestSchema,
        response: { 200: paymentInitSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => initializePayment(app.db, provider, request.user!.userId, request.body.order_id),
  );

  app.post(
    '/payments/sandbox/charge/',
    {
      onRequest: app.requireUser,
      config: { invalidates: ['catalogue'], rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: perUser } },
      schema: {
        tags: ['payments'],
        summary: `Test mode only: charge a test card for a payment attempt (${cardGroups(SANDBOX_CARDS.success)} succeeds, ${cardGroups(SANDBOX_CARDS.declined)} is declined)`,
        security,
        body: sandboxChargeRequestSchema,
        response: {
          200: sandboxChargeSchema,
          400: errorSchema,
          401: errorSchema,
          402: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request) => chargeSandboxCard(app.db, provider, request.user!.userId, request.body),
  );

  app.post(
    '/verify-payment/',
    {
      onRequest: app.requireUser,
      config: { invalidates: ['catalogue'], rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perUser } },
      schema: {
        tags: ['payments'],
        summary: 'Check a payment with the provider and mark the order paid',
        description:
          "Only the order's owner. The provider is asked (the browser's word is never trusted); only success with the " +
          "order's amount and currency pays the order. Repeating it, or racing the webhook, applies the payment once. " +
          "200 { status: 'success' } when paid; 202 pending; 402 declined; 422 not this order's payment or amounts differ; " +
          '502 provider unreachable.',
        security,
        body: verifyPaymentRequestSchema,
        response: {
          200: verifyPaymentSchema,
          202: verifyPaymentSchema,
          400: errorSchema,
          401: errorSchema,
          402: verifyPaymentErrorSchema,
          404: errorSchema,
          409: verifyPaymentErrorSchema,
          422: verifyPaymentErrorSchema,
          502: verifyPaymentErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { code, ...result } = await verifyPayment(app.db, provider, request.log, request.user!.userId, {
        reference: request.body.reference,
        orderId: request.body.order_id,
      });
      return reply.code(code).send(result);
    },
  );

  await app.register(paystackWebhook, { provider });
}

/**
 * The provider's webhook. Its signature covers the raw bytes of the body, so this plugin (and only
 * this one) keeps JSON bodies as a Buffer.
 */
async function paystackWebhook(fastify: FastifyInstance, { provider }: { provider: PaymentProvider }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/paystack/webhook/',
    {
      config: { invalidates: ['catalogue'], rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Paystack webhook (x-paystack-signature: HMAC-SHA512 of the raw body with the secret key)',
        response: { 200: z.object({ received: z.boolean() }), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      receivePaystackWebhook(app.db, provider, app.config.payment, request.log, {
        body: request.body,
        signature: request.headers['x-paystack-signature'],
      }),
  );
}
