import { addressListSchema, addressRequestSchema, addressSchema, idParamSchema } from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, security } from '../../lib/openapi.js';
import * as book from './service.js';

const tags = ['addresses'];

/** The caller's address book (signed-in users; always their own addresses). */
export async function addressesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/addresses/',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The caller's addresses, the default first",
        security,
        response: { 200: addressListSchema, ...errorReplies(401) },
      },
    },
    (request) => book.listAddresses(app.db, request.user!.userId),
  );

  app.post(
    '/addresses/',
    {
      onRequest: app.requireUser,
      config: { invalidates: [] },
      schema: {
        tags,
        summary: 'Add an address (the first one, or one sent with is_default: true, becomes the default)',
        security,
        body: addressRequestSchema,
        response: { 201: addressSchema, ...errorReplies(400, 401, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await book.addAddress(app.db, request.user!.userId, request.body)),
  );

  app.put(
    '/addresses/:id/',
    {
      onRequest: app.requireUser,
      config: { invalidates: [] },
      schema: {
        tags,
        summary: 'Change one of your addresses (is_default: true makes it the default)',
        security,
        params: idParamSchema,
        body: addressRequestSchema,
        response: { 200: addressSchema, ...errorReplies(400, 401, 404) },
      },
    },
    (request) => book.updateAddress(app.db, request.user!.userId, request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id/',
    {
      onRequest: app.requireUser,
      config: { invalidates: [] },
      schema: {
        tags,
        summary: 'Delete one of your addresses (when it was the default, your oldest other one becomes it)',
        security,
        params: idParamSchema,
        response: { 204: z.null(), ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await book.deleteAddress(app.db, request.user!.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
