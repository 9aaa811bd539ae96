/** The shop's settings: delivery methods, the free-delivery and low-stock thresholds. */
export { settingsRoutes } from './routes.js';
export { findActiveMethod, lowStockThreshold, offeredMethods, type PricedMethod } from './service.js';
