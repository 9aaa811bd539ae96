import {
  addressListSchema,
  addressRequestSchema,
  addressSchema,
  errorSchema,
  idParamSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { security } from '../../lib/openapi.js';
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
        response: { 200: addressListSchema, 401: errorSchema },
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
        response: { 201: addressSchema, 400: errorSchema, 401: errorSchema, 422: errorSchema },
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
        response: { 200: addressSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
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
        response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await book.deleteAddress(app.db, request.user!.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
