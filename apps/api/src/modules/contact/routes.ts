import {
  contactMessageSchema,
  contactMessagesQuerySchema,
  contactRequestSchema,
  errorSchema,
  idParamSchema,
  markHandledRequestSchema,
  newsletterReplySchema,
  newsletterRequestSchema,
  okSchema,
  pagedContactMessagesSchema,
  pagedSubscribersSchema,
  subscribersQuerySchema,
  messageReplySchema,
  NEWSLETTER_CONFIRMED_MESSAGE,
  tokenMessages,
  tokenRequestSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, security } from '../../lib/openapi.js';
import { AIMED_MAIL_LIMITS } from '../mailboxes/index.js';
import { AppError } from '../../lib/errors.js';
import { confirmSubscription, SUBSCRIBED, saveContactMessage, subscribe } from './service.js';
import { listMessages, listSubscribers, setHandled, subscribersCsv } from './staff.js';

/** Each address may send this many messages or subscriptions a minute; a real person never needs more. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export async function contactRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['contact'];

  for (const url of ['/contact', '/contact/']) {
    app.post(
      url,
      {
        config: { rateLimit: CONTACT_RATE_LIMIT, invalidates: [] },
        schema: {
          tags,
          hide: url.endsWith('/'),
          summary: 'Send a message to the shop (name, email, subject and message are all required)',
          body: contactRequestSchema,
          response: { 201: okSchema, ...errorReplies(400, 429) },
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
      config: { rateLimit: CONTACT_RATE_LIMIT, invalidates: [] },
      schema: {
        tags,
        summary: 'Subscribe an email to the newsletter: a confirmation link is mailed to it (double opt-in)',
        description:
          'The same answer (200) whether the address was on the list, waiting or new, so it tells nobody who reads the ' +
          'newsletter. Only an address whose owner opened the link counts. One mailbox (lower case, without a +tag, ' +
          `Gmail without dots) gets at most ${AIMED_MAIL_LIMITS.perMailboxHour} e-mails an hour and ` +
          `${AIMED_MAIL_LIMITS.perMailboxDay} a day asked for by others, and one caller may have ` +
          `${AIMED_MAIL_LIMITS.perSenderHour} sent an hour: more are silently not sent.`,
        body: newsletterRequestSchema,
        response: { 200: newsletterReplySchema, ...errorReplies(400, 429) },
      },
    },
    async (request) => {
      await subscribe(app.db, request.body.email, `ip:${request.ip}`);
      return { ok: true as const, message: SUBSCRIBED };
    },
  );

  app.post(
    '/newsletter/confirm/',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT, invalidates: [] },
      schema: {
        tags,
        summary: 'Open the link of a subscription e-mail: the address is on the list from now on',
        body: tokenRequestSchema,
        response: { 200: messageReplySchema, ...errorReplies(400, 429) },
      },
    },
    async (request) => {
      const result = await confirmSubscription(app.db, request.body.token);
      if (!result.ok) throw new AppError(400, tokenMessages[result.reason], { token: [tokenMessages[result.reason]] });
      return { message: NEWSLETTER_CONFIRMED_MESSAGE };
    },
  );

  const staffTags = ['contact', 'admin'];
  const staffOnly = { 401: errorSchema, 403: errorSchema };

  app.get(
    '/admin/messages/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: staffTags,
        summary: 'Contact messages for staff: newest first, open or handled, searched by name, email or subject',
        security,
        querystring: contactMessagesQuerySchema,
        response: { 200: pagedContactMessagesSchema, 400: errorSchema, ...staffOnly },
      },
    },
    async (request) => listMessages(app.db, request.query),
  );

  app.put(
    '/admin/messages/:id/handled/',
    {
      config: { invalidates: [] },
      preHandler: app.requireStaff,
      schema: {
        tags: staffTags,
        summary: 'Mark a contact message handled ({ handled: true }) or open again ({ handled: false })',
        security,
        params: idParamSchema,
        body: markHandledRequestSchema,
        response: { 200: contactMessageSchema, ...staffOnly, ...errorReplies(400, 404) },
      },
    },
    async (request) => setHandled(app.db, request.params.id, request.body.handled, request.user!.userId),
  );

  app.get(
    '/admin/subscribers/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: staffTags,
        summary: 'Newsletter subscribers for staff: newest first, searched by email',
        security,
        querystring: subscribersQuerySchema,
        response: { 200: pagedSubscribersSchema, 400: errorSchema, ...staffOnly },
      },
    },
    async (request) => listSubscribers(app.db, request.query),
  );

  app.get(
    '/admin/subscribers/export/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: staffTags,
        summary: 'Every subscriber (matching search) as a CSV download: email, subscribed_at',
        description: 'text/csv, RFC 4180; a cell a spreadsheet would run as a formula is written as text.',
        security,
        querystring: subscribersQuerySchema.pick({ search: true }),
        response: { 200: z.string().meta({ description: 'text/csv' }), 400: errorSchema, ...staffOnly },
      },
    },
    async (request, reply) => {
      const csv = await subscribersCsv(app.db, request.query.search);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
