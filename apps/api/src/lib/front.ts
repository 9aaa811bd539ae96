import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/**
 * Answers a request before Fastify sees it and returns true, or returns false to hand it on. It must
 * send exactly what the route would (the tests compare the two), and only what is the same for
 * everybody: nothing it sends may depend on who asks.
 */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The HTTP server in front of Fastify (its `serverFactory`): the same server Fastify would make, with
 * the same timeouts, that first offers each request to the early answers (the catalogue's kept bytes,
 * docs/decisions/0007) and hands everything else to Fastify. A cached read then costs what sending its
 * bytes costs, without Fastify's per-request work (routing, hooks, the reply object), which was about
 * as much again.
 */
export class FrontServer {
  private readonly early: EarlyAnswer[] = [];

  add(answer: EarlyAnswer) {
    this.early.push(answer);
  }

  readonly factory: FastifyServerFactory = (handler, options) => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      for (const answer of this.early) if (answer(request, response)) return;
      handler(request, response);
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
