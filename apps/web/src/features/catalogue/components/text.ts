export const DESCRIPTION_PREVIEW_LENGTH = 150;

/** A card's description: the first 150 characters plus '...' when there is more. */
export function previewDescription(text: string, length = DESCRIPTION_PREVIEW_LENGTH): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

export function isInStock(book: { available: boolean; stock_amount: number }): boolean {
  return book.available && book.stock_amount > 0;
}
