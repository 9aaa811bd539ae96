import { z } from 'zod';
import { moneySchema, pagedSchema, pageQuerySchema } from './common.js';

export const BOOK_TYPES = ['Paperback', 'Hardcover', 'Board Book', 'Spiral Bound', 'Large Print', 'eBook'] as const;
export const BOOK_CONDITIONS = ['New', 'Used', 'Fairly Used'] as const;

export const reviewSchema = z
  .object({
    id: z.number().int(),
    user: z.string(),
    user_avatar: z.string().nullable(),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** A book as lists show it. */
export const bookSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    /** `srcset` value with resized variants, when the cover has them (JPEG, or WebP for older covers). */
    image_srcset: z.string().nullable(),
    /** The same sizes in newer formats, best first, for `<picture>` sources; empty or absent when none. */
    image_sources: z.array(z.object({ type: z.string(), srcset: z.string() })).optional(),
    book_author: z.string(),
    author: z.number().int().nullable(),
    author_slug: z.string().nullable(),
    category: z.number().int().nullable(),
    category_name: z.string().nullable(),
    category_slug: z.string().nullable(),
    price: moneySchema,
    original_price: moneySchema,
    description: z.string(),
    publisher: z.string(),
    published_date: z.string().nullable(),
    isbn: z.string(),
    genre: z.string(),
    book_type: z.string(),
    condition: z.string(),
    available: z.boolean(),
    featured: z.boolean(),
    stock_amount: z.number().int(),
    count_in_stock: z.number().int(),
    tags: z.array(z.string()),
    /** Average review rating, one decimal; 0 when there are no reviews. */
    rating: z.number(),
    review_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'Book' });
export type Book = z.infer<typeof bookSchema>;

/** A book as its detail page shows it: with its reviews, newest first. */
export const bookDetailSchema = bookSchema.extend({ reviews: z.array(reviewSchema) }).meta({ id: 'BookDetail' });
export type BookDetail = z.infer<typeof bookDetailSchema>;

export const featuredBookSchema = bookSchema.meta({ id: 'FeaturedBook' });

export const authorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    brief: z.string(),
    number_of_books: z.number().int(),
    featured: z.boolean(),
  })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof authorSchema>;

export const categorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    description: z.string(),
    number_of_books: z.number().int(),
    featured: z.boolean(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const BOOK_ORDERINGS = ['-created_at', 'created_at'] as const;
export type BookOrdering = (typeof BOOK_ORDERINGS)[number];
export const KEYWORD_MAX_LENGTH = 200;

export const contactRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is too long'),
  email: z.string().trim().min(1, 'Email is required').max(254).pipe(z.email('Enter a valid email address')),
  subject: z.string().trim().min(1, 'Subject is required').max(300, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(10_000, 'Message is too long'),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const newsletterRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254).pipe(z.email('Enter a valid email address')),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

/** Query of `GET /api/books/`: paging, ordering, search and the optional filters. */
export const bookListQuerySchema = pageQuerySchema.extend({
  ordering: z
    .enum(BOOK_ORDERINGS, { error: `ordering must be one of: ${BOOK_ORDERINGS.join(', ')}` })
    .optional()
    .default('-created_at'),
  keyword: z.string().max(KEYWORD_MAX_LENGTH, `keyword must be at most ${KEYWORD_MAX_LENGTH} characters`).optional(),
  /** A category slug or id. */
  category: z.string().trim().min(1).max(200).optional(),
  /** An author slug or id. */
  author: z.string().trim().min(1).max(200).optional(),
});
export type BookListQuery = z.infer<typeof bookListQuerySchema>;

export const pagedBooksSchema = pagedSchema(bookSchema).meta({ id: 'PagedBooks' });
export type PagedBooks = z.infer<typeof pagedBooksSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export const newsletterReplySchema = z.object({ ok: z.literal(true), message: z.string() });
export type NewsletterReply = z.infer<typeof newsletterReplySchema>;
