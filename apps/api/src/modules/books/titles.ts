import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { intArray, rows } from '../../db/rows.js';

/**
 * A title (a `books` row) is sold as one or more editions (`editions`, docs/decisions/0022-editions.md).
 * The title keeps a copy of its default edition's format, condition, ISBN, prices and stock, so every
 * listing, sort, facet and older client reads one row per title; the books module refreshes that copy
 * (`refreshTitles`) in the transaction of every write to an edition.
 */

/** In stock: an eBook always is; a printed edition while it has copies. */
export const EDITION_IN_STOCK = (e: SQL) => sql`coalesce(${e}.stock_amount > 0, true)`;

/**
 * Which edition stands for the title, first to last: the cheapest new edition in stock, then the
 * cheapest edition in stock (a used copy), then the cheapest of all; the oldest edition breaks a tie.
 */
export const DEFAULT_EDITION_ORDER = (e: SQL) =>
  sql`(${e}.condition = 'New' AND ${EDITION_IN_STOCK(e)}) DESC, ${EDITION_IN_STOCK(e)} DESC, ${e}.price_cents ASC, ${e}.id ASC`;

/** The id of the default edition of the title `b` (a books row), as SQL. */
export const DEFAULT_EDITION_OF = (b: SQL) =>
  sql`(SELECT d.id FROM editions d WHERE d.book_id = ${b}.id AND d.available ORDER BY ${DEFAULT_EDITION_ORDER(sql`d`)} LIMIT 1)`;

/**
 * Locks the titles' rows, in id order (so two writers of the same titles cannot deadlock). FOR NO KEY
 * UPDATE, the lock an UPDATE of the row takes: it waits for other writers of the title, but not for
 * the key-share locks that new order lines (their foreign key to the book) hold until their commit.
 */
export async function lockTitles(db: Queryable, bookIds: number[]): Promise<void> {
  if (bookIds.length === 0) return;
  await db.execute(sql`SELECT id FROM books WHERE id = ANY(${intArray(bookIds)}) ORDER BY id FOR NO KEY UPDATE`);
}

/**
 * Says, for the rest of the transaction, that the books module refreshes the rows of the titles whose
 * editions it writes (`refreshTitles`, their editions as the facets count them included): the trigger that
 * does it after any other write to editions (migration `exact_facet_counts`) leaves them alone, and each
 * title's row is written once. Called before the module's writes of an edition's format, condition, price
 * or place in the shop.
 */
export async function titlesRefreshedHere(db: Queryable): Promise<void> {
  await db.execute(sql`SELECT set_config('bookstore.titles_refreshed', 'on', true)`);
}

/**
 * Copies each title's default edition onto it, with the cheapest and dearest price of the editions a
 * shopper can buy now (in stock; an eBook always is) and its editions as the facets count them
 * (docs/decisions/0027-exact-facet-counts.md), where anything differs; `where` picks the titles (SQL over `b`, a books row). Returns the titles whose
 * selling price changed, with the price before and after (the caller records price history).
 */
export async function refreshTitles(
  db: Queryable,
  where: SQL,
): Promise<{ id: number; before: number; after: number }[]> {
  return rows<{ id: number; before: number; after: number }>(
    db,
    sql`WITH scope AS (
          SELECT b.id, b.price_cents AS before FROM books b WHERE ${where}
        ),
        chosen AS (
          SELECT DISTINCT ON (e.book_id) e.* FROM editions e JOIN scope s ON s.id = e.book_id
          WHERE e.available ORDER BY e.book_id, ${DEFAULT_EDITION_ORDER(sql`e`)}
        ),
        -- "from $X" on a card: the editions a shopper can buy now; while none can be, the default's price.
        span AS (
          SELECT e.book_id, min(e.price_cents) FILTER (WHERE ${EDITION_IN_STOCK(sql`e`)}) AS lo,
            max(e.price_cents) FILTER (WHERE ${EDITION_IN_STOCK(sql`e`)}) AS hi
          FROM editions e JOIN scope s ON s.id = e.book_id WHERE e.available GROUP BY e.book_id
        ),
        -- The title's editions as the facets count them: each distinct format, condition and price, in byte
        -- order (as migration exact_facet_counts's title_edition_sets makes them).
        sets AS (
          SELECT d.book_id,
            array_agg(d.format ORDER BY d.format COLLATE "C", d.condition COLLATE "C", d.price_cents) AS formats,
            array_agg(d.condition ORDER BY d.format COLLATE "C", d.condition COLLATE "C", d.price_cents) AS conditions,
            array_agg(d.price_cents ORDER BY d.format COLLATE "C", d.condition COLLATE "C", d.price_cents) AS prices
          FROM (SELECT DISTINCT e.book_id, e.format, e.condition, e.price_cents
            FROM editions e JOIN scope s ON s.id = e.book_id WHERE e.available) d
          GROUP BY d.book_id
        ),
        updated AS (
          UPDATE books b SET book_type = d.format, condition = d.condition, isbn = d.isbn,
            price_cents = d.price_cents, regular_price_cents = d.regular_price_cents,
            prior_price_cents = d.prior_price_cents, original_price_cents = d.original_price_cents,
            stock_amount = d.stock_amount, min_price_cents = coalesce(m.lo, d.price_cents),
            max_price_cents = coalesce(m.hi, d.price_cents),
            edition_formats = x.formats, edition_conditions = x.conditions, edition_prices = x.prices
          FROM chosen d JOIN span m ON m.book_id = d.book_id JOIN sets x ON x.book_id = d.book_id
          WHERE b.id = d.book_id AND (b.book_type, b.condition, b.isbn, b.price_cents, b.regular_price_cents,
              b.prior_price_cents, b.original_price_cents, b.stock_amount, b.min_price_cents, b.max_price_cents,
              b.edition_formats, b.edition_conditions, b.edition_prices)
            IS DISTINCT FROM (d.format, d.condition, d.isbn, d.price_cents, d.regular_price_cents,
              d.prior_price_cents, d.original_price_cents, d.stock_amount, coalesce(m.lo, d.price_cents),
              coalesce(m.hi, d.price_cents), x.formats, x.conditions, x.prices)
          RETURNING b.id, b.price_cents
        )
        SELECT u.id, s.before, u.price_cents AS after FROM updated u JOIN scope s ON s.id = u.id
        WHERE u.price_cents <> s.before`,
  );
}

/** `refreshTitles` for some ids. */
export function refreshTitlesById(db: Queryable, bookIds: number[]) {
  if (bookIds.length === 0) return Promise.resolve([]);
  return refreshTitles(db, sql`b.id = ANY(${intArray(bookIds)})`);
}
