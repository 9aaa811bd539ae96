/** A shopper's address book; checkout reads an address through `ownAddress`. */
export { addressesRoutes } from './routes.js';
export { ownAddress } from './service.js';
