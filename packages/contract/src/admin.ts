import { z } from 'zod';
import { moneySchema, pageQuerySchema } from './common.js';

/** The staff dashboard: real figures, and the books table with its sorting and search. */

export const SALES_CHART_DAYS = 30;

export const salesDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  /** Paid sales that day. */
  total: moneySchema,
  orders: z.number().int(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

/** A book among the most sold (by copies) in paid orders of the chart's 30 days. */
export const bestsellerSchema = z.object({
  /** The book's id, or null when it has since been deleted. */
  book: z.number().int().nullable(),
  title: z.string(),
  copies: z.number().int(),
  total: moneySchema,
});
export type Bestseller = z.infer<typeof bestsellerSchema>;
export const BESTSELLERS_SHOWN = 5;

export const dashboardSummarySchema = z
  .object({
    books: z.number().int(),
    /** Sum of every paid order. */
    sales_total: moneySchema,
    orders: z.number().int(),
    paid_orders: z.number().int(),
    /** Average of every review, one decimal; 0 without reviews. */
    average_rating: z.number(),
    reviews: z.number().int(),
    /** Books with at most `low_stock_threshold` copies left. */
    low_stock: z.number().int(),
    low_stock_threshold: z.number().int(),
    currency: z.string(),
    /** The last 30 days, oldest first, days without sales included. */
    sales_by_day: z.array(salesDaySchema),
    /** The most sold books of those 30 days, most copies first. */
    bestsellers: z.array(bestsellerSchema),
    /** Contact messages not yet handled. */
    open_messages: z.number().int(),
    subscribers: z.number().int(),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const ADMIN_BOOK_SORTS = [
  '-created_at',
  'created_at',
  'title',
  '-title',
  'book_author',
  '-book_author',
  'price',
  '-price',
  'stock_amount',
  '-stock_amount',
] as const;
export type AdminBookSort = (typeof ADMIN_BOOK_SORTS)[number];

/** `GET /api/admin/books/`: paged, sortable by each column, searchable by title, author or ISBN. */
export const adminBooksQuerySchema = pageQuerySchema.extend({
  sort: z
    .enum(ADMIN_BOOK_SORTS, { error: `sort must be one of: ${ADMIN_BOOK_SORTS.join(', ')}` })
    .optional()
    .default('-created_at'),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type AdminBooksQuery = z.input<typeof adminBooksQuerySchema>;
