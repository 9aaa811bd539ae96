/**
 * The shop's e-mail (docs/decisions/0016-mail.md): templates rendered with React Email, queued by
 * outbox subscribers, sent by SMTP or written as .eml files. Importing it declares every subscriber.
 */
import './messages.js';
export { mailRoutes } from './routes.js';
export { runDailyJobs } from './daily.js';
export { LOW_STOCK_THRESHOLD } from './messages.js';
export { renderMail } from './render.js';
export { templates } from './templates/index.js';
