import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { ReviewRow } from './rows.js';

/**
 * How the shop shows reviews: the catalogue's read of them (a book's first page, a review's author
 * and whether it is a verified purchase). The reviews module writes them and builds on these reads.
 */

/**
 * Whether review `r` is a verified purchase: its author has a paid order containing the book that still
 * stands, neither cancelled, returned nor refunded in full, nor every copy of the book on it refunded
 * (decided here from the orders, never taken from the client). Only these count in a book's rating; the orders module has the book's rating
 * recounted whenever one of these changes (reviews' `recountRatingsOfOrder`, docs/decisions/0008).
 */
export const BOUGHT = sql`EXISTS (
    SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
    WHERE o.user_id = r.user_id AND oi.book_id = r.book_id AND o.payment_status = 'success'
      AND o.status <> 'cancelled' AND o.fulfilment_status NOT IN ('cancelled', 'returned')
      AND (o.refunded_cents = 0 OR o.refunded_cents < o.total_cents)
      AND oi.refunded_quantity < oi.quantity
  )`;

/** A review as replies show it. */
export const REVIEW_SELECT = sql`SELECT r.id, r.user_id, r.book_id, u.first_name, u.last_name, u.username, u.profile_picture, r.rating,
    r.comment, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
    ${BOUGHT} AS verified_purchase
  FROM reviews r JOIN users u ON u.id = r.user_id`;

export type StoredReview = ReviewRow & { user_id: number; book_id: number };

/** One page of a book's reviews, newest first. */
export function listReviews(db: Database, bookId: number, limit: number, offset: number): Promise<StoredReview[]> {
  return rows<StoredReview>(
    db,
    sql`${REVIEW_SELECT} WHERE r.book_id = ${bookId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}
