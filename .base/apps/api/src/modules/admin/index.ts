/** The staff dashboard's figures and its books table. */
export { adminRoutes } from './routes.js';
