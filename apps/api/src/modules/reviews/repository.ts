import { sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { lockBook, refreshRating } from '../books/index.js';
import { BOUGHT, REVIEW_SELECT, type StoredReview } from '../catalogue/index.js';

/**
 * Every review write. A book's rating is recounted by the books module (books/ratings.ts), in the same
 * transaction as the review, while that book's row is locked (`lockBook`).
 */

export async function findReview(db: Queryable, reviewId: number): Promise<StoredReview | undefined> {
  const [row] = await rows<StoredReview>(db, sql`${REVIEW_SELECT} WHERE r.id = ${reviewId}`);
  return row;
}

export async function reviewBy(db: Queryable, bookId: number, userId: number): Promise<StoredReview | undefined> {
  const [row] = await rows<StoredReview>(
    db,
    sql`${REVIEW_SELECT} WHERE r.book_id = ${bookId} AND r.user_id = ${userId}`,
  );
  return row;
}

/** How many reviews gave each star value, and how many of those are verified purchases. */
export function starCounts(
  db: Queryable,
  bookId: number,
): Promise<{ rating: number; count: number; verified: number }[]> {
  return rows(
    db,
    sql`SELECT r.rating, count(*)::int AS count, count(*) FILTER (WHERE ${BOUGHT})::int AS verified
        FROM reviews r WHERE r.book_id = ${bookId} GROUP BY r.rating`,
  );
}

/** Inserts the user's review of the book, or replaces its rating and comment; says which. */
export async function upsertReview(
  tx: Transaction,
  values: { bookId: number; userId: number; rating: number; comment: string },
): Promise<{ id: number; created: boolean }> {
  const [row] = await rows<{ id: number; created: boolean }>(
    tx,
    sql`INSERT INTO reviews (book_id, user_id, rating, comment)
        VALUES (${values.bookId}, ${values.userId}, ${values.rating}, ${values.comment})
        ON CONFLICT (book_id, user_id)
        DO UPDATE SET rating = excluded.rating, comment = excluded.comment, updated_at = now()
        RETURNING id, (xmax = 0) AS created`,
  );
  return row!;
}

export async function deleteReview(tx: Transaction, reviewId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM reviews WHERE id = ${reviewId}`);
}

/**
 * A change of an order can make its buyer's reviews verified purchases or end that (paid; cancelled,
 * returned, refunded in full, or a refund given back by the provider): each book of the order that the
 * buyer reviewed has its rating recounted, in the transaction of the change (books locked in id order,
 * as every review write locks them). Called by the orders module right after it updates the order.
 */
export async function recountRatingsOfOrder(tx: Transaction, orderId: number): Promise<void> {
  const reviewed = await rows<{ book_id: number }>(
    tx,
    sql`SELECT DISTINCT r.book_id FROM orders o
          JOIN order_items oi ON oi.order_id = o.id
          JOIN reviews r ON r.book_id = oi.book_id AND r.user_id = o.user_id
        WHERE o.id = ${orderId} ORDER BY r.book_id`,
  );
  for (const { book_id: bookId } of reviewed) {
    if (await lockBook(tx, bookId)) await refreshRating(tx, bookId);
  }
}
