/** A shopper's own activity: orders, reviews and wishlist in one timeline. */
export { activityRoutes } from './routes.js';
