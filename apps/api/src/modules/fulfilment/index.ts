/** After the sale: ship, deliver, cancel, refund and return orders (orders' transitions with payments' refunds). */
export { fulfilmentRoutes } from './routes.js';
