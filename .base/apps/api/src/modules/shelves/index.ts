/** Authors and categories, written by one module because they are one kind of table (a shelf, db/schema.ts) with one set of rules. */
export { shelvesRoutes } from './routes.js';
