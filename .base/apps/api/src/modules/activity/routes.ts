import { pagedActivitySchema, pageQuerySchema } from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplies, security } from '../../lib/openapi.js';
import { listActivity } from './repository.js';

/** The signed-in shopper's own activity (the profile's Recent Activity and the activity page). */
export async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/profile/activity/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: "The caller's orders, reviews and wishlist additions, newest first, paged",
        security,
        querystring: pageQuerySchema,
        response: { 200: pagedActivitySchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => listActivity(app.db, request.user!.userId, request.query.page, request.query.page_size),
  );
}
