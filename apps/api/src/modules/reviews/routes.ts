import {
  idParamSchema,
  pageQuerySchema,
  reportedReviewsPageSchema,
  reviewReportedSchema,
  reviewReportMessages,
  type ReviewReportRequest,
  reviewRequestSchema,
  reviewSchema,
  reviewsPageSchema,
  reviewsQuerySchema,
} from '@bookstore/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.js';
import { keepReview, reportedReviews, reportReview } from './reports.js';
import * as reviews from './service.js';
import { reviewMessages } from './service.js';
import { errorReplies, security } from '../../lib/openapi.js';

const tags = ['reviews'];
const titleParams = z.object({ title: z.string().max(500) });
const reviewParams = titleParams.extend({
  reviewId: z
    .string()
    .regex(/^\d{1,9}$/, 'The review id must be a whole number')
    .transform(Number),
});

/**
 * Reviews under /api/books/{title}/reviews/: anyone reads them; signed-in users write one per book
 * (posting again updates it) and delete their own; staff delete any.
 */
export async function reviewsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requireReviewer = async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized(reviewMessages.signIn);
  };

  app.get(
    '/books/:title/reviews/',
    {
      schema: {
        tags,
        summary: "A book's reviews, newest first, paged, with the rating summary and the caller's own review",
        params: titleParams,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsPageSchema, ...errorReplies(400, 404) },
      },
    },
    (request) => {
      const { page, page_size: pageSize } = request.query;
      return reviews.list(app.db, request.params.title, page, pageSize, request.user);
    },
  );

  app.post(
    '/books/:title/reviews/',
    {
      config: { invalidates: ['catalogue'] },
      onRequest: requireReviewer,
      schema: {
        tags,
        summary: "Review a book: 201 for a new review, 200 when it replaces the caller's earlier one",
        description: 'rating: whole number 1-5; comment: required, trimmed, at most 2,000 characters.',
        security,
        params: titleParams,
        body: reviewRequestSchema,
        response: { 200: reviewSchema, 201: reviewSchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { review, created } = await reviews.submit(
        app.db,
        request.params.title,
        request.user!.userId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(review);
    },
  );

  app.delete(
    '/books/:title/reviews/:reviewId/',
    {
      config: { invalidates: ['catalogue'] },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete a review: its author, or staff (moderation)',
        security,
        params: reviewParams,
        response: { 204: z.null(), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await reviews.remove(app.db, request.params.title, request.params.reviewId, {
        userId: request.user!.userId,
        isStaff: () => app.isStaff(request),
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/books/:title/reviews/:reviewId/report/',
    {
      config: { invalidates: [] },
      onRequest: requireReviewer,
      schema: {
        tags,
        summary: 'Report a review to staff (signed in; once each: again changes nothing); never your own (409)',
        description: 'JSON: reason (optional, at most 300 characters).',
        security,
        params: reviewParams,
        response: { 200: reviewReportedSchema, 201: reviewReportedSchema, ...errorReplies(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { created } = await reportReview(
        app.db,
        request.params.title,
        request.params.reviewId,
        request.user!.userId,
        request.body as ReviewReportRequest,
      );
      return reply.code(created ? 201 : 200).send({ reported: true, message: reviewReportMessages.thanks });
    },
  );

  app.get(
    '/admin/reviews/reported/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['admin', ...tags],
        summary:
          'Reported reviews waiting for staff, most recently reported first, with how many reported each and why',
        security,
        querystring: pageQuerySchema,
        response: { 200: reportedReviewsPageSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => reportedReviews(app.db, request.query.page, request.query.page_size),
  );

  app.post(
    '/admin/reviews/:id/keep/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags: ['admin', ...tags],
        summary: 'Keep a reported review: its reports are cleared (delete it with DELETE of the review instead)',
        security,
        params: idParamSchema,
        response: {
          200: z.object({ kept: z.literal(true), message: z.string() }),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await keepReview(app.db, request.params.id);
      return { kept: true as const, message: reviewReportMessages.kept };
    },
  );
}
