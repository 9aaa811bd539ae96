/** Sales scheduled by staff and promo codes (docs/decisions/0019-sales-and-price-history.md). */
export { promotionsRoutes } from './routes.js';
export { applyPromoCode, type AppliedCode, codeHasRoomFor, type CodeLine } from './codes.js';
export { runSaleBoundaries, runDueSales, SALE_BOUNDARIES_JOB, createSale, headlineSale } from './sales.js';
