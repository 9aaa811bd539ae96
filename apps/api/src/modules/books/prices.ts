import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { intArray, rows } from '../../db/rows.js';
import { clock } from '../../lib/clock.js';
import { DEFAULT_EDITION_OF, refreshTitles, titlesRefreshedHere } from './titles.js';

/**
 * A book's selling price (docs/decisions/0019-sales-and-price-history.md): `price_cents` is the regular
 * price less the best running sale (not paused), and every change of it is a row of `price_history`. The books
 * module is the only writer of both; staff edits and the sales scheduler (modules/promotions) call
 * `repriceBooks` here, which reads the running sales (the `sales` table, written by promotions).
 */

export type PriceReason = 'added' | 'staff' | 'sale-start' | 'sale-end' | 'sale-change';

/** Which books to price again: some ids, or the books a sale reaches. */
export type PriceScope =
  | { ids: number[] }
  | { target: 'all' | 'books' | 'categories' | 'authors' | 'bestsellers'; targetIds: number[]; bookIds: number[] };

const LOWEST_WINDOW = sql`interval '30 days'`;

function scopeWhere(scope: PriceScope): SQL {
  if ('ids' in scope) return sql`b.id = ANY(${intArray(scope.ids)})`;
  switch (scope.target) {
    case 'all':
      return sql`TRUE`;
    case 'categories':
      return sql`b.category_id = ANY(${intArray(scope.targetIds)})`;
    case 'authors':
      return sql`b.author_id = ANY(${intArray(scope.targetIds)})`;
    default:
      return sql`b.id = ANY(${intArray(scope.bookIds)})`;
  }
}

/**
 * The price of each book under the best running sale, as SQL over `row` (a books row `b`, or an
 * editions row `e`): the sale taken off its regular price. Shared with the sales preview.
 */
export const SALE_PRICE_OF = (sale: SQL, row: SQL = sql`b`) => sql`CASE ${sale}.kind
    WHEN 'percent' THEN ${row}.regular_price_cents - round(${row}.regular_price_cents * ${sale}.amount / 100.0)::int
    ELSE greatest(0, ${row}.regular_price_cents - ${sale}.amount) END`;

export const SALE_REACHES = (sale: SQL) => sql`(${sale}.target = 'all'
    OR (${sale}.target IN ('books', 'bestsellers') AND b.id = ANY(${sale}.book_ids))
    OR (${sale}.target = 'categories' AND b.category_id = ANY(${sale}.target_ids))
    OR (${sale}.target = 'authors' AND b.author_id = ANY(${sale}.target_ids)))`;

/**
 * Whether a sale reaches the edition `e` of the title `b`: as it reaches the title, except that a used
 * copy is never in a bestsellers sale (only a sale of chosen titles reduces it; docs/decisions/0022-editions.md).
 */
const SALE_REACHES_EDITION = (sale: SQL) =>
  sql`(${SALE_REACHES(sale)} AND NOT (${sale}.target = 'bestsellers' AND e.condition <> 'New'))`;

/**
 * Sets the selling price of every edition of the books in scope to its regular price less the best
 * running sale; then each title's copy follows its default edition (titles.ts), and each change of a
 * title's selling price is recorded in `price_history` at `now`. When an edition's price first drops
 * below its regular price, the lowest price of the 30 days before is kept beside it
 * (`prior_price_cents`) until the reduction ends: its own price before, and for the title's default
 * edition the lowest in the title's price history too; a deeper reduction while one runs keeps the
 * first one's (it is one reduction to the shopper). Returns the ids of the books whose price changed.
 */
export async function repriceBooks(
  db: Queryable,
  scope: PriceScope,
  reason: PriceReason,
  now: Date = clock.now(),
): Promise<number[]> {
  if ('ids' in scope && scope.ids.length === 0) return [];
  if (!('ids' in scope) && scope.target !== 'all' && [...scope.targetIds, ...scope.bookIds].length === 0) return [];
  const at = now.toISOString();
  const where = scopeWhere(scope);
  await titlesRefreshedHere(db);
  const repriced = await rows<{ book_id: number }>(
    db,
    sql`WITH priced AS (
          SELECT e.id, e.book_id, e.price_cents AS price,
            least(e.regular_price_cents, (
              SELECT min(${SALE_PRICE_OF(sql`s`, sql`e`)}) FROM sales s WHERE s.state = 'running' AND s.active AND ${SALE_REACHES_EDITION(sql`s`)}
            )) AS next,
            e.id = ${DEFAULT_EDITION_OF(sql`b`)} AS stands_for_title
          FROM editions e JOIN books b ON b.id = e.book_id WHERE ${where}
        ),
        changed AS (
          SELECT p.id, p.next, p.price,
            least(
              CASE WHEN p.stands_for_title THEN (SELECT ph.price_cents FROM price_history ph
                WHERE ph.book_id = p.book_id AND ph.changed_at <= ${at}::timestamptz - ${LOWEST_WINDOW}
                ORDER BY ph.changed_at DESC, ph.id DESC LIMIT 1) END,
              CASE WHEN p.stands_for_title THEN (SELECT min(ph.price_cents) FROM price_history ph
                WHERE ph.book_id = p.book_id AND ph.changed_at > ${at}::timestamptz - ${LOWEST_WINDOW}
                  AND ph.changed_at <= ${at}::timestamptz) END,
              p.price
            ) AS lowest
          FROM priced p WHERE p.next IS DISTINCT FROM p.price
        )
        UPDATE editions e SET
          price_cents = c.next,
          prior_price_cents = CASE
            WHEN c.next >= e.regular_price_cents THEN NULL
            WHEN e.prior_price_cents IS NOT NULL AND e.price_cents < e.regular_price_cents THEN e.prior_price_cents
            ELSE c.lowest END,
          updated_at = now()
        FROM changed c WHERE e.id = c.id
        RETURNING e.book_id`,
  );
  const titles = await refreshTitles(db, where);
  if (titles.length > 0) {
    await db.execute(
      sql`INSERT INTO price_history (book_id, price_cents, reason, changed_at)
          SELECT id, price_cents, ${reason}, ${at}::timestamptz FROM books WHERE id = ANY(${intArray(titles.map((t) => t.id))})`,
    );
  }
  return [...new Set([...repriced.map((row) => row.book_id), ...titles.map((t) => t.id)])].sort((a, b) => a - b);
}

/** A new book's first price, at `now`. */
export async function recordFirstPrice(db: Queryable, bookId: number, now: Date = clock.now()): Promise<void> {
  await db.execute(
    sql`INSERT INTO price_history (book_id, price_cents, reason, changed_at)
        SELECT id, price_cents, 'added', ${now.toISOString()}::timestamptz FROM books WHERE id = ${bookId}`,
  );
}
