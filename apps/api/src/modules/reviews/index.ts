/** Reviews: writing and deleting them, their pages, and the ratings they give books. */
export { recountRatingsOfOrder } from './repository.js';
export { reviewsRoutes } from './routes.js';
