import { z } from 'zod';
import { pagedSchema, pageMetaSchema, pageQuerySchema } from './common.js';
import { isPlainMultiline, plainTextMessage } from './text.js';

export const REVIEW_COMMENT_MAX_LENGTH = 2000;
export const REVIEWS_PAGE_SIZE = 10;

/** One review as every reply shows it. `verified_purchase` is decided by the server, never sent by a client. */
export const reviewSchema = z
  .object({
    id: z.number().int(),
    /** The author's display name (first and last name, else username). */
    user: z.string(),
    user_avatar: z.string().nullable(),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    created_at: z.string(),
    /** The author has a paid order containing the book. */
    verified_purchase: z.boolean(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** Body of `POST /api/books/{title}/reviews/`; the review form uses the same rules. */
export const reviewRequestSchema = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  comment: z
    .string({ error: 'Please write a comment' })
    .trim()
    .min(1, 'Please write a comment')
    .max(REVIEW_COMMENT_MAX_LENGTH, 'Comments can be at most 2,000 characters')
    .refine(isPlainMultiline, plainTextMessage('Your comment')),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/**
 * The book's rating, made of the reviews by verified buyers (docs/decisions/0008): their average (one
 * decimal), how many they are, and how many gave each star value, 5 down to 1; and how many reviews
 * there are in all (every review is listed, verified or not).
 */
export const ratingSummarySchema = z
  .object({
    average: z.number(),
    count: z.number().int(),
    stars: z.array(z.object({ stars: z.number().int().min(1).max(5), count: z.number().int() })),
    reviews: z.number().int(),
  })
  .meta({ id: 'RatingSummary' });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewsQuerySchema = pageQuerySchema;

/**
 * A page of a book's reviews, newest first, with the rating summary and, for a signed-in caller,
 * their own review (`mine`, also present in whichever page it falls on).
 */
export const reviewsPageSchema = z
  .object({
    data: z.array(reviewSchema),
    meta: pageMetaSchema,
    summary: ratingSummarySchema,
    mine: reviewSchema.nullable(),
  })
  .meta({ id: 'ReviewsPage' });
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

/** Reporting a review (a shopper) and the staff's queue of reported reviews. */
export const REPORT_REASON_MAX = 300;
export const reviewReportMessages = {
  thanks: 'Thank you. Our staff will look at this review.',
  own: 'You cannot report your own review.',
  reasonLong: `Keep the reason under ${REPORT_REASON_MAX} characters`,
  kept: 'Review kept: its reports are cleared',
} as const;

export const reviewReportRequestSchema = z
  .object({ reason: z.string().trim().max(REPORT_REASON_MAX, reviewReportMessages.reasonLong).optional().default('') })
  .meta({ id: 'ReviewReportRequest' });
export type ReviewReportRequest = z.input<typeof reviewReportRequestSchema>;

export const reviewReportedSchema = z.object({ reported: z.literal(true), message: z.string() });

/** A reported review as staff see it in their queue, most recently reported first. */
export const reportedReviewSchema = reviewSchema
  .extend({
    book_id: z.number().int(),
    book_title: z.string(),
    reports: z.number().int(),
    /** The reasons given, newest first (empty ones left out). */
    reasons: z.array(z.string()),
    last_reported_at: z.string(),
  })
  .meta({ id: 'ReportedReview' });
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
export const reportedReviewsPageSchema = pagedSchema(reportedReviewSchema);
