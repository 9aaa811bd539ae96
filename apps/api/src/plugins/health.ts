import type { FastifyInstance } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ok = await app.database.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'database unavailable' });
  });
}
