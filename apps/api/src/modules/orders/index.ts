/** Orders: checkout, stock held for payment, the reservation sweeper, order history and its changes. */
import './subscribers.js';
export { ordersRoutes } from './routes.js';
export { releaseExpiredReservations, sweepExpiredReservations } from './reservations.js';
export { findOrder, getOrderFor, getStaffOrder, holdForPayment } from './service.js';
export {
  type Actor,
  cancelOrder,
  deliverOrder,
  markPaid,
  type PaymentApplied,
  refundFailed,
  type Refunded,
  refundOrder,
  returnOrder,
  shipOrder,
} from './transitions.js';
export { quoteRoutes } from './quote.js';
export { type PaidOrder, paidOrdersBetween } from './reports.js';
export { type RefundAllocation, type RefundAsk } from './refund-lines.js';
export {
  isDigital,
  orderSummaryOf,
  refundState,
  type Summary,
  type SummaryLine,
  summarizeOrder,
  summaryToJson,
} from './summary.js';
