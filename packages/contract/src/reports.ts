import { z } from 'zod';
import { moneySchema } from './common.js';

/**
 * The staff's reports: orders, units, sales, refunds and net for a range of days (UTC), by day, week
 * (weeks start on Monday) or month, with breakdowns by category, author, format and promo code. Every
 * figure comes from the orders' summaries, the one account of an order's money.
 */
export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** The longest range a report covers. */
export const REPORT_MAX_DAYS = 731;

export const reportMessages = {
  date: (name: string) => `${name} must be a date such as 2026-11-28`,
  order: 'The start date must be on or before the end date',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days`,
  by: `by must be one of: ${REPORT_PERIODS.join(', ')}`,
} as const;

const day = (name: string) =>
  z
    .string({ error: reportMessages.date(name) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: reportMessages.date(name), abort: true })
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      reportMessages.date(name),
    );

const DAY_MS = 24 * 60 * 60 * 1000;

export const reportQuerySchema = z
  .object({
    from: day('from'),
    to: day('to'),
    by: z.enum(REPORT_PERIODS, { error: reportMessages.by }).optional().default('day'),
  })
  .superRefine((query, ctx) => {
    const from = Date.parse(`${query.from}T00:00:00Z`);
    const to = Date.parse(`${query.to}T00:00:00Z`);
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.order });
    else if ((to - from) / DAY_MS + 1 > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: reportMessages.tooLong });
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

const figures = {
  /** Orders paid. */
  orders: z.number().int(),
  /** Copies sold (eBooks included). */
  units: z.number().int(),
  /** What was paid. */
  sales: moneySchema,
  /** What has been given back of it. */
  refunds: moneySchema,
  /** sales - refunds. */
  net: moneySchema,
};

export const reportRowSchema = z.object({ key: z.string(), label: z.string(), ...figures });
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    by: z.enum(REPORT_PERIODS),
    currency: z.string(),
    /** More orders than a report reads were paid in the range: narrow it. */
    truncated: z.boolean(),
    totals: z.object(figures),
    /** One row per period of the range, empty ones included; `key` is the period's first day. */
    series: z.array(reportRowSchema),
    /**
     * Lines' figures by category, author and format (delivery is no line's: these add up to the totals
     * less delivery), and whole orders by promo code (`key` '' for orders without one).
     */
    breakdowns: z.object({
      category: z.array(reportRowSchema),
      author: z.array(reportRowSchema),
      format: z.array(reportRowSchema),
      promo_code: z.array(reportRowSchema),
    }),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;
