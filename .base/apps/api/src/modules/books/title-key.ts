import { sql } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/** Characters nobody sees (zero-width spaces and joiners, soft hyphens...). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * What a title looks like, for telling look-alikes apart (docs/decisions/0015-trust-round-two.md): compatibility forms
 * folded (NFKC: full-width and styled letters), invisible characters dropped, then the Unicode TR39
 * confusables skeleton (unhomoglyph, from Unicode's confusables.txt: Cyrillic 'Р' is 'P', 'rn' is
 * 'm'), in one case and with single spaces. Two titles with the same key look the same to a reader.
 * Not for display: only ever compared.
 */
export function titleKey(title: string): string {
  const folded = title.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
  return unhomoglyph(folded.normalize('NFD')).normalize('NFD').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Books stored before look-alike keys existed, or written by a bulk load, get theirs here, a few
 * thousand a statement, so every title is compared. Each batch claims its rows with
 * `FOR UPDATE SKIP LOCKED`, so processes (and requests) filling at once never wait on or deadlock with
 * each other; within a process one fill runs at a time. A no-op once every book has a key.
 */
let filling: Promise<void> | undefined;

export function fillTitleKeys(db: Database): Promise<void> {
  filling ??= fillAll(db).finally(() => (filling = undefined));
  return filling;
}

async function fillAll(db: Database): Promise<void> {
  for (;;) {
    const filled = await db.transaction(async (tx) => {
      const missing = await rows<{ id: number; title: string }>(
        tx,
        sql`SELECT id, title FROM books WHERE title_key IS NULL ORDER BY id LIMIT 2000 FOR UPDATE SKIP LOCKED`,
      );
      if (missing.length === 0) return 0;
      const values = sql.join(
        missing.map((b) => sql`(${b.id}::int, ${titleKey(b.title)}::text)`),
        sql`, `,
      );
      await tx.execute(
        sql`UPDATE books b SET title_key = v.key FROM (VALUES ${values}) AS v(id, key) WHERE b.id = v.id`,
      );
      return missing.length;
    });
    if (filled === 0) return;
  }
}
