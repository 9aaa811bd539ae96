/** The staff's reports: figures of paid orders over a range, from the orders' summaries. */
export { reportsRoutes } from './routes.js';
export { buildReport, periodOf } from './report.js';
