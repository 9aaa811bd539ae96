/** The signed-in shopper's wishlist. */
export { wishlistRoutes } from './routes.js';
