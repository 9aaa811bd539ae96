import { pageMeta, type RatingSummary, type Review, type ReviewRequest, type ReviewsPage } from '@bookstore/contract';
import type { Database } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { lockBook, refreshRating } from '../books/index.js';
import { findBookByTitleOrSlug, listReviews, reviewToJson } from '../catalogue/index.js';
import * as repo from './repository.js';

export const reviewMessages = {
  signIn: 'Please login to submit a review',
  bookNotFound: 'Book not found',
  reviewNotFound: 'Review not found',
  notYours: 'You can only delete your own review',
} as const;

export interface Viewer {
  userId: number;
  /** Asked only when the review is someone else's (plugins/auth.ts `isStaff`: the database decides). */
  isStaff: () => Promise<boolean>;
}

/**
 * The rating as the book carries it (docs/decisions/0008): the average to one decimal, the count and
 * the per-star counts (5 down to 1) of the verified purchases' reviews; and how many reviews there are
 * in all (every one is listed).
 */
export function summarise(counts: { rating: number; count: number; verified: number }[]): RatingSummary {
  const stars = [5, 4, 3, 2, 1].map((value) => ({
    stars: value,
    count: counts.find((c) => c.rating === value)?.verified ?? 0,
  }));
  const count = stars.reduce((sum, s) => sum + s.count, 0);
  const total = stars.reduce((sum, s) => sum + s.stars * s.count, 0);
  const reviews = counts.reduce((sum, c) => sum + c.count, 0);
  return { average: count === 0 ? 0 : Math.round((total * 10) / count) / 10, count, stars, reviews };
}

/** Reviews of a book, addressed by its title (any case) or slug, as the API addresses them (docs/product.md, "API"). */
export async function bookIdOf(db: Database, title: string): Promise<number> {
  const trimmed = title.trim();
  const book = trimmed ? await findBookByTitleOrSlug(db, trimmed) : undefined;
  if (!book) throw notFound(reviewMessages.bookNotFound);
  return book.id;
}

export async function list(
  db: Database,
  title: string,
  page: number,
  pageSize: number,
  viewer: { userId: number } | null,
): Promise<ReviewsPage> {
  const bookId = await bookIdOf(db, title);
  const [counts, reviews, mine] = await Promise.all([
    repo.starCounts(db, bookId),
    listReviews(db, bookId, pageSize, (page - 1) * pageSize),
    viewer ? repo.reviewBy(db, bookId, viewer.userId) : undefined,
  ]);
  const summary = summarise(counts);
  return {
    data: reviews.map(reviewToJson),
    meta: pageMeta(page, pageSize, summary.reviews),
    summary,
    mine: mine ? reviewToJson(mine) : null,
  };
}

/**
 * Writes the user's review (a second one replaces the first) and recounts the book's rating in the
 * same transaction, with the book's row locked.
 */
export async function submit(
  db: Database,
  title: string,
  userId: number,
  body: ReviewRequest,
): Promise<{ review: Review; created: boolean }> {
  const bookId = await bookIdOf(db, title);
  const written = await db.transaction(async (tx) => {
    if (!(await lockBook(tx, bookId))) throw notFound(reviewMessages.bookNotFound);
    const result = await repo.upsertReview(tx, { bookId, userId, rating: body.rating, comment: body.comment });
    await refreshRating(tx, bookId);
    return result;
  });
  const row = await repo.findReview(db, written.id);
  if (!row) throw notFound(reviewMessages.reviewNotFound);
  return { review: reviewToJson(row), created: written.created };
}

/**
 * Authors delete their own review; staff may delete any (moderation). Who may is settled before the
 * transaction (asking whether the caller is staff is a query of its own, and the embedded database
 * has one connection).
 */
export async function remove(db: Database, title: string, reviewId: number, viewer: Viewer): Promise<void> {
  const bookId = await bookIdOf(db, title);
  const review = await repo.findReview(db, reviewId);
  if (!review || review.book_id !== bookId) throw notFound(reviewMessages.reviewNotFound);
  if (review.user_id !== viewer.userId && !(await viewer.isStaff())) throw forbidden(reviewMessages.notYours);
  await db.transaction(async (tx) => {
    if (!(await lockBook(tx, bookId))) throw notFound(reviewMessages.bookNotFound);
    await repo.deleteReview(tx, reviewId);
    await refreshRating(tx, bookId);
  });
}
