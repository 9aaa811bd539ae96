import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { ReviewRow } from '../catalogue/serialize.js';

/**
 * Every review query. The book's `rating_tenths` and `review_count` are written only here, in the same
 * transaction as the review, while that book's row is locked (see `lockBook`).
 */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

/**
 * A review as replies show it. Verified purchase: its author has a paid order containing the book
 * (decided here from the orders, never taken from the client).
 */
const REVIEW_SELECT = sql`SELECT r.id, r.user_id, r.book_id, u.first_name, u.last_name, u.username, u.profile_picture, r.rating,
    r.comment, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
    EXISTS (
      SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
      WHERE o.user_id = r.user_id AND oi.book_id = r.book_id AND o.payment_status = 'success'
    ) AS verified_purchase
  FROM reviews r JOIN users u ON u.id = r.user_id`;

export type StoredReview = ReviewRow & { user_id: number; book_id: number };

/** One page of a book's reviews, newest first. */
export function listReviews(db: Db, bookId: number, limit: number, offset: number): Promise<StoredReview[]> {
  return rows<StoredReview>(
    db,
    sql`${REVIEW_SELECT} WHERE r.book_id = ${bookId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function findReview(db: Db, reviewId: number): Promise<StoredReview | undefined> {
  const [row] = await rows<StoredReview>(db, sql`${REVIEW_SELECT} WHERE r.id = ${reviewId}`);
  return row;
}

export async function reviewBy(db: Db, bookId: number, userId: number): Promise<StoredReview | undefined> {
  const [row] = await rows<StoredReview>(db, sql`${REVIEW_SELECT} WHERE r.book_id = ${bookId} AND r.user_id = ${userId}`);
  return row;
}

/** How many reviews gave each star value. */
export function starCounts(db: Db, bookId: number): Promise<{ rating: number; count: number }[]> {
  return rows(db, sql`SELECT rating, count(*)::int AS count FROM reviews WHERE book_id = ${bookId} GROUP BY rating`);
}

/**
 * Locks the book's row until the transaction ends: review writes of one book then run one after the
 * other, so each recount below sees every review committed before it (also across server processes).
 * False when the book is gone.
 */
export async function lockBook(tx: Tx, bookId: number): Promise<boolean> {
  return (await rows(tx, sql`SELECT id FROM books WHERE id = ${bookId} FOR UPDATE`)).length > 0;
}

/** Inserts the user's review of the book, or replaces its rating and comment; says which. */
export async function upsertReview(
  tx: Tx,
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

export async function deleteReview(tx: Tx, reviewId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM reviews WHERE id = ${reviewId}`);
}

/** Recounts the book's average (tenths, rounded) and count from its reviews. Call with the book locked. */
export async function refreshRating(tx: Tx, bookId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE books SET
          rating_tenths = coalesce((SELECT round(avg(rating) * 10) FROM reviews WHERE book_id = ${bookId}), 0),
          review_count = (SELECT count(*) FROM reviews WHERE book_id = ${bookId})
        WHERE id = ${bookId}`,
  );
}
