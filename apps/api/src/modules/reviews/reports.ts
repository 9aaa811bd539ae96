import {
  pageMeta,
  type ReportedReview,
  reviewReportMessages,
  type ReviewReportRequest,
  reviewReportRequestSchema,
} from '@bookstore/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { reviewReports } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { validationError } from '../../lib/form.js';
import { REVIEW_SELECT, reviewToJson, type StoredReview } from '../catalogue/index.js';
import { findReview } from './repository.js';
import { bookIdOf, reviewMessages } from './service.js';

/**
 * Shoppers report a review they think breaks the rules (once each); reported reviews wait in the
 * staff's queue, most recently reported first, until staff keep one (its reports are cleared) or delete
 * it (DELETE of the review, as ever). A review stays on the book page while it waits.
 */
export async function reportReview(
  db: Database,
  title: string,
  reviewId: number,
  userId: number,
  body: ReviewReportRequest,
): Promise<{ created: boolean }> {
  const parsed = reviewReportRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const bookId = await bookIdOf(db, title);
  const review = await findReview(db, reviewId);
  if (!review || review.book_id !== bookId) throw notFound(reviewMessages.reviewNotFound);
  if (review.user_id === userId) throw conflict(reviewReportMessages.own);
  const added = await db
    .insert(reviewReports)
    .values({ reviewId, userId, reason: parsed.data.reason })
    .onConflictDoNothing()
    .returning({ reviewId: reviewReports.reviewId });
  return { created: added.length > 0 };
}

/** The staff's queue: every reported review with how many reported it and why, most recent report first. */
export async function reportedReviews(
  db: Database,
  page: number,
  pageSize: number,
): Promise<{ data: ReportedReview[]; meta: ReturnType<typeof pageMeta> }> {
  const [total] = await db
    .select({ n: sql<number>`count(DISTINCT ${reviewReports.reviewId})::int` })
    .from(reviewReports);
  const found = await rows<
    StoredReview & { book_title: string; reports: number; reasons: string[]; last_reported_at: string }
  >(
    db,
    sql`WITH queued AS (
          SELECT review_id, count(*)::int AS reports, max(created_at) AS last_at,
                 coalesce(array_agg(reason ORDER BY created_at DESC) FILTER (WHERE reason <> ''), '{}') AS reasons
          FROM review_reports GROUP BY review_id
        )
        SELECT q.reports, q.reasons,
               to_char(q.last_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_reported_at,
               b.title AS book_title, rv.*
        FROM queued q
        JOIN (${REVIEW_SELECT}) rv ON rv.id = q.review_id
        JOIN books b ON b.id = rv.book_id
        ORDER BY q.last_at DESC, q.review_id DESC
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return {
    data: found.map((row) => ({
      ...reviewToJson(row),
      book_id: row.book_id,
      book_title: row.book_title,
      reports: row.reports,
      reasons: row.reasons,
      last_reported_at: row.last_reported_at,
    })),
    meta: pageMeta(page, pageSize, total?.n ?? 0),
  };
}

/** Staff keep a reported review: its reports are cleared (a later report puts it back in the queue). */
export async function keepReview(db: Database, reviewId: number): Promise<void> {
  const review = await findReview(db, reviewId);
  if (!review) throw notFound(reviewMessages.reviewNotFound);
  await db.delete(reviewReports).where(eq(reviewReports.reviewId, reviewId));
}
