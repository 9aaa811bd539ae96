/** The contact form, the newsletter, and the staff's view of both. */
export { contactRoutes } from './routes.js';
export { isConfirmedSubscriber } from './service.js';
