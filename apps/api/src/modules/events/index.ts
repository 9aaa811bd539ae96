/**
 * Events after commit (a transactional outbox, docs/decisions/0012-outbox.md). The only door into
 * this module. A producer records its event in the transaction of the change it reports:
 *
 *   await recordEvent(tx, { type: 'order.paid', key: order.id, payload: { orderId: order.id } });
 *
 * and whatever follows subscribes by type under a stable name, keyed so that it runs only once:
 *
 *   subscribe('order.paid', 'send-receipt', async (event, { idempotencyKey }) => { … });
 */
export {
  recordEvent,
  subscribe,
  type Delivery,
  type EventHandler,
  type EventType,
  type EventTypes,
  type OutboxEvent,
} from './outbox.js';
export { deleteDeliveredEvents, type DispatcherOptions, EventDispatcher } from './dispatcher.js';
export { eventDispatcherRunning, startEventDispatcher, stopEventDispatcher } from './lifecycle.js';
export { eventsRoutes } from './routes.js';
