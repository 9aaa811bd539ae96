import { z } from 'zod';
import { BOOK_CONDITIONS, BOOK_TYPES, bookSchema } from './catalogue.js';
import { pageMetaSchema, pageQuerySchema } from './common.js';
import { centsToMoney, moneyToCents } from './money.js';
import { isPlainLine, isPlainMultiline, plainTextMessage } from './text.js';

/**
 * Writing books (docs/product.md, "Data", "Rules", "API"): one set of rules for the Add New Book form,
 * the dashboard's edit dialog and the server. Multipart sends every field as text, so each rule
 * accepts text (and the numbers or booleans a JSON client or the form may send) and yields the
 * stored shape: money in cents, ids as numbers, tags as a list.
 */

export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Widths of the resized cover variants the server keeps for `srcset`. */
export const COVER_WIDTHS = [240, 480, 960] as const;
/** The default of the shop's low-stock threshold (a setting, GET /api/admin/settings/): books with at most this many copies are low on stock. */
export const LOW_STOCK_THRESHOLD = 3;
export const TITLE_MAX = 300;
/** The dearest price a book may have: far below what the database's 32-bit cents can hold. */
export const PRICE_MAX_CENTS = 99_999_999;

export const bookMessages = {
  coverRequired: 'Cover image is required',
  coverWrongType: 'Please upload a valid image file (JPEG, PNG, GIF or WebP)',
  coverTooLarge: 'Image size should be less than 5MB',
  titleTaken: 'A book with this title already exists',
  unknownAuthor: 'Choose an author from the list',
  unknownCategory: 'Choose a category from the list',
  deleted: 'Book deleted successfully',
  created: 'Book added successfully',
  updated: 'Book updated successfully',
  notFound: 'Book not found',
  profileIncomplete: 'Complete your profile first',
  loginFirst: 'Please login first',
  titleLookAlike:
    'This title looks the same as the title of a book already in the shop. Please choose a different title.',
  waitsForReview:
    'Books added by readers are checked by our staff before they appear in the shop. We will show yours as soon as it is approved.',
  submitted: 'Thanks! Your book was sent to our staff for review.',
  notWaiting: 'This book is not waiting for review',
  approved: 'Book approved: it is in the shop now',
  rejected: 'Book rejected',
} as const;

/** Where a book stands: 'approved' books are in the shop; a reader's book is 'pending' until staff decide. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const required = (label: string) => `${label} is required`;

/** A required line of text, trimmed, that renders as typed (`text.ts`); `multiline` keeps line breaks. */
const text = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, { error: required(label), abort: true })
    .max(max, `${label} must be at most ${max} characters`)
    .refine(options.multiline ? isPlainMultiline : isPlainLine, plainTextMessage(label));

/** Digits and an optional final X, hyphens and spaces allowed between; the check digit must add up. */
export function isValidIsbn(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(compact)) {
    let sum = 0;
    for (let i = 0; i < 10; i += 1) sum += (compact[i] === 'X' ? 10 : Number(compact[i])) * (10 - i);
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(compact)) {
    let sum = 0;
    for (let i = 0; i < 13; i += 1) sum += Number(compact[i]) * (i % 2 === 0 ? 1 : 3);
    return sum % 10 === 0;
  }
  return false;
}

const isbnSchema = text('ISBN', 20).refine(
  isValidIsbn,
  'Enter a valid ISBN-10 or ISBN-13 (the check digit does not match)',
);

/** An id from a select: a whole number; 0 means none (authors only). */
const idSchema = (label: string, min: number, message: string) =>
  z.union([z.number(), z.string()], { error: required(label) }).transform((value, ctx) => {
    const raw = typeof value === 'number' ? String(value) : value.trim();
    if (raw === '') {
      ctx.addIssue({ code: 'custom', message: required(label) });
      return z.NEVER;
    }
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(raw);
  });

const moneyField = (label: string, min: 'positive' | 'zero') =>
  z.union([z.number(), z.string()], { error: required(label) }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required(label) });
      return z.NEVER;
    }
    const cents = moneyToCents(value);
    if (cents === null) {
      const negative = Number(value) < 0;
      ctx.addIssue({
        code: 'custom',
        message: negative
          ? `${label} must be ${min === 'positive' ? 'more than 0' : '0 or more'}`
          : `${label} must be an amount such as 12.99`,
      });
      return z.NEVER;
    }
    if (min === 'positive' && cents <= 0) {
      ctx.addIssue({ code: 'custom', message: `${label} must be more than 0` });
      return z.NEVER;
    }
    if (cents > PRICE_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ${centsToMoney(PRICE_MAX_CENTS)}` });
      return z.NEVER;
    }
    return cents;
  });

const stockSchema = z.union([z.number(), z.string()], { error: required('Stock amount') }).transform((value, ctx) => {
  const raw = typeof value === 'number' ? String(value) : value.trim();
  if (raw === '') {
    ctx.addIssue({ code: 'custom', message: required('Stock amount') });
    return z.NEVER;
  }
  if (!/^\d{1,7}$/.test(raw)) {
    ctx.addIssue({ code: 'custom', message: 'Stock amount must be a whole number, 0 or more' });
    return z.NEVER;
  }
  return Number(raw);
});

const flagSchema = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0'])], {
    error: 'Choose yes or no',
  })
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/** "classic, romance, ,  england" -> ["classic", "romance", "england"]; a list is accepted too. */
export function splitTags(value: string | readonly string[]): string[] {
  const parts = (typeof value === 'string' ? [value] : value).flatMap((v) => v.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().slice(0, 50);
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags.slice(0, 30);
}

const tagsSchema = z
  .union([z.string().max(2000, 'Tags must be at most 2000 characters'), z.array(z.string())])
  .transform(splitTags)
  .refine((tags) => tags.every(isPlainLine), plainTextMessage('Tags'));

const dateSchema = z
  .string({ error: required('Published date') })
  .trim()
  .min(1, { error: required('Published date'), abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter a date such as 2024-05-01', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Enter a date such as 2024-05-01');

/** The rule of each field, without defaults (an update changes only what it sends). */
const bookFieldRules = {
  title: text('Title', TITLE_MAX),
  publisher: text('Publisher', 200),
  published_date: dateSchema,
  isbn: isbnSchema,
  genre: text('Genre', 100),
  author: idSchema('Author', 0, bookMessages.unknownAuthor),
  category: idSchema('Category', 1, bookMessages.unknownCategory),
  book_type: z.enum(BOOK_TYPES, { error: `Book type must be one of: ${BOOK_TYPES.join(', ')}` }),
  condition: z.enum(BOOK_CONDITIONS, { error: `Condition must be one of: ${BOOK_CONDITIONS.join(', ')}` }),
  original_price: moneyField('Original price', 'zero'),
  price: moneyField('Price', 'positive'),
  stock_amount: stockSchema,
  description: text('Description', 10_000, { multiline: true }),
  tags: tagsSchema,
  available: flagSchema,
  featured: flagSchema,
};

/** `POST /api/books/`: every field (the cover travels beside them as the file `image`). */
export const createBookSchema = z.object({
  ...bookFieldRules,
  tags: tagsSchema.optional().default([]),
  available: flagSchema.optional().default(true),
  featured: flagSchema.optional().default(false),
});
export type CreateBookInput = z.input<typeof createBookSchema>;
export type BookFields = z.output<typeof createBookSchema>;

/** The dashboard's edit dialog (docs/product.md, "API"): title, stock, category, description, price and the cover. */
export const editBookSchema = z.object({
  title: bookFieldRules.title,
  count_in_stock: stockSchema,
  category: bookFieldRules.category,
  description: bookFieldRules.description,
  price: bookFieldRules.price,
});
export type EditBookInput = z.input<typeof editBookSchema>;

/**
 * `PUT /api/books/update/{id}/`: any subset. The dashboard's edit sends `count_in_stock` for the
 * stock, and `id` (ignored: the path names the book).
 */
export const updateBookSchema = z
  .object({ ...bookFieldRules, count_in_stock: stockSchema })
  .partial()
  .transform(({ count_in_stock, ...rest }) => {
    const stock = rest.stock_amount ?? count_in_stock;
    return stock === undefined ? rest : { ...rest, stock_amount: stock };
  });
export type UpdateBookInput = z.input<typeof updateBookSchema>;
export type BookChanges = z.output<typeof updateBookSchema>;

export const editionMessages = {
  added: 'Edition added',
  updated: 'Edition updated',
  removed: 'Edition removed',
  keptForOrders: 'Edition removed from the shop (it stays on the orders that bought it)',
  lastOne: 'A book needs at least one edition. Add another one before removing this one.',
  notFound: 'Edition not found',
  stockRequired: 'Stock amount is required',
} as const;

/** How long staff's note on a used copy may be. */
export const CONDITION_NOTE_MAX = 300;

const editionFieldRules = {
  format: z.enum(BOOK_TYPES, { error: `Format must be one of: ${BOOK_TYPES.join(', ')}` }),
  condition: bookFieldRules.condition,
  condition_note: z
    .string({ error: 'Condition note must be text' })
    .trim()
    .max(CONDITION_NOTE_MAX, `Condition note must be at most ${CONDITION_NOTE_MAX} characters`)
    .refine(isPlainLine, plainTextMessage('Condition note')),
  isbn: isbnSchema,
  price: bookFieldRules.price,
  original_price: bookFieldRules.original_price,
  /** Copies on the shelf; an eBook has none (whatever is sent is ignored). */
  stock_amount: stockSchema,
};

/**
 * `POST /api/books/{id}/editions/` (staff): a new edition of a title (docs/decisions/0022-editions.md).
 * A printed edition needs its stock; an eBook has none.
 */
export const createEditionSchema = z
  .object({
    ...editionFieldRules,
    condition: editionFieldRules.condition.optional().default('New'),
    condition_note: editionFieldRules.condition_note.optional().default(''),
    original_price: editionFieldRules.original_price.optional().default(0),
    stock_amount: editionFieldRules.stock_amount.optional(),
  })
  .superRefine((edition, ctx) => {
    if (edition.format !== 'eBook' && edition.stock_amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stock_amount'], message: editionMessages.stockRequired });
    }
  });
export type CreateEditionInput = z.input<typeof createEditionSchema>;
export type EditionFields = z.output<typeof createEditionSchema>;

/** `PUT /api/books/{id}/editions/{edition}/` (staff): any subset of an edition's fields. */
export const updateEditionSchema = z.object(editionFieldRules).partial();
export type UpdateEditionInput = z.input<typeof updateEditionSchema>;
export type EditionChanges = z.output<typeof updateEditionSchema>;

/** Reply of `DELETE /api/books/{id}/editions/{edition}/`: `kept` when orders name it (taken out of the shop, not deleted). */
export const editionRemovedSchema = z
  .object({ ok: z.literal(true), kept: z.boolean(), message: z.string() })
  .meta({ id: 'EditionRemoved' });
export type EditionRemoved = z.infer<typeof editionRemovedSchema>;

/** Reply of `DELETE /api/books/{id}/`. */
export const bookDeletedSchema = z.object({ ok: z.literal(true), message: z.string() }).meta({ id: 'BookDeleted' });
export type BookDeleted = z.infer<typeof bookDeletedSchema>;

/**
 * A book with where it stands, as its contributor sees it (`GET /api/books/mine/`, and the answer of
 * `POST /api/books/`) and as staff review it (`GET /api/admin/books/pending/`, with who sent it).
 */
export const submittedBookSchema = bookSchema
  .extend({
    review_status: z.enum(REVIEW_STATUSES),
    /** When staff approved or rejected it; null while it waits. */
    reviewed_at: z.string().nullable(),
    /** Who added it (staff's queue only). */
    contributor: z.object({ id: z.number().int(), username: z.string(), email: z.string() }).nullable().optional(),
  })
  .meta({ id: 'SubmittedBook' });
export type SubmittedBook = z.infer<typeof submittedBookSchema>;

export const submittedBooksPageSchema = z
  .object({ data: z.array(submittedBookSchema), meta: pageMetaSchema })
  .meta({ id: 'SubmittedBooksPage' });
export type SubmittedBooksPage = z.infer<typeof submittedBooksPageSchema>;

/** `GET /api/admin/books/pending/`: paged, searched by title, author, or who sent it (username or email). */
export const reviewQueueQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
