import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { clock } from '../../lib/clock.js';

/**
 * A book's selling price (docs/decisions/0019-sales-and-price-history.md): `price_cents` is the regular
 * price less the best running sale, and every change of it is a row of `price_history`. The books
 * module is the only writer of both; staff edits and the sales scheduler (modules/promotions) call
 * `repriceBooks` here, which reads the running sales (the `sales` table, written by promotions).
 */

export type PriceReason = 'added' | 'staff' | 'sale-start' | 'sale-end';

/** Which books to price again: some ids, or the books a sale reaches. */
export type PriceScope =
  | { ids: number[] }
  | { target: 'all' | 'books' | 'categories' | 'authors' | 'bestsellers'; targetIds: number[]; bookIds: number[] };

const LOWEST_WINDOW = sql`interval '30 days'`;

function intArray(ids: number[]): SQL {
  return sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
}

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
 * The price of each book under the best running sale, as SQL over `b` (a books row): the lowest of
 * its regular price and every running sale's price for it. Shared with the sales preview.
 */
export const SALE_PRICE_OF = (sale: SQL) => sql`CASE ${sale}.kind
    WHEN 'percent' THEN b.regular_price_cents - round(b.regular_price_cents * ${sale}.amount / 100.0)::int
    ELSE greatest(0, b.regular_price_cents - ${sale}.amount) END`;

export const SALE_REACHES = (sale: SQL) => sql`(${sale}.target = 'all'
    OR (${sale}.target IN ('books', 'bestsellers') AND b.id = ANY(${sale}.book_ids))
    OR (${sale}.target = 'categories' AND b.category_id = ANY(${sale}.target_ids))
    OR (${sale}.target = 'authors' AND b.author_id = ANY(${sale}.target_ids)))`;

/**
 * Sets the selling price of the books in scope to their regular price less the best running sale,
 * and records each change in `price_history` at `now`. When a book's price first drops below its
 * regular price, the lowest price of the 30 days before is kept beside it (`prior_price_cents`)
 * until the reduction ends; a deeper reduction while one runs keeps the first one's (it is one
 * reduction to the shopper). Returns the ids of the books whose price changed.
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
  const changed = await rows<{ id: number }>(
    db,
    sql`WITH priced AS (
          SELECT b.id, b.price_cents AS price,
            least(b.regular_price_cents, (
              SELECT min(${SALE_PRICE_OF(sql`s`)}) FROM sales s WHERE s.state = 'running' AND ${SALE_REACHES(sql`s`)}
            )) AS next
          FROM books b WHERE ${scopeWhere(scope)}
        ),
        changed AS (
          SELECT p.id, p.next, p.price,
            least(
              (SELECT ph.price_cents FROM price_history ph
                WHERE ph.book_id = p.id AND ph.changed_at <= ${at}::timestamptz - ${LOWEST_WINDOW}
                ORDER BY ph.changed_at DESC, ph.id DESC LIMIT 1),
              (SELECT min(ph.price_cents) FROM price_history ph
                WHERE ph.book_id = p.id AND ph.changed_at > ${at}::timestamptz - ${LOWEST_WINDOW}
                  AND ph.changed_at <= ${at}::timestamptz),
              p.price
            ) AS lowest
          FROM priced p WHERE p.next IS DISTINCT FROM p.price
        ),
        updated AS (
          UPDATE books b SET
            price_cents = c.next,
            prior_price_cents = CASE
              WHEN c.next >= b.regular_price_cents THEN NULL
              WHEN b.prior_price_cents IS NOT NULL AND b.price_cents < b.regular_price_cents THEN b.prior_price_cents
              ELSE c.lowest END,
            updated_at = now()
          FROM changed c WHERE b.id = c.id
          RETURNING b.id, b.price_cents
        ),
        logged AS (
          INSERT INTO price_history (book_id, price_cents, reason, changed_at)
          SELECT u.id, u.price_cents, ${reason}, ${at}::timestamptz FROM updated u
        )
        SELECT id FROM updated`,
  );
  return changed.map((row) => row.id);
}

/** A new book's first price, at `now`. */
export async function recordFirstPrice(db: Queryable, bookId: number, now: Date = clock.now()): Promise<void> {
  await db.execute(
    sql`INSERT INTO price_history (book_id, price_cents, reason, changed_at)
        SELECT id, price_cents, 'added', ${now.toISOString()}::timestamptz FROM books WHERE id = ${bookId}`,
  );
}
