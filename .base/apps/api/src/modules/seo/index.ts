/** What search engines and link previews read: page heads, sitemaps, robots.txt. */
export { headForPath } from './head.js';
export { seoRoutes } from './routes.js';
