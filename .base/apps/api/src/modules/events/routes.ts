import {
  eventsQuerySchema,
  idParamSchema,
  NOTHING_TO_RETRY_MESSAGE,
  outboxEventSchema,
  pagedEventsSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../lib/errors.js';
import { errorReplies, security } from '../../lib/openapi.js';
import { findEvent, listEvents, retryDead } from './admin.js';
import { stopEventDispatcher } from './lifecycle.js';

const tags = ['admin'];

/** Staff's view of events after commit under /api/admin/events (staff only); stops the dispatcher with the app. */
export async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => stopEventDispatcher(app));

  app.get(
    '/admin/events/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary:
          'Recorded events and how each subscriber took them, newest first; `status=dead` lists those that gave up',
        security,
        querystring: eventsQuerySchema,
        response: { 200: pagedEventsSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => listEvents(app.db, request.query.page, request.query.page_size, request.query.status),
  );

  app.post(
    '/admin/events/:id/retry/',
    {
      config: { invalidates: [] },
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary: "Retry an event's dead deliveries now, with a fresh round of attempts",
        security,
        params: idParamSchema,
        response: { 200: outboxEventSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if ((await retryDead(app.db, id)) === 0) {
        if (!(await findEvent(app.db, id))) throw notFound('Event not found');
        throw conflict(NOTHING_TO_RETRY_MESSAGE);
      }
      return (await findEvent(app.db, id))!;
    },
  );
}
