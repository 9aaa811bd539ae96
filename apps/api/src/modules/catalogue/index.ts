/**
 * The catalogue: the shop's read model of books, authors, categories and how reviews show, with
 * search and facets. Other modules read books through what this file exports, never its files.
 */
export { catalogueRoutes } from './routes.js';
/** The catalogue's reads, each taking the database first: `catalogue.listBooks(db, query)`. */
export * as catalogue from './service.js';
export type { BookWithReviews, PageReads } from './service.js';
export {
  BOOK_COLUMNS,
  BOOK_FROM,
  type BookRow,
  IN_SHOP,
  findAuthor,
  findBookById,
  findBookByTitleOrSlug,
  findCategory,
} from './repository.js';
export { BOUGHT, REVIEW_SELECT, type StoredReview, listReviews } from './reviews.js';
export { type ReviewRow } from './rows.js';
export { authorToJson, bookToJson, categoryToJson, reviewToJson } from './serialize.js';
