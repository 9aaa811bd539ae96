/** Writing the catalogue: adding, changing, holding for review and deleting books, and their stock. */
export { booksRoutes } from './routes.js';
export { lockBook, refreshRating } from './ratings.js';
export { returnAll, takeAllOrNothing, takeCopies, takeLines } from './stock.js';
export { openLedgers } from './ledger.js';
export { DEFAULT_EDITION_OF, refreshTitlesById } from './titles.js';
export { renameAuthorOnBooks } from './repository.js';
export { closeStockAlerts, waitingFor, waitingShoppers } from './stock-alerts.js';
export { repriceBooks, SALE_PRICE_OF, SALE_REACHES } from './prices.js';
export { titleKey } from './title-key.js';
export { type BookFacts, bookFacts } from './facts.js';
