import {
  contactRequestSchema,
  errorSchema,
  newsletterReplySchema,
  newsletterRequestSchema,
  okSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALREADY_SUBSCRIBED, SUBSCRIBED, saveContactMessage, subscribe } from './service.js';

/** Each address may send this many messages or subscriptions a minute; a real person never needs more. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export async function contactRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['contact'];

  for (const url of ['/contact', '/contact/']) {
    app.post(
      url,
      {
        config: { rateLimit: CONTACT_RATE_LIMIT, leavesCatalogue: true },
        schema: {
          tags,
          hide: url.endsWith('/'),
          summary: 'Send a message to the shop (name, email, subject and message are all required)',
          body: contactRequestSchema,
          response: { 201: okSchema, 400: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        await saveContactMessage(app.db, request.body);
        return reply.code(201).send({ ok: true as const });
      },
    );
  }

  app.post(
    '/newsletter/',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT, leavesCatalogue: true },
      schema: {
        tags,
        summary: 'Subscribe an email to the newsletter; subscribing again changes nothing (200)',
        body: newsletterRequestSchema,
        response: { 200: newsletterReplySchema, 201: newsletterReplySchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const created = await subscribe(app.db, request.body.email);
      return reply
        .code(created ? 201 : 200)
        .send({ ok: true as const, message: created ? SUBSCRIBED : ALREADY_SUBSCRIBED });
    },
  );
}
