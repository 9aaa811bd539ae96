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
/** An address whose `%` escapes decode to nothing (`/books/%E0%A4%A`), in the path or the query. */
export const UNREADABLE_ADDRESS = 'The address is not valid';
export const BAD_FORM = 'The form data is incomplete or malformed. Please send it again.';

const NUL = '\u0000';

/** Deeper than any form or API body we take: JSON nested further is refused before it is walked. */
export const MAX_DEPTH = 64;
export const TOO_DEEP = 'The request body is nested too deeply';

/**
 * The path of the first string (or key) holding a NUL, or null. Depth-first, so the first field is
 * named. A loop over an explicit stack, not recursion: a body nested thousands deep (JSON.parse takes
 * it) must not overflow the call stack; anything nested deeper than MAX_DEPTH is refused outright.
 */
export function findNul(value: unknown): string[] | null {
  type Step = { value: unknown; key: string; parent: Step | null; depth: number };
  const pathOf = (step: Step, last?: string) => {
    const names: string[] = last === undefined ? [] : [last];
    for (let at: Step | null = step; at?.parent; at = at.parent) names.unshift(at.key);
    return names;
  };
  const stack: Step[] = [{ value, key: '', parent: null, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(step);
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (step.depth >= MAX_DEPTH) throw new AppError(400, TOO_DEEP);
    const entries = Array.isArray(current)
      ? current.map((inner, i) => [String(i), inner] as const)
      : Object.entries(current);
    // Pushed last to first, so the first entry is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      if (key.includes(NUL)) return pathOf(step, key.replaceAll(NUL, ''));
      stack.push({ value: inner, key, parent: step, depth: step.depth + 1 });
    }
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
    throw new AppError(400, UNREADABLE_ADDRESS);
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
  /Unexpected end of (form|multipart data)|Boundary not found|Malformed part header|terminated early|Premature close|Multipart:|needle/i;

/** RFC 2046 allows boundaries of 1 to 70 characters; busboy cannot search for one over 256 at all. */
const MAX_BOUNDARY = 70;

/** A multipart body whose boundary no standard client would send is refused before it is read. */
function checkBoundary(contentType: string | undefined) {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return;
  const boundary = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2];
  if (value !== undefined && value.length > MAX_BOUNDARY) throw new AppError(400, BAD_FORM);
}

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
    checkBoundary(request.headers['content-type']);
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const where = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
    if (where) throw notAllowedCharacter(where.join('.'));
    if (typeof request.isMultipart === 'function' && request.isMultipart()) guardParts(request);
    done();
  });
});
