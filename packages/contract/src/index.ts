export * from './money.js';
export * from './common.js';
export * from './catalogue.js';
export * from './accounts.js';
export * from './books.js';
export * from './admin.js';
export * from './orders.js';
