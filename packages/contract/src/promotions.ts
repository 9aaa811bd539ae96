import { z } from 'zod';
import { bodyIdSchema, MAX_ID, moneyInputSchema, moneySchema } from './common.js';

/**
 * Sales scheduled by staff and promo codes (docs/product.md, "Sales and promo codes";
 * docs/decisions/0019-sales-and-price-history.md).
 */

export const SALE_TARGETS = ['all', 'books', 'categories', 'authors', 'bestsellers'] as const;
export type SaleTarget = (typeof SALE_TARGETS)[number];
export const SALE_STATUSES = ['scheduled', 'running', 'ended'] as const;
export const MAX_SALE_PERCENT = 90;
export const MAX_BESTSELLERS = 100;

export const saleMessages = {
  oneOff: 'Give either a percentage or an amount off',
  percent: `The percentage off must be a whole number from 1 to ${MAX_SALE_PERCENT}`,
  amount: 'The amount off must be more than 0',
  dates: 'The sale must end after it starts',
  endInPast: 'The sale must end in the future',
  targets: 'Choose at least one',
  bestsellers: `How many bestsellers: a whole number from 1 to ${MAX_BESTSELLERS}`,
  notFound: 'Sale not found',
  alreadyEnded: 'This sale has already ended',
  started:
    'This sale has started, so its start and the books it reaches cannot change. End it and schedule a new one instead.',
  ended: 'This sale has ended and cannot be changed. Schedule a new one instead.',
  inUse:
    'This sale has already changed prices, so it stays in the price history and cannot be deleted. End it instead.',
  nothing: 'Change at least one thing',
  saved: 'Sale saved',
  paused: 'Sale paused: its books are back at their regular prices',
  resumed: 'Sale resumed',
  endedNow: 'Sale ended',
  deleted: 'Sale deleted',
} as const;

const idList = z.array(bodyIdSchema('Each choice must be an id'), { error: 'Must be a list of ids' }).max(1000);
const instant = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be a date and time` });

const saleNameSchema = z.string().trim().min(1, 'Give the sale a name').max(80, 'At most 80 characters');
const salePercentSchema = z
  .number()
  .int(saleMessages.percent)
  .min(1, saleMessages.percent)
  .max(MAX_SALE_PERCENT, saleMessages.percent)
  .optional();
const saleTargetSchema = z.enum(SALE_TARGETS, { error: `target must be one of: ${SALE_TARGETS.join(', ')}` });
const bestsellersSchema = z
  .number()
  .int(saleMessages.bestsellers)
  .min(1, saleMessages.bestsellers)
  .max(MAX_BESTSELLERS, saleMessages.bestsellers);

/** A sale as staff create it: percent or amount off, what it applies to, when. */
export const saleRequestSchema = z
  .object({
    name: saleNameSchema,
    percent_off: salePercentSchema,
    amount_off: moneyInputSchema.optional(),
    target: saleTargetSchema,
    /** The chosen books, categories or authors (target books, categories, authors). */
    target_ids: idList.optional().default([]),
    /** Target bestsellers: the N books with the most copies sold in the last 30 days when it starts. */
    bestsellers: bestsellersSchema.optional(),
    /** The home page's hero shows the running headline sale. */
    headline: z.boolean().optional().default(false),
    starts_at: instant('starts_at'),
    ends_at: instant('ends_at'),
  })
  .superRefine((sale, ctx) => {
    if ((sale.percent_off === undefined) === (sale.amount_off === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: saleMessages.oneOff });
    }
    if (sale.amount_off !== undefined && sale.amount_off <= 0) {
      ctx.addIssue({ code: 'custom', path: ['amount_off'], message: saleMessages.amount });
    }
    if (Date.parse(sale.ends_at) <= Date.parse(sale.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: saleMessages.dates });
    }
    if (['books', 'categories', 'authors'].includes(sale.target) && sale.target_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['target_ids'], message: saleMessages.targets });
    }
    if (sale.target === 'bestsellers' && sale.bestsellers === undefined) {
      ctx.addIssue({ code: 'custom', path: ['bestsellers'], message: saleMessages.bestsellers });
    }
  })
  .meta({ id: 'SaleRequest' });
export type SaleRequestInput = z.input<typeof saleRequestSchema>;
export type SaleRequest = z.output<typeof saleRequestSchema>;

export const saleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    percent_off: z.number().int().nullable(),
    amount_off: moneySchema.nullable(),
    target: z.enum(SALE_TARGETS),
    target_ids: z.array(z.number().int()),
    bestsellers: z.number().int().nullable(),
    headline: z.boolean(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z.enum(SALE_STATUSES),
    /** False while staff pause it: a paused running sale reduces nothing until it is resumed. */
    active: z.boolean(),
    /** The books it reduces while it runs (chosen when it started, for bestsellers). */
    book_ids: z.array(z.number().int()),
  })
  .meta({ id: 'Sale' });
export type Sale = z.infer<typeof saleSchema>;

/**
 * What every change of a code or a sale must be, whatever it changes: an amount off above 0, an end
 * after the start when both are sent, and something sent at all.
 */
function checkChange(
  change: { amount_off?: number; starts_at?: string | null; ends_at?: string | null },
  ctx: z.RefinementCtx,
  messages: { amount: string; dates: string; nothing: string },
) {
  if (change.amount_off !== undefined && !(change.amount_off > 0)) {
    ctx.addIssue({ code: 'custom', path: ['amount_off'], message: messages.amount });
  }
  if (change.starts_at && change.ends_at && Date.parse(change.ends_at) <= Date.parse(change.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: messages.dates });
  }
  if (Object.values(change).every((value) => value === undefined)) {
    ctx.addIssue({ code: 'custom', path: [], message: messages.nothing });
  }
}

/**
 * PATCH /api/admin/sales/{id}/: what staff may change. Name, headline, the amount off, the end and
 * `active` (pause, resume) at any time before it ends; the start and what it reaches only before it
 * starts. A change to a running sale reprices its books at once.
 */
export const saleUpdateSchema = z
  .object({
    name: saleNameSchema.optional(),
    percent_off: salePercentSchema,
    amount_off: moneyInputSchema.optional(),
    target: saleTargetSchema.optional(),
    target_ids: idList.optional(),
    bestsellers: bestsellersSchema.optional(),
    headline: z.boolean().optional(),
    active: z.boolean().optional(),
    starts_at: instant('starts_at').optional(),
    ends_at: instant('ends_at').optional(),
  })
  .superRefine((sale, ctx) => {
    if (sale.percent_off !== undefined && sale.amount_off !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: saleMessages.oneOff });
    }
    checkChange(sale, ctx, saleMessages);
  })
  .meta({ id: 'SaleUpdate' });
export type SaleUpdateInput = z.input<typeof saleUpdateSchema>;
export type SaleUpdate = z.output<typeof saleUpdateSchema>;

export const salesListSchema = z.object({ data: z.array(saleSchema) }).meta({ id: 'Sales' });

/** What a sale would do if it ran now: each book it reaches, its regular price and its price under the sale. */
export const salePreviewSchema = z
  .object({
    count: z.number().int(),
    /** The first 50, by title. */
    books: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        regular_price: moneySchema,
        price_now: moneySchema,
        sale_price: moneySchema,
      }),
    ),
  })
  .meta({ id: 'SalePreview' });
export type SalePreview = z.infer<typeof salePreviewSchema>;

/** The running sale the shop marks as headline, for the home page's hero; null when none runs. */
export const headlineSaleSchema = z
  .object({
    sale: z
      .object({
        name: z.string(),
        percent_off: z.number().int().nullable(),
        amount_off: moneySchema.nullable(),
        target: z.enum(SALE_TARGETS),
        ends_at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'HeadlineSale' });
export type HeadlineSale = z.infer<typeof headlineSaleSchema>;

/* ------------------------------------------------------------------ promo codes */

export const PROMO_KINDS = ['percent', 'amount', 'free_delivery'] as const;
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9-]{3,30}$/;

/** What a shopper is told when a code does not apply (docs/product.md, "Sales and promo codes"). */
export const promoMessages = {
  unknown: 'This code does not exist. Check the spelling and try again.',
  expired: 'This code has expired.',
  notYet: 'This code is not valid yet.',
  minimum: (amount: string) => `This code needs an order of at least $${amount} before delivery.`,
  usedUp: 'This code has already been used as many times as it can be.',
  alreadyUsed: 'You have already used this code.',
  unpaidUse:
    'You already have an unpaid order with this code. Please pay for it or cancel it before using the code again.',
  notForTheseBooks: 'This code is not valid for the books in your cart.',
  signIn: 'Please sign in to use a promo code.',
  taken: 'There is already a code with this name',
  notFound: 'Promo code not found',
  percent: 'The percentage off must be a whole number from 1 to 100',
  amount: 'The amount off must be more than 0',
  dates: 'The end must come after the start',
  paused: 'This code is paused.',
  usedText: 'This code has been used, so its text cannot change: orders keep it. End it and create a new code instead.',
  usedDiscount:
    'This code has been used, so what it gives cannot change: orders keep what it gave. End it and create a new code instead.',
  usedDelete:
    'This code has been used, so it stays with the orders that used it and cannot be deleted. End it instead.',
  alreadyEnded: 'This code has already ended',
  nothing: 'Change at least one thing',
  saved: 'Code saved',
  pausedNow: 'Code paused: the cart refuses it until you resume it',
  resumed: 'Code resumed',
  endedNow: 'Code ended',
  deleted: 'Code deleted',
} as const;

const codeSchema = z
  .string({ error: 'Enter a code' })
  .trim()
  .regex(PROMO_CODE_PATTERN, 'A code is 3 to 30 letters, digits or dashes')
  .transform((code) => code.toUpperCase());

const optionalCount = z
  .number()
  .int('Must be a whole number')
  .min(1, 'Must be at least 1')
  .max(MAX_ID)
  .nullable()
  .optional();

const kindSchema = z.enum(PROMO_KINDS, { error: `kind must be one of: ${PROMO_KINDS.join(', ')}` });
const percentOffSchema = z
  .number()
  .int(promoMessages.percent)
  .min(1, promoMessages.percent)
  .max(100, promoMessages.percent)
  .optional();

export const promoCodeRequestSchema = z
  .object({
    code: codeSchema,
    kind: kindSchema,
    percent_off: percentOffSchema,
    amount_off: moneyInputSchema.optional(),
    min_subtotal: moneyInputSchema.optional(),
    starts_at: instant('starts_at').nullable().optional(),
    ends_at: instant('ends_at').nullable().optional(),
    book_ids: idList.optional().default([]),
    category_ids: idList.optional().default([]),
    max_uses: optionalCount,
    max_uses_per_customer: optionalCount,
  })
  .superRefine((code, ctx) => {
    if (code.kind === 'percent' && code.percent_off === undefined) {
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: promoMessages.percent });
    }
    if (code.kind === 'amount' && !(code.amount_off && code.amount_off > 0)) {
      ctx.addIssue({ code: 'custom', path: ['amount_off'], message: promoMessages.amount });
    }
    if (code.starts_at && code.ends_at && Date.parse(code.ends_at) <= Date.parse(code.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: promoMessages.dates });
    }
  })
  .meta({ id: 'PromoCodeRequest' });
export type PromoCodeRequestInput = z.input<typeof promoCodeRequestSchema>;
export type PromoCodeRequest = z.output<typeof promoCodeRequestSchema>;

/**
 * PATCH /api/admin/promo-codes/{id}/: what staff may change. `active` pauses (false) and resumes it;
 * the limits and dates change at any time; the code's text and what it gives only while no order has
 * used it (orders keep both).
 */
export const promoCodeUpdateSchema = z
  .object({
    code: codeSchema.optional(),
    kind: kindSchema.optional(),
    percent_off: percentOffSchema,
    amount_off: moneyInputSchema.optional(),
    min_subtotal: moneyInputSchema.optional(),
    starts_at: instant('starts_at').nullable().optional(),
    ends_at: instant('ends_at').nullable().optional(),
    book_ids: idList.optional(),
    category_ids: idList.optional(),
    max_uses: optionalCount,
    max_uses_per_customer: optionalCount,
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .superRefine((code, ctx) => checkChange(code, ctx, promoMessages))
  .meta({ id: 'PromoCodeUpdate' });
export type PromoCodeUpdateInput = z.input<typeof promoCodeUpdateSchema>;
export type PromoCodeUpdate = z.output<typeof promoCodeUpdateSchema>;

export const promoCodeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    percent_off: z.number().int().nullable(),
    amount_off: moneySchema.nullable(),
    min_subtotal: moneySchema,
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    book_ids: z.array(z.number().int()),
    category_ids: z.array(z.number().int()),
    max_uses: z.number().int().nullable(),
    max_uses_per_customer: z.number().int().nullable(),
    /** Used: paid orders that carry it. */
    uses: z.number().int(),
    /** Held: unpaid orders whose reservation has not ended, each holding a use until it is paid or ends. */
    held: z.number().int(),
    /** Uses a new order can still take now: max_uses less used and held (null: no limit in all). */
    left: z.number().int().nullable(),
    /** What the paid orders that used it brought in (their totals). */
    revenue: moneySchema,
    /** False while staff pause it: the cart and checkout refuse it; orders placed before keep it. */
    active: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'PromoCode' });
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodesListSchema = z.object({ data: z.array(promoCodeSchema) }).meta({ id: 'PromoCodes' });

/** `POST /api/cart/quote/`: the cart priced by the server, with a code and a delivery method, no order made. */
export const quoteRequestSchema = z
  .object({
    items: z
      .array(
        z.object({
          book: bodyIdSchema('book must be a book id'),
          /** The edition; left out: the title's default edition. */
          edition_id: bodyIdSchema('edition_id must be an edition of the book').optional(),
          quantity: z
            .number()
            .int('quantity must be a whole number')
            .min(1, 'quantity must be at least 1')
            .max(1000, 'quantity must be at most 1000'),
          protection: z.boolean().optional().default(false),
        }),
        { error: 'items must be a list of books' },
      )
      .min(1, 'Your cart is empty')
      .max(100, 'An order can hold at most 100 different books'),
    code: z.string().trim().max(30).optional(),
    shipping_method: z.string().max(40).optional(),
  })
  .meta({ id: 'QuoteRequest' });
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

export const quoteSchema = z
  .object({
    lines: z.array(
      z.object({
        book: z.number().int(),
        /** The edition priced, with its format and condition. */
        edition_id: z.number().int(),
        format: z.string(),
        condition: z.string(),
        title: z.string(),
        quantity: z.number().int(),
        /** Price now, per copy. */
        price: moneySchema,
        protection_price: moneySchema,
        /** This line's share of the code's discount. */
        discount: moneySchema,
        /** quantity × (price + protection) − discount. */
        total: moneySchema,
      }),
    ),
    subtotal: moneySchema,
    discount: moneySchema,
    shipping: moneySchema,
    total: moneySchema,
    /** The code applied (upper case), or null. */
    code: z.string().nullable(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;
