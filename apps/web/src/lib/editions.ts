/** Editions of a title in a few words and in the address (docs/decisions/0022-editions.md), for every feature. */

/** An edition in a few words: "Hardcover", "eBook", "Paperback, Fairly Used" (one wording with the server's e-mails). */
export { editionLabel } from '@bookstore/contract/checkout';

/** The book page of one edition (`?edition=`), or of the title's default edition. */
export function editionPath(bookPath: string, editionId: number | undefined): string {
  return editionId === undefined ? bookPath : `${bookPath}?edition=${editionId}`;
}

/**
 * Whether an edition can be bought, in the shop's words: "Available now" (an eBook), "Out of stock",
 * "The only copy" (a used one), "In stock". The book page's format picker and a card's choice of format
 * say the same.
 */
export function editionAvailability(edition: {
  stock_amount: number | null;
  condition: string;
  coming_soon?: boolean;
}): string {
  if (edition.coming_soon) return 'Coming soon';
  if (edition.stock_amount === null) return 'Available now';
  if (edition.stock_amount === 0) return 'Out of stock';
  if (edition.stock_amount === 1 && edition.condition !== 'New') return 'The only copy';
  return 'In stock';
}
