import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { BOUGHT } from '../catalogue/index.js';

/**
 * The book's rating columns (`rating_tenths`, `rating_count`, `review_count`) are written only here,
 * by the reviews module in the same transaction as the review, while the book's row is locked.
 */

/**
 * Locks the book's row until the transaction ends: review writes of one book then run one after the
 * other, so each recount below sees every review committed before it (also across server processes).
 * False when the book is gone. The lock is the one stock takes (`lockTitles`, FOR NO KEY UPDATE), not
 * FOR UPDATE: a cancellation that put copies back and then recounts would otherwise upgrade its lock,
 * and wait for a checkout that holds the row's key share (its new line's foreign key) while that
 * checkout waits to take the copies: a deadlock.
 */
export async function lockBook(tx: Transaction, bookId: number): Promise<boolean> {
  return (await rows(tx, sql`SELECT id FROM books WHERE id = ${bookId} FOR NO KEY UPDATE`)).length > 0;
}

/**
 * Recounts the book's rating from its reviews: the average (tenths, rounded) and number of the
 * verified purchases' ratings, and the number of all reviews. Call with the book locked.
 */
export async function refreshRating(tx: Transaction, bookId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE books SET
          rating_tenths = coalesce(v.average, 0), rating_count = v.verified, review_count = v.reviews
        FROM (
          SELECT round(avg(r.rating) FILTER (WHERE ${BOUGHT}) * 10) AS average,
            count(*) FILTER (WHERE ${BOUGHT}) AS verified, count(*) AS reviews
          FROM reviews r WHERE r.book_id = ${bookId}
        ) v
        WHERE id = ${bookId}`,
  );
}
