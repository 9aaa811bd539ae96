/** eBook delivery: edition files, download grants per order line, signed links (docs/decisions/0023-ebook-delivery.md). */
export { downloadsRoutes } from './routes.js';
export {
  downloadsOfOrder,
  type EbookReadiness,
  ebookReadiness,
  grantDownloads,
  HAS_EBOOK_FILE,
  revokeDownloads,
  saveEbookFile,
} from './service.js';
export { makeEpub } from './epub.js';
export { storeBytes } from './files.js';
