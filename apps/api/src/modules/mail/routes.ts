import {
  idParamSchema,
  mailMessageSchema,
  mailQuerySchema,
  LINK_GONE_MESSAGE,
  NOTHING_TO_RESEND_MESSAGE,
  pagedMailSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../lib/errors.js';
import { errorReplies, security } from '../../lib/openapi.js';
import { closeMailer } from './queue.js';
import { findMail, listMail, sendAgain } from './staff.js';

const tags = ['admin'];

/** The dashboard's Mail tab under /api/admin/mail (staff only). */
export async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => closeMailer(app));

  app.get(
    '/admin/mail/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary:
          'Every e-mail the shop wrote, newest first; `status=failed` lists those that could not be sent, `search` looks in the recipient and subject',
        security,
        querystring: mailQuerySchema,
        response: { 200: pagedMailSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) =>
      listMail(
        app.db,
        request.query.page,
        request.query.page_size,
        request.query.status,
        request.query.search || undefined,
      ),
  );

  app.get(
    '/admin/mail/:id/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        summary: 'One e-mail with its HTML and plain text; its one-time and download links show as [link hidden]',
        security,
        params: idParamSchema,
        response: { 200: mailMessageSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const mail = await findMail(app.db, request.params.id);
      if (!mail) throw notFound('Message not found');
      return mail;
    },
  );

  app.post(
    '/admin/mail/:id/send/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags,
        summary: 'Send a failed e-mail again, with a fresh round of attempts and fresh links',
        description:
          'A one-time link or a download link in it is made afresh (the one it was written with stops working); ' +
          '409 when that can no longer be done, e.g. the account changed its password or address since.',
        security,
        params: idParamSchema,
        response: { 200: mailMessageSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await sendAgain(app, id);
      if (outcome === 'stale') throw conflict(LINK_GONE_MESSAGE);
      if (outcome === 'not-failed') {
        if (!(await findMail(app.db, id))) throw notFound('Message not found');
        throw conflict(NOTHING_TO_RESEND_MESSAGE);
      }
      return (await findMail(app.db, id))!;
    },
  );
}
