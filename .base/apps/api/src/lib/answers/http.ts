import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { EarlyAnswer } from '../front.js';
import { type AnswerCache, CachedAnswer } from './cache.js';

/**
 * Cached answers are public and the same for everybody: shared caches (a CDN) may keep them for a
 * few seconds; browsers keep them too but ask again each time, with If-None-Match, so a shopper's own
 * write (a review, an order's stock) shows at once and an unchanged answer costs a 304.
 */
export const ANSWER_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';

/** br, else gzip, else nothing, from an Accept-Encoding header (an encoding with q=0 is refused). */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip') continue;
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(p))) continue;
    if (coding === 'br') return 'br';
    gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/** Whether an `If-None-Match` header names `etag` (or `*`): the client holds these bytes already (304). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The ways a cached answer goes out: 304 when the client holds it already, else its bytes, compressed if asked. */
type AnswerWay = 'not-modified' | 'plain' | 'br' | 'gzip';

function answerWay(requestHeaders: IncomingHttpHeaders, answer: CachedAnswer): AnswerWay {
  if (etagMatches(requestHeaders['if-none-match'], answer.etag)) return 'not-modified';
  if (answer.body.length < CachedAnswer.COMPRESS_FROM) return 'plain';
  return preferredEncoding(requestHeaders['accept-encoding']) ?? 'plain';
}

function answerAs(
  way: AnswerWay,
  answer: CachedAnswer,
  vary?: string,
): { status: 200 | 304; headers: Record<string, string>; body?: Buffer } {
  const headers: Record<string, string> = {
    etag: answer.etag,
    'cache-control': ANSWER_CACHE_CONTROL,
    // Added to any Vary already there (CORS adds Origin when other sites may call the API).
    vary: vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding',
  };
  if (way === 'not-modified') return { status: 304, headers };
  headers['content-type'] = 'application/json; charset=utf-8';
  if (way === 'plain') return { status: 200, headers, body: answer.body };
  headers['content-encoding'] = way;
  return { status: 200, headers, body: way === 'br' ? answer.br() : answer.gzip() };
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  const vary = reply.getHeader('vary');
  const { status, headers, body } = answerAs(
    answerWay(request.headers, answer),
    answer,
    vary ? String(vary) : undefined,
  );
  return reply.code(status).headers(headers).send(body);
}

/**
 * Route options and a handler wrapper for reads served from the answer cache. A cached answer is found
 * by the request's own address before anything else runs (no parsing, no validation, no query); a miss
 * runs the handler once per address, however many ask at once. Replies are built by the module's own
 * typed serialisers and sent as the kept bytes; errors go out with a plain JSON.stringify. The zod
 * response schemas still document every reply in /api/docs.
 */
export function cachedReads(cache: AnswerCache) {
  const fromCache = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const hit = cache.peek(request.url);
    if (hit) sendAnswer(request, reply, hit);
    else done();
  };
  const cached =
    <R extends FastifyRequest>(load: (request: R) => Promise<unknown>) =>
    async (request: R, reply: FastifyReply) =>
      sendAnswer(request, reply, await cache.answer(request.url, () => load(request)));
  const plainJson = () => (data: unknown) => JSON.stringify(data);
  return { read: { onRequest: fromCache, serializerCompiler: plainJson }, cached };
}

/**
 * The same answer sent before Fastify sees the request (lib/front.ts), when it is kept and fresh: a
 * plain GET from the shop's own pages. Requests from other sites (an Origin header) go through
 * Fastify, as does everything when CORS is on; at `info` the server in front logs the request as
 * Fastify would (lib/front.ts). Each way an answer goes out has its whole head made once, security headers
 * included, as the flat list `writeHead` takes.
 */
export function earlyAnswer(cache: AnswerCache, securityHeaders: () => Record<string, string>): EarlyAnswer {
  type Wire = { status: number; head: string[]; body?: Buffer };
  const wires = new WeakMap<CachedAnswer, Partial<Record<AnswerWay, Wire>>>();
  const wire = (way: AnswerWay, answer: CachedAnswer): Wire => {
    const { status, headers, body } = answerAs(way, answer);
    const all = { ...securityHeaders(), ...headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    return { status, head: Object.entries(all).flat(), body };
  };
  return (request, response) => {
    if (request.method !== 'GET' || request.headers.origin !== undefined || !request.url?.startsWith('/api/')) {
      return false;
    }
    const answer = cache.current(request.url);
    if (!answer) return false;
    const way = answerWay(request.headers, answer);
    let made = wires.get(answer);
    if (!made) wires.set(answer, (made = {}));
    const { status, head, body } = (made[way] ??= wire(way, answer));
    response.writeHead(status, head);
    response.end(body);
    return true;
  };
}
