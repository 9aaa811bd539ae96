import { z } from 'zod';
import { moneyToCents } from './money.js';

/** Every error reply: a sentence for people, and per-field messages for validation failures. */
export const errorSchema = z
  .object({
    error: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/** An amount as the API writes it: a decimal string with two places. */
export const moneySchema = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ example: '12.99' });

/** The largest amount in cents the database keeps (a 32-bit integer). */
export const MAX_AMOUNT_CENTS = 2_147_483_647;

/** An amount as the API accepts it: a number or a decimal string; parsed to integer cents. */
export const moneyInputSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = moneyToCents(value);
  if (cents === null || cents > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 12.99' });
    return z.NEVER;
  }
  return cents;
});

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A query parameter that must be a whole number from `min` to `max`, with messages that name it. */
export const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

/** Query parameters of every paged list. `page` starts at 1. */
export const pageQuerySchema = z.object({
  page: wholeNumber('page', 1, 1_000_000).optional().default(1),
  page_size: wholeNumber('page_size', 1, MAX_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
});

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  count: z.number().int(),
  pages: z.number().int(),
  next: z.number().int().nullable(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}
export type Paged<T> = { data: T[]; meta: PageMeta };

export function pageMeta(page: number, pageSize: number, count: number): PageMeta {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return { page, pageSize, count, pages, next: page < pages ? page + 1 : null };
}

/** The largest id the database can hold (PostgreSQL `integer`); a larger one can name nothing. */
export const MAX_ID = 2_147_483_647;

/** An id sent in a JSON body: a whole number from 1 to MAX_ID, with one message for anything else. */
export const bodyIdSchema = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'id must be a whole number')
    .transform(Number),
});
export const slugParamSchema = z.object({
  slug: z.string().min(1).max(200),
});
