import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import pino from 'pino';

/**
 * Answers a request before Fastify sees it and returns true, or returns false to hand it on. It must
 * send exactly what the route would (the tests compare the two), and only what is the same for
 * everybody: nothing it sends may depend on who asks.
 */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Where and how a pino logger writes: its stream, its level numbers and its base fields. */
interface PinoInternals {
  [pino.symbols.streamSym]?: { write(line: string): unknown };
  [pino.symbols.chindingsSym]?: string;
  levels?: { values: Record<string, number> };
}

/** Writes the two lines Fastify writes for a request ("incoming request", "request completed"). */
type RequestLines = (reqId: string, request: IncomingMessage, response: ServerResponse, started: number) => void;

const json = JSON.stringify;

/** The last entry of a header that may list several (`a, b`), as Fastify reads X-Forwarded-Host. */
const lastEntry = (value: string) => value.slice(value.lastIndexOf(',') + 1).trim();

/**
 * The client's address and the host it asked for, as Fastify's `request.ip` and `request.host` give
 * them: behind a trusted proxy (TRUST_PROXY) from X-Forwarded-For (its first entry, the client) and
 * X-Forwarded-Host; otherwise from the socket and the Host header.
 */
function clientOf(request: IncomingMessage, trustProxy: boolean): { ip?: string; host?: string } {
  const { headers } = request;
  const forwardedFor = trustProxy ? headers['x-forwarded-for'] : undefined;
  const forwardedHost = trustProxy ? headers['x-forwarded-host'] : undefined;
  return {
    ip: typeof forwardedFor === 'string' ? forwardedFor.split(',')[0]!.trim() : request.socket.remoteAddress,
    host:
      typeof forwardedHost === 'string'
        ? lastEntry(forwardedHost)
        : (headers.host ?? (headers[':authority'] as string | undefined)),
  };
}

/**
 * The two lines, in pino's own format (level, time, the logger's base fields, then the fields of the
 * line, then msg) with the fields of Fastify's `req` and `res` serializers (fastify/lib/logger-pino.js:
 * method, url, version, host, remoteAddress and remotePort, as Fastify reads them without a trusted
 * proxy; statusCode), made as one string each. pino's own call would run its redaction over
 * every line (its paths name headers and secrets these lines never hold) and was most of a kept
 * answer's CPU at `info` (docs/decisions/0020-logging-and-a-million-titles.md). logging.test.ts
 * holds them to Fastify's lines.
 */
function pinoRequestLines(logger: FastifyBaseLogger, trustProxy: boolean): RequestLines | undefined {
  const internals = logger as unknown as PinoInternals;
  const stream = internals[pino.symbols.streamSym];
  const base = internals[pino.symbols.chindingsSym];
  const level = internals.levels?.values.info;
  if (!stream || base === undefined || level === undefined) return undefined;
  const head = `{"level":${level},"time":`;
  // Both lines in one string and one write: the stream gathers them for its worker (lib/log.ts).
  // Without a trusted proxy, the address and host are read here rather than through clientOf, which
  // makes an object a request.
  return (reqId, request, response, started) => {
    const { headers, socket } = request;
    const version = headers['accept-version'];
    let remoteAddress: string | undefined;
    let host: string | undefined;
    if (trustProxy) ({ ip: remoteAddress, host } = clientOf(request, true));
    else {
      remoteAddress = socket.remoteAddress;
      host = headers.host ?? (headers[':authority'] as string | undefined);
    }
    const { remotePort } = socket;
    const time = Date.now();
    const id = json(reqId);
    stream.write(
      `${head}${time}${base},"reqId":${id},"req":{"method":${json(request.method)},"url":${json(request.url)}` +
        `${version === undefined ? '' : `,"version":${json(version)}`}${host === undefined ? '' : `,"host":${json(host)}`}` +
        `${remoteAddress === undefined ? '' : `,"remoteAddress":${json(remoteAddress)}`}` +
        `${remotePort === undefined ? '' : `,"remotePort":${remotePort}`}},"msg":"incoming request"}\n` +
        `${head}${time}${base},"reqId":${id},"res":{"statusCode":${response.statusCode}},` +
        `"responseTime":${performance.now() - started},"msg":"request completed"}\n`,
    );
  };
}

/** The same two lines through the logger's own calls, for a logger that is not pino's. */
function loggerRequestLines(logger: FastifyBaseLogger, trustProxy: boolean): RequestLines {
  return (reqId, request, response, started) => {
    const { ip, host } = clientOf(request, trustProxy);
    const req = {
      method: request.method,
      url: request.url,
      version: request.headers['accept-version'],
      host,
      remoteAddress: ip,
      remotePort: request.socket.remotePort,
    };
    logger.info({ reqId, req }, 'incoming request');
    const res = { statusCode: response.statusCode };
    logger.info({ reqId, res, responseTime: performance.now() - started }, 'request completed');
  };
}

/**
 * The HTTP server in front of Fastify (its `serverFactory`): the same server Fastify would make, with
 * the same timeouts, that first offers each request to the early answers (the catalogue's kept bytes,
 * docs/decisions/0007) and hands everything else to Fastify. A cached read then costs what sending its
 * bytes costs, without Fastify's per-request work (routing, hooks, the reply object), which was about
 * as much again.
 *
 * While requests are logged (`info` and below) an early answer writes the two lines Fastify writes
 * for a request ("incoming request", "request completed") with the same fields, and request ids from
 * the same counter as Fastify's (`requestId`, Fastify's `genReqId`): the log cannot tell the two
 * paths apart (docs/decisions/0020-logging-and-a-million-titles.md).
 */
export class FrontServer {
  private readonly early: EarlyAnswer[] = [];
  private lines: RequestLines | undefined;
  private nextId = 0;
  // Below the largest small integer, as Fastify's own counter (fastify/lib/req-id-gen-factory.js).
  private static readonly MAX_ID = 2147483647;

  add(answer: EarlyAnswer) {
    this.early.push(answer);
  }

  /** Fastify's `genReqId`: one counter for both paths, as Fastify's own (`req-1`, `req-2`, …). */
  readonly requestId = (): string => `req-${(this.nextId = (this.nextId + 1) & FrontServer.MAX_ID).toString(36)}`;

  /** Early answers log their requests through `logger` when its level logs requests (`info`). */
  logTo(logger: FastifyBaseLogger, { trustProxy }: { trustProxy: boolean }) {
    const levels = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    this.lines = levels.isLevelEnabled?.('info')
      ? (pinoRequestLines(logger, trustProxy) ?? loggerRequestLines(logger, trustProxy))
      : undefined;
  }

  private answerEarly(request: IncomingMessage, response: ServerResponse): boolean {
    const lines = this.lines;
    if (!lines) {
      for (const answer of this.early) if (answer(request, response)) return true;
      return false;
    }
    const started = performance.now();
    for (const answer of this.early) {
      if (!answer(request, response)) continue;
      lines(this.requestId(), request, response, started);
      return true;
    }
    return false;
  }

  readonly factory: FastifyServerFactory = (handler, options) => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (this.early.length === 0 || !this.answerEarly(request, response)) handler(request, response);
    });
    // As Fastify sets its own server (fastify/lib/server.js).
    const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options;
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    if (typeof maxRequestsPerSocket === 'number' && maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = maxRequestsPerSocket;
    }
    return server;
  };
}
