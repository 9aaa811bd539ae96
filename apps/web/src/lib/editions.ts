/** Editions of a title in a few words and in the address (docs/decisions/0022-editions.md), for every feature. */

/** An edition in a few words: "Hardcover", "eBook", "Paperback, Fairly Used" (docs/decisions/0022-editions.md). */
export function editionLabel(edition: { format?: string; condition?: string }): string {
  if (!edition.format) return '';
  return edition.condition && edition.condition !== 'New' ? `${edition.format}, ${edition.condition}` : edition.format;
}

/** The book page of one edition (`?edition=`), or of the title's default edition. */
export function editionPath(bookPath: string, editionId: number | undefined): string {
  return editionId === undefined ? bookPath : `${bookPath}?edition=${editionId}`;
}
