import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { rows } from '../db/rows.js';
import { makeEpub, saveEbookFile, storeBytes } from '../modules/downloads/index.js';

/**
 * The demo shop's eBooks: each eBook edition without a file gets a small EPUB 3 made from its title,
 * author and description (modules/downloads/epub.ts), so a demo purchase downloads a real book; but
 * those whose ISBN is in `comingSoon`, which the shop shows as "Coming soon" until staff upload one.
 * Returns how many were made.
 */
export async function seedDemoEbooks(
  db: Database,
  config: Pick<Config, 'filesDir'>,
  comingSoon: readonly string[] = [],
): Promise<number> {
  const missing = await rows<{ edition: number; title: string; author: string; description: string }>(
    db,
    sql`SELECT e.id AS edition, b.title, b.book_author AS author, b.description
        FROM editions e JOIN books b ON b.id = e.book_id
        LEFT JOIN ebook_files f ON f.edition_id = e.id
        WHERE e.format = 'eBook' AND f.edition_id IS NULL AND ${notComingSoon(comingSoon)}
        ORDER BY e.id`,
  );
  for (const book of missing) {
    const stored = await storeBytes(config.filesDir, makeEpub(book));
    await saveEbookFile(db, book.edition, stored, null);
  }
  return missing.length;
}

const notComingSoon = (isbns: readonly string[]): SQL =>
  isbns.length === 0
    ? sql`true`
    : sql`e.isbn NOT IN (${sql.join(
        isbns.map((isbn) => sql`${isbn}`),
        sql`, `,
      )})`;
