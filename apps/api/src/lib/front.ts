import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';

/**
 * Answers a request before Fastify sees it and returns true, or returns false to hand it on. It must
 * send exactly what the route would (the tests compare the two), and only what is the same for
 * everybody: nothing it sends may depend on who asks.
 */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * What Fastify's `req` serializer reads from its request (fastify/lib/logger-pino.js), taken from the
 * raw request as Fastify takes it without a trusted proxy: the request line of an early answer is the
 * one Fastify writes for the same request.
 */
class LoggedRequest {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly headers: IncomingMessage['headers'];
  readonly host: string | undefined;
  readonly ip: string | undefined;
  readonly socket: IncomingMessage['socket'];

  constructor(request: IncomingMessage) {
    this.method = request.method;
    this.url = request.url;
    this.headers = request.headers;
    this.host = request.headers.host ?? request.headers[':authority']?.toString();
    this.ip = request.socket.remoteAddress;
    this.socket = request.socket;
  }
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
  private log: FastifyBaseLogger | undefined;
  private nextId = 0;
  // Below the largest small integer, as Fastify's own counter (fastify/lib/req-id-gen-factory.js).
  private static readonly MAX_ID = 2147483647;

  add(answer: EarlyAnswer) {
    this.early.push(answer);
  }

  /** Fastify's `genReqId`: one counter for both paths, as Fastify's own (`req-1`, `req-2`, …). */
  readonly requestId = (): string => `req-${(this.nextId = (this.nextId + 1) & FrontServer.MAX_ID).toString(36)}`;

  /** Early answers log their requests through `logger` when its level logs requests (`info`). */
  logTo(logger: FastifyBaseLogger) {
    const levels = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    this.log = levels.isLevelEnabled?.('info') ? logger : undefined;
  }

  private answerEarly(request: IncomingMessage, response: ServerResponse): boolean {
    const log = this.log;
    if (!log) {
      for (const answer of this.early) if (answer(request, response)) return true;
      return false;
    }
    const started = performance.now();
    for (const answer of this.early) {
      if (!answer(request, response)) continue;
      const reqId = this.requestId();
      log.info({ reqId, req: new LoggedRequest(request) }, 'incoming request');
      log.info({ reqId, res: response, responseTime: performance.now() - started }, 'request completed');
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
