import type { FastifyInstance } from 'fastify';

export async function accountsRoutes(_app: FastifyInstance) {}
