import {
  errorSchema,
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
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { fromPaystackTransaction, isPaystackSignatureValid } from './providers/paystack.js';
import { isCardNumber, isExpiryValid, sandboxCardOutcome } from './providers/sandbox.js';
import { applyProviderEvent, createPaymentProvider, initializePayment, recordSandboxCharge, verifyPayment } from './service.js';

const security = [{ bearerAuth: [] }];
const perUser = (request: FastifyRequest) => `user:${request.user?.userId ?? request.ip}`;

export async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const provider = createPaymentProvider(app.config, app.db);

  app.post(
    '/payments/initialize/',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } },
      schema: {
        tags: ['payments'],
        summary: 'Start a payment attempt for your order: reference, amount (minor units), currency, email and public key',
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
      config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: perUser } },
      schema: {
        tags: ['payments'],
        summary: 'Test mode only: charge a test card for a payment attempt (4084 0840 8408 4081 succeeds, 4000 0000 0000 0002 is declined)',
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
    async (request) => {
      if (provider.name !== 'sandbox') throw notFound('Test-mode payments are turned off');
      const { reference, card_number: digits, expiry } = request.body;
      if (!isCardNumber(digits)) throw badRequest('card_number: Enter a valid card number', { card_number: ['Enter a valid card number'] });
      if (!isExpiryValid(expiry)) throw badRequest('expiry: This card has expired', { expiry: ['This card has expired'] });
      const outcome = sandboxCardOutcome(digits);
      if (outcome === 'not_a_test_card') {
        throw new AppError(422, 'This is test mode: use the test card 4084 0840 8408 4081 (or 4000 0000 0000 0002 to see a decline)');
      }
      await recordSandboxCharge(app.db, request.user!.userId, reference, outcome, digits.slice(-4));
      if (outcome === 'declined') throw new AppError(402, 'Your card was declined. Please try another card.');
      return { status: 'success' as const, reference, message: 'Approved' };
    },
  );

  app.post(
    '/verify-payment/',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perUser } },
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

  await app.register(paystackWebhook);
}

/**
 * The provider's webhook. Its signature covers the raw bytes of the body, so this plugin (and only
 * this one) keeps JSON bodies as a Buffer.
 */
async function paystackWebhook(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const paymentProvider = createPaymentProvider(app.config, app.db);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/paystack/webhook/',
    {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Paystack webhook (x-paystack-signature: HMAC-SHA512 of the raw body with the secret key)',
        response: { 200: z.object({ received: z.boolean() }), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { provider, paystackSecretKey } = app.config.payment;
      if (provider !== 'paystack' || !paystackSecretKey) throw notFound('Paystack is not the payment provider here');
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw badRequest('The webhook body must be JSON');
      const signature = request.headers['x-paystack-signature'];
      if (!isPaystackSignatureValid(raw, typeof signature === 'string' ? signature : undefined, paystackSecretKey)) {
        throw unauthorized('Invalid webhook signature');
      }
      let event: { event?: unknown; data?: unknown };
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('The request body is not valid JSON');
      }
      if (event.event === 'charge.success' && event.data && typeof event.data === 'object') {
        const outcome = await applyProviderEvent(app.db, paymentProvider, request.log, fromPaystackTransaction(event.data));
        request.log.info({ outcome }, 'paystack charge.success');
      }
      return { received: true };
    },
  );
}
