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
import { errorReplies, security } from '../../lib/openapi.js';
import type { ShelfColumns } from './repository.js';
import * as service from './service.js';

const errors = errorReplies(400, 401, 403);
const NAMING =
  'The server makes the slug from the name (name-2, name-3... when taken). 409 with a field error when another ' +
  'one has this name (any case).';

/** What differs between the two kinds of shelf: paths, words, schemas and the name of the "about" field. */
const KINDS = {
  author: {
    path: '/authors/',
    one: 'an author',
    about: 'brief',
    changeSummary: "Change an author (staff): any of name, brief, featured; a new name shows on the author's books",
    deleteRule: '409 while any book (in the shop or waiting for review) still names the author.',
    input: authorInputSchema,
    changes: authorChangesSchema,
    reply: authorSchema,
  },
  category: {
    path: '/categories/',
    one: 'a category',
    about: 'description',
    changeSummary: 'Change a category (staff): any of name, description, featured',
    deleteRule: '409 while any book (in the shop or waiting for review) is still in the category.',
    input: categoryInputSchema,
    changes: categoryChangesSchema,
    reply: categorySchema,
  },
} as const;

type ShelfBody = { name?: string; featured?: boolean; brief?: string; description?: string };

/**
 * Staff write authors and categories under /api (the catalogue reads them: GET /api/authors/ and
 * /api/categories/). Each write declares `invalidates: ['catalogue']`: shelves show in catalogue answers.
 * Staff are checked on the request, before its body, so a signed-out caller always hears 401.
 */
export async function shelvesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const write = { onRequest: app.requireStaff, config: { invalidates: ['catalogue' as const] } };

  for (const kind of ['author', 'category'] as const) {
    const shelf = KINDS[kind];
    const tags = [shelf.path.slice(1, -1)];
    const columns = (body: ShelfBody): ShelfColumns => ({
      name: body.name,
      about: body[shelf.about],
      featured: body.featured,
    });

    app.post(
      shelf.path,
      {
        ...write,
        schema: {
          tags,
          summary: `Add ${shelf.one} (staff)`,
          description: NAMING,
          security,
          body: shelf.input,
          response: { 201: shelf.reply, ...errors, 409: errorSchema },
        },
      },
      async (request, reply) => {
        const body: ShelfBody = request.body;
        const input = { name: body.name!, about: body[shelf.about] ?? '', featured: body.featured ?? false };
        return reply.code(201).send(await service.create(app.db, kind, input));
      },
    );

    app.put(
      `${shelf.path}:id/`,
      {
        ...write,
        schema: {
          tags,
          summary: shelf.changeSummary,
          description: `The slug stays as it is. 409 with a field error when another ${kind} has the name (any case).`,
          security,
          params: idParamSchema,
          body: shelf.changes,
          response: { 200: shelf.reply, ...errors, ...errorReplies(404, 409) },
        },
      },
      async (request) => service.update(app.db, kind, request.params.id, columns(request.body)),
    );

    app.delete(
      `${shelf.path}:id/`,
      {
        ...write,
        schema: {
          tags,
          summary: `Delete ${shelf.one} (staff)`,
          description: shelf.deleteRule,
          security,
          params: idParamSchema,
          response: { 200: shelfDeletedSchema, ...errors, ...errorReplies(404, 409) },
        },
      },
      async (request) => service.remove(app.db, kind, request.params.id),
    );
  }
}
