export { editionLabel, editionPath } from '../../../lib/editions';
export const DESCRIPTION_PREVIEW_LENGTH = 150;

/**
 * A card's description: at most 150 characters plus '...' when there is more, cut at the last word
 * boundary within them (and without a dangling comma or dash), so no word is cut in half.
 */
export function previewDescription(text: string, length = DESCRIPTION_PREVIEW_LENGTH): string {
  if (text.length <= length) return text;
  const head = text.slice(0, length + 1);
  const boundary = head.search(/\s\S*$/);
  const cut = boundary > 0 ? head.slice(0, boundary) : text.slice(0, length);
  return `${cut.replace(/[\s,;:–—-]+$/, '')}...`;
}

/** Whether it can be bought now: an eBook (no stock) always can, a printed copy while copies are left. */
export function isInStock(book: { available: boolean; stock_amount: number | null }): boolean {
  return book.available && (book.stock_amount === null || book.stock_amount > 0);
}

/**
 * A book no buyer has rated yet (the cards say so instead of drawing five empty stars). The rating
 * counts verified buyers only (docs/decisions/0008), so a book may have reviews and still no rating.
 */
export function isUnrated(book: { rating_count: number }): boolean {
  return book.rating_count === 0;
}
