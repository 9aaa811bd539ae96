import type { FastifyInstance } from 'fastify';
import { type DispatcherOptions, EventDispatcher } from './dispatcher.js';

/**
 * Each app's dispatcher, found by the app's database: the events routes' onClose hook is given their
 * own (encapsulated) Fastify instance, not the app that started the dispatcher, but the same database.
 */
const dispatchers = new WeakMap<FastifyInstance['db'], EventDispatcher>();

/** Starts the app's dispatcher (server start-up); the events routes stop it when the app closes. */
export async function startEventDispatcher(
  app: FastifyInstance,
  options: Partial<DispatcherOptions> = {},
): Promise<EventDispatcher> {
  await stopEventDispatcher(app);
  const dispatcher = new EventDispatcher(app, { leaseMs: app.config.outboxLeaseSeconds * 1000, ...options });
  dispatchers.set(app.db, dispatcher);
  await dispatcher.start();
  return dispatcher;
}

export async function stopEventDispatcher(app: FastifyInstance): Promise<void> {
  const dispatcher = dispatchers.get(app.db);
  dispatchers.delete(app.db);
  await dispatcher?.stop();
}

/** Whether this app's dispatcher runs (a `web` process has none: docs/decisions/0029-roles-and-production-settings.md). */
export function eventDispatcherRunning(app: FastifyInstance): boolean {
  return dispatchers.has(app.db);
}
