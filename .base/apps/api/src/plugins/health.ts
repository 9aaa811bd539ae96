import type { FastifyInstance } from 'fastify';

export const LIMITS_IN_MEMORY =
  "Redis is unreachable: rate limits and the sign-in throttle are counted in this process's memory";

/**
 * Liveness (the process answers) and readiness (the database answers). A Redis that is down does not
 * make the process unready: its limits still hold, counted in its own memory, and taking every process
 * out of the load balancer would close the shop (docs/decisions/0015-trust-round-two.md). Readiness says so instead.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ok = await app.database.ping();
    const warnings = app.limits.mode() === 'memory-fallback' ? { warnings: [LIMITS_IN_MEMORY] } : {};
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'database unavailable', ...warnings });
  });
}
