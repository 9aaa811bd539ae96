import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DOWNLOAD_RENEWALS,
  downloadItemParamsSchema,
  downloadLineSchema,
  downloadTokenParamsSchema,
  ebookFileSchema,
  idParamSchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { errorReplies, security } from '../../lib/openapi.js';
import { etagMatches } from '../../lib/answers/http.js';
import { byteRange } from '../../lib/ranges.js';
import { attachment, CONTENT_TYPES, fileMessages, removeStored, storeUpload } from './files.js';
import { readLink } from './links.js';
import * as service from './service.js';

const tags = ['downloads'];
const FILE_FIELD = 'file';

/**
 * eBook delivery under /api (docs/product.md, "eBook downloads"): the shopper's download lines and a
 * new link per line (own orders only), the download itself (the signed link is the proof, so the
 * e-mail's link works without signing in), and staff's upload of an eBook edition's file.
 */
export async function downloadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { downloadSecret: secret, filesDir, ebookMaxBytes } = app.config;

  app.get(
    '/orders/:id/downloads/',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The eBook lines of one's own order, each with its download link while it works (none before payment)",
        security,
        params: idParamSchema,
        response: { 200: z.array(downloadLineSchema), ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => service.listOwnDownloads(app.db, secret, request.user!.userId, request.params.id),
  );

  app.post(
    '/orders/:id/downloads/:item/renew',
    {
      onRequest: app.requireUser,
      config: { invalidates: [] },
      schema: {
        tags,
        summary: `A new download link for one eBook line of one's own paid order (the old one stops), ${DOWNLOAD_RENEWALS} times; then 409`,
        security,
        params: downloadItemParamsSchema,
        response: { 200: downloadLineSchema, ...errorReplies(400, 401, 404, 409) },
      },
    },
    async (request) =>
      service.renewDownload(
        app.db,
        secret,
        { by: 'customer', userId: request.user!.userId },
        request.params.id,
        request.params.item,
      ),
  );

  app.post(
    '/admin/orders/:id/downloads/:item/renew',
    {
      onRequest: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags,
        summary: `Staff: a new download link for one eBook line of a paid order, whenever asked (the customer may then ask for ${DOWNLOAD_RENEWALS} more themselves)`,
        security,
        params: downloadItemParamsSchema,
        response: { 200: downloadLineSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.renewDownload(app.db, secret, { by: 'staff' }, request.params.id, request.params.item),
  );

  app.get(
    '/downloads/:token',
    {
      compress: false,
      schema: {
        tags,
        summary:
          'Download an eBook by its signed link: attachment with an ETag, byte ranges (206, 416); each answer with bytes counts one of the link’s downloads',
        params: downloadTokenParamsSchema,
        response: {
          200: z.any(),
          206: z.any(),
          304: z.null(),
          ...errorReplies(400, 404, 410, 416),
        },
      },
    },
    async (request, reply) => {
      const claims = readLink(secret, request.params.token);
      if (!claims) throw notFound(service.linkMessages.invalid);
      const file = await service.checkGrant(app.db, claims);
      const etag = `"${file.sha256.slice(0, 32)}"`;
      reply.header('Cache-Control', 'private, no-store');
      reply.header('ETag', etag);
      reply.header('Accept-Ranges', 'bytes');
      if (etagMatches(request.headers['if-none-match'], etag)) {
        return reply.code(304).send(null);
      }
      const ifRange = request.headers['if-range']?.toString();
      const range = ifRange && ifRange.trim() !== etag ? 'ignore' : byteRange(request.headers.range, file.sizeBytes);
      if (range === 'unsatisfiable') {
        reply.header('Content-Range', `bytes */${file.sizeBytes}`);
        throw new AppError(416, 'This part of the file does not exist. Please download the whole file again.');
      }
      // A HEAD (Fastify answers it with this handler) asks about the file without taking it: not counted.
      const head = request.method === 'HEAD';
      if (!head) await service.countDownload(app.db, claims);
      const bounds = range === 'ignore' ? { start: 0, end: file.sizeBytes - 1 } : range;
      reply.header('Content-Type', CONTENT_TYPES[file.kind]);
      reply.header('Content-Disposition', attachment(file.title, file.kind));
      reply.header('Content-Length', String(bounds.end - bounds.start + 1));
      if (range !== 'ignore') {
        reply.code(206).header('Content-Range', `bytes ${bounds.start}-${bounds.end}/${file.sizeBytes}`);
      }
      // Fastify keeps the Content-Length of a HEAD answered with a stream; an empty one reads no file.
      if (head) return reply.send(Readable.from([]));
      return reply.send(createReadStream(path.join(filesDir, file.fileKey), bounds));
    },
  );

  app.get(
    '/admin/books/:id/ebook-files/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        summary: "Staff: a title's eBook editions and their files",
        security,
        params: idParamSchema,
        response: { 200: z.array(ebookFileSchema), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => service.ebookFilesOfBook(app.db, request.params.id),
  );

  app.put(
    '/admin/editions/:id/ebook-file',
    {
      onRequest: app.requireStaff,
      // A book's editions say whether an eBook is still "coming soon" (its file not there yet).
      config: { invalidates: ['catalogue'] },
      schema: {
        tags,
        summary: `Staff: upload an eBook edition's file as the multipart field \`${FILE_FIELD}\`: an EPUB or a PDF, checked by its bytes, up to EBOOK_MAX_MB`,
        security,
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: ebookFileSchema, ...errorReplies(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const editionId = request.params.id;
      const { bookId } = await service.ebookEdition(app.db, editionId);
      if (!request.isMultipart()) throw badRequest(fileMessages.empty, { [FILE_FIELD]: [fileMessages.empty] });
      let stored;
      for await (const part of request.parts({ limits: { fileSize: ebookMaxBytes, files: 1 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== FILE_FIELD || stored) {
          part.file.resume();
          continue;
        }
        stored = await storeUpload(filesDir, part.file, {
          maxBytes: ebookMaxBytes,
          truncated: () => part.file.truncated,
          field: FILE_FIELD,
        });
      }
      if (!stored) throw badRequest(fileMessages.empty, { [FILE_FIELD]: [fileMessages.empty] });
      try {
        const { replaced } = await service.saveEbookFile(app.db, editionId, stored, request.user!.userId);
        if (replaced) await removeStored(filesDir, replaced);
      } catch (err) {
        await removeStored(filesDir, stored.key);
        throw err;
      }
      const files = await service.ebookFilesOfBook(app.db, bookId);
      return files.find((entry) => entry.edition === editionId)!;
    },
  );
}
