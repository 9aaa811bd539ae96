/** Orders: checkout, stock held for payment, the reservation sweeper, and order history. */
export { ordersRoutes } from './routes.js';
export { startReservationSweeper, stopReservationSweeper } from './reservations.js';
export { findOrder, holdForPayment } from './service.js';
export { markPaid, type PaymentApplied } from './transitions.js';
export { quoteRoutes } from './quote.js';
