import type { FastifyInstance } from 'fastify';

/** Releases the stock of pending orders whose reservation ran out. Filled in by the checkout work. */
export function startReservationSweeper(_app: FastifyInstance) {}
