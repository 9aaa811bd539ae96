import type { FastifyInstance } from 'fastify';

export async function contactRoutes(_app: FastifyInstance) {}
