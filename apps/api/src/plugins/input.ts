import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/**
 * The edge check every request passes before any route sees it: text the database cannot store (a NUL
 * character) and addresses that cannot be decoded are refused with a 400 in the shop's words, whatever
 * the route. It covers the address (path and query), JSON bodies (every string, and every key, at any
 * depth) and multipart text fields (as a route reads them with `request.parts()`), so routes added
 * later are covered without doing anything.
 */
export const NOT_ALLOWED_CHARACTER = 'This text contains a character that is not allowed';
export const BAD_ADDRESS = 'The address contains a character that is not allowed';
export const BAD_FORM = 'The form data is incomplete or malformed. Please send it again.';

const NUL = '\u0000';

/** The path of the first string (or key) holding a NUL, or null. Depth-first, so the first field is named. */
export function findNul(value: unknown, at: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? at : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...at, String(i)]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return [...at, key.replaceAll(NUL, '')];
    const found = findNul(inner, [...at, key]);
    if (found) return found;
  }
  return null;
}

export function notAllowedCharacter(field: string): AppError {
  const name = field || '_';
  return new AppError(400, field ? `${field}: ${NOT_ALLOWED_CHARACTER}` : NOT_ALLOWED_CHARACTER, {
    [name]: [NOT_ALLOWED_CHARACTER],
  });
}

function checkAddress(url: string) {
  if (url.includes(NUL) || /%00/i.test(url)) throw new AppError(400, BAD_ADDRESS);
  const [pathname = '/', query = ''] = url.split('?', 2);
  try {
    decodeURIComponent(pathname);
    decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    throw new AppError(400, 'The address is not valid');
  }
}

type PartsIterator = ReturnType<FastifyRequest['parts']>;

/** Multipart fields are read by the route, so the check goes inside the iterator it reads them with. */
function guardParts(request: FastifyRequest) {
  const original = request.parts.bind(request);
  request.parts = function guardedParts(...args: Parameters<FastifyRequest['parts']>): PartsIterator {
    const source = original(...args);
    async function* guarded() {
      for await (const part of source) {
        if (part.fieldname.includes(NUL)) throw notAllowedCharacter(part.fieldname.replaceAll(NUL, ''));
        if (part.type === 'field' && typeof part.value === 'string' && part.value.includes(NUL)) {
          throw notAllowedCharacter(part.fieldname);
        }
        yield part;
      }
    }
    return guarded() as PartsIterator;
  };
}

/**
 * Errors of the multipart reader (busboy) about the bytes it was sent: a body cut off before its
 * closing boundary, no boundary at all, a malformed part header. They are the client's, so a 400.
 */
const MALFORMED_MULTIPART =
  /Unexpected end of (form|multipart data)|Boundary not found|Malformed part header|terminated early|Premature close|Multipart:/i;

export function isMalformedMultipart(request: FastifyRequest, err: { message?: string; statusCode?: number }): boolean {
  return (
    (err.statusCode === undefined || err.statusCode >= 500) &&
    typeof request.isMultipart === 'function' &&
    request.isMultipart() &&
    MALFORMED_MULTIPART.test(err.message ?? '')
  );
}

// Callback hooks, not async ones: they run on every request and have nothing to wait for (a thrown
// error reaches the error handler all the same).
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    checkAddress(request.url);
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const where = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
    if (where) throw notAllowedCharacter(where.join('.'));
    if (typeof request.isMultipart === 'function' && request.isMultipart()) guardParts(request);
    done();
  });
});
