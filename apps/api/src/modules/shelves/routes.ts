import {
  authorChangesSchema,
  authorInputSchema,
  authorSchema,
  categoryChangesSchema,
  categoryInputSchema,
  categorySchema,
  errorSchema,
  idParamSchema,
  shelfDeletedSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { security } from '../../lib/openapi.js';
import type { ShelfColumns } from './repository.js';
import * as service from './service.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const NAMING =
  'The server makes the slug from the name (name-2, name-3... when taken). 409 with a field error when another ' +
  'one has this name (any case).';

/**
 * Staff write authors and categories under /api (the catalogue reads them: GET /api/authors/ and
 * /api/categories/). Each write declares `invalidates: ['catalogue']`: shelves show in catalogue answers.
 * Staff are checked on the request, before its body, so a signed-out caller always hears 401.
 */
export async function shelvesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const write = { onRequest: app.requireStaff, config: { invalidates: ['catalogue' as const] } };

  const author = (body: { name?: string; brief?: string; featured?: boolean }): ShelfColumns => ({
    name: body.name,
    about: body.brief,
    featured: body.featured,
  });
  const category = (body: { name?: string; description?: string; featured?: boolean }): ShelfColumns => ({
    name: body.name,
    about: body.description,
    featured: body.featured,
  });

  app.post(
    '/authors/',
    {
      ...write,
      schema: {
        tags: ['authors'],
        summary: 'Add an author (staff)',
        description: NAMING,
        security,
        body: authorInputSchema,
        response: { 201: authorSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(app.db, 'author', { ...request.body, about: request.body.brief })),
  );

  app.put(
    '/authors/:id/',
    {
      ...write,
      schema: {
        tags: ['authors'],
        summary: "Change an author (staff): any of name, brief, featured; a new name shows on the author's books",
        description: 'The slug stays as it is. 409 with a field error when another author has the name (any case).',
        security,
        params: idParamSchema,
        body: authorChangesSchema,
        response: { 200: authorSchema, ...errors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => service.update(app.db, 'author', request.params.id, author(request.body)),
  );

  app.delete(
    '/authors/:id/',
    {
      ...write,
      schema: {
        tags: ['authors'],
        summary: 'Delete an author (staff)',
        description: '409 while any book (in the shop or waiting for review) still names the author.',
        security,
        params: idParamSchema,
        response: { 200: shelfDeletedSchema, ...errors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => service.remove(app.db, 'author', request.params.id),
  );

  app.post(
    '/categories/',
    {
      ...write,
      schema: {
        tags: ['categories'],
        summary: 'Add a category (staff)',
        description: NAMING,
        security,
        body: categoryInputSchema,
        response: { 201: categorySchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(app.db, 'category', { ...request.body, about: request.body.description })),
  );

  app.put(
    '/categories/:id/',
    {
      ...write,
      schema: {
        tags: ['categories'],
        summary: 'Change a category (staff): any of name, description, featured',
        description: 'The slug stays as it is. 409 with a field error when another category has the name (any case).',
        security,
        params: idParamSchema,
        body: categoryChangesSchema,
        response: { 200: categorySchema, ...errors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => service.update(app.db, 'category', request.params.id, category(request.body)),
  );

  app.delete(
    '/categories/:id/',
    {
      ...write,
      schema: {
        tags: ['categories'],
        summary: 'Delete a category (staff)',
        description: '409 while any book (in the shop or waiting for review) is still in the category.',
        security,
        params: idParamSchema,
        response: { 200: shelfDeletedSchema, ...errors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => service.remove(app.db, 'category', request.params.id),
  );
}
