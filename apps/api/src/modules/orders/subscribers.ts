import { subscribe } from '../events/index.js';
import { deliverWaitingDownloads } from './transitions.js';

/**
 * What orders do after other modules' changes, through the outbox (docs/decisions/0012-outbox.md).
 * Importing this file (index.ts does) declares them.
 */

/** An eBook's file arrived: an order of eBooks only that waited for it is delivered (docs/decisions/0023-ebook-delivery.md). */
subscribe('ebook.ready', 'orders.deliver-waiting-ebooks', async (event, { app }) => {
  await app.db.transaction((tx) => deliverWaitingDownloads(tx, event.payload.orderId));
});
