import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable, isMissingAccount, SESSION_EXPIRED_MESSAGE } from '../lib/errors.js';
import { BAD_ADDRESS, BAD_FORM, isMalformedMultipart, UNREADABLE_ADDRESS } from './input.js';
import { isPageRequest } from './web.js';

const PART_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'address',
  body: 'request body',
  headers: 'headers',
};

const OUR_SIDE = 'Something went wrong on our side. Please try again.';

/**
 * What Fastify would answer itself, before any route or hook runs (its `frameworkErrors`), in the
 * shop's words: an address its router cannot decode (`/books/%E0%A4%A`) gets the shop's 400 page when
 * it is a page's, a JSON 400 otherwise; a part of the address longer than the router takes, a JSON 414.
 * No hook has run, so the security headers are set here.
 */
export function answerFrameworkError(
  app: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.headers(app.securityHeaders);
  if (error.code === 'FST_ERR_BAD_URL' && app.sendPage && isPageRequest(request.method, request.url)) {
    app.sendPage(request, reply).catch((err: unknown) => {
      request.log.error({ err }, 'request failed');
      if (!reply.sent) reply.code(500).send({ error: OUR_SIDE });
    });
    return;
  }
  const status = error.statusCode ?? 500;
  reply.header('cache-control', 'no-store');
  if (status >= 500 || status < 400) {
    request.log.error({ err: error }, 'request failed');
    reply.code(500).send({ error: OUR_SIDE });
    return;
  }
  reply.code(status).send({ error: FRAMEWORK_MESSAGES[error.code] ?? 'The request is not valid' });
}

/** Fastify's own refusals of an address, in the shop's words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: UNREADABLE_ADDRESS,
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

export const DATABASE_UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a moment.';
const DATABASE_RETRY_SECONDS = 5;

/**
 * Turns every failure into `{ error, fields? }` with a status that means what happened.
 * Validation problems name their fields; 5xx never carry details to the client.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // A page's address that cannot be read (plugins/input.ts): the shop's own 400 page, not JSON.
    if (
      err instanceof AppError &&
      (err.message === UNREADABLE_ADDRESS || err.message === BAD_ADDRESS) &&
      app.sendPage &&
      isPageRequest(request.method, request.url)
    ) {
      return app.sendPage(request, reply);
    }
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
      return reply.code(500).send({ error: OUR_SIDE });
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
