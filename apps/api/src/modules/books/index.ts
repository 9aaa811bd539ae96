/** Writing the catalogue: adding, changing, holding for review and deleting books, and their stock. */
export { booksRoutes } from './routes.js';
