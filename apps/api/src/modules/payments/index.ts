/** Payments of orders: attempts, the sandbox's test cards, the provider's webhook and verification. */
export { paymentsRoutes } from './routes.js';
export { cardGroups } from './service.js';
