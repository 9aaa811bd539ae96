/** Editions of a title in a few words and in the address (docs/decisions/0022-editions.md), for every feature. */

/** An edition in a few words: "Hardcover", "eBook", "Paperback, Fairly Used" (one wording with the server's e-mails). */
export { editionLabel } from '@bookstore/contract/checkout';

/** The book page of one edition (`?edition=`), or of the title's default edition. */
export function editionPath(bookPath: string, editionId: number | undefined): string {
  return editionId === undefined ? bookPath : `${bookPath}?edition=${editionId}`;
}
