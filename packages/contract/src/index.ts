export * from './money.js';
export * from './common.js';
export * from './catalogue.js';
export * from './accounts.js';
export * from './orders.js';
export * from './reviews.js';
export * from './wishlist.js';
