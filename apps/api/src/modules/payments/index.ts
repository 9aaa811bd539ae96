/** Payments of orders: attempts, the sandbox's test cards, the provider's webhook and verification, refunds. */
export { paymentsRoutes } from './routes.js';
export { cardGroups, createPaymentProvider } from './service.js';
export { openRefund, retryPendingRefunds, sendRefund } from './refunds.js';
export type { PaymentProvider } from './providers/types.js';
export { reconcilePayments } from './reconcile.js';
