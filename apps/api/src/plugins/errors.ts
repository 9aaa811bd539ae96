import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable, isMissingAccount, SESSION_EXPIRED_MESSAGE } from '../lib/errors.js';
import { BAD_FORM, isMalformedMultipart } from './input.js';

const PART_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'address',
  body: 'request body',
  headers: 'headers',
};

export const DATABASE_UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a moment.';
const DATABASE_RETRY_SECONDS = 5;

/**
 * Turns every failure into `{ error, fields? }` with a status that means what happened.
 * Validation problems name their fields; 5xx never carry details to the client.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      // A wait the client must honour is said in the header too (HTTP's way), not only in the sentence.
      const retryAfter = err.extra?.retryAfter;
      if ((err.statusCode === 429 || err.statusCode === 503) && typeof retryAfter === 'number') {
        reply.header('Retry-After', String(Math.ceil(retryAfter)));
      }
      return reply
        .code(err.statusCode)
        .send({ error: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(err.extra ?? {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (fields[name] ??= []).push(issue.message ?? 'is not valid');
      }
      const part = PART_NAMES[err.validationContext ?? ''] ?? 'request';
      const first = Object.entries(fields)[0];
      const summary = first && first[0] !== '_' ? `${first[0]}: ${first[1].join(', ')}` : `The ${part} is not valid`;
      return reply.code(400).send({ error: summary, fields });
    }
    if (isMalformedMultipart(request, err)) return reply.code(400).send({ error: BAD_FORM });
    if (isMissingAccount(err)) return reply.code(401).send({ error: SESSION_EXPIRED_MESSAGE });
    if (isDatabaseUnavailable(err)) {
      // Not the shopper's fault and not a bug: the database is down or restarting. Say when to try again.
      request.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_SECONDS))
        .send({ error: DATABASE_UNAVAILABLE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type, rate limit, ...).
    const messages: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'That content type is not supported here',
      FST_REQ_FILE_TOO_LARGE: 'The file is too large',
      FST_PARTS_LIMIT: 'Too many parts in the form',
      FST_FILES_LIMIT: 'Too many files in the form',
      FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart form data',
    };
    return reply.code(status).send({ error: (err.code && messages[err.code]) || err.message });
  });
});
