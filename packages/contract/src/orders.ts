import { z } from 'zod';
import { bodyIdSchema, errorSchema, moneyInputSchema, moneySchema, pageMetaSchema } from './common.js';
import { PAYMENT_STATUSES } from './payments.js';

/**
 * Orders (docs/product.md, "Data", "Behaviour", "API", "Where we depart from the original brief"); their payments are in payments.ts. The server
 * prices every line itself; the prices the client sends are only compared, so a stale cart gets a 409
 * with the current prices instead of a wrong charge.
 */

/** Most copies of one book in one order; more than that is a typo or an attack, not a shopper. */
export const MAX_ORDER_QUANTITY = 1000;
/** Most distinct books in one order. */
export const MAX_ORDER_LINES = 100;

export const ORDER_STATUSES = ['pending', 'completed', 'cancelled', 'backordered'] as const;

const quantitySchema = z
  .number({ error: 'quantity must be a whole number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(MAX_ORDER_QUANTITY, `quantity must be at most ${MAX_ORDER_QUANTITY}`);

export const orderRequestItemSchema = z.object({
  book: bodyIdSchema('book must be a book id'),
  quantity: quantitySchema,
  /** The unit price the shopper saw, e.g. 12.99 or "12.99". */
  price: moneyInputSchema,
  /** The protection plan on every copy of this line (PROTECTION_PLAN, priced by the server); none when left out. */
  protection: z.boolean({ error: 'protection must be true or false' }).optional().default(false),
});

export const orderRequestSchema = z
  .object({
    total_price: moneyInputSchema,
    status: z.literal('pending', { error: "A new order's status must be 'pending'" }).optional().default('pending'),
    items: z
      .array(orderRequestItemSchema, { error: 'items must be a list of books' })
      .min(1, 'Your order is empty')
      .max(MAX_ORDER_LINES, `An order can hold at most ${MAX_ORDER_LINES} different books`),
    /** A promo code typed in the cart; the server checks it and applies it (`total_price` includes it). */
    promo_code: z.string().trim().max(30).optional(),
  })
  .superRefine((order, ctx) => {
    const seen = new Set<number>();
    order.items.forEach((item, index) => {
      if (seen.has(item.book)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'book'],
          message: `Book ${item.book} appears more than once; put all its copies on one line`,
        });
      }
      seen.add(item.book);
    });
  })
  .meta({ id: 'OrderRequest' });
export type OrderRequestInput = z.input<typeof orderRequestSchema>;
export type OrderRequest = z.output<typeof orderRequestSchema>;

export const orderItemSchema = z
  .object({
    id: z.number().int(),
    /** The book's id, or null when the book has since been deleted. */
    book: z.number().int().nullable(),
    /** Title, image and unit price as bought. */
    title: z.string(),
    image: z.string().nullable(),
    quantity: z.number().int(),
    price: moneySchema,
    /** Whether the line carries the protection plan. */
    protection: z.boolean(),
    /** The protection plan's price per copy as bought ('0.00' without it); a refund of the line gives it back too. */
    protection_price: moneySchema,
    /** This line's share of the promo code's discount ('0.00' without one); a refund of the line keeps it back. */
    discount: moneySchema,
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z
  .object({
    id: z.number().int(),
    /** 'pending' | 'completed' | 'cancelled' (reservation ran out) | 'backordered' (paid after the copies were gone). */
    status: z.string(),
    /** 'pending' | 'success' | 'failed' */
    payment_status: z.string(),
    transaction_ref: z.string().nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    /**
     * When the hold ends: RESERVATION_MINUTES after the order was placed (paying never extends it). Until
     * then an unpaid order keeps its copies and can be paid; after it, the shopper checks out again.
     */
    reserved_until: z.string(),
    total_price: moneySchema,
    currency: z.string(),
    /** The promo code the order used, and what it took off in all ('0.00' without one). */
    promo_code: z.string().nullable(),
    discount: moneySchema,
    items: z.array(orderItemSchema),
    /** Who placed it: only in the staff listing. */
    customer: z.object({ id: z.number().int(), username: z.string(), email: z.string() }).optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/** A payment attempt of an order, as staff see it (one per pop-up opened). */
export const paymentAttemptSchema = z.object({
  reference: z.string(),
  provider: z.string(),
  /** 'pending' (open) | 'success' | 'failed' | 'abandoned' | 'refunding' | 'refunded' */
  status: z.string(),
  amount: moneySchema,
  currency: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

/** One order as staff see it: the order, who placed it, and every payment attempt, oldest first. */
export const staffOrderSchema = orderSchema
  .extend({
    customer: z.object({
      id: z.number().int(),
      username: z.string(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
    }),
    payments: z.array(paymentAttemptSchema),
  })
  .meta({ id: 'StaffOrder' });
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const orderListQuerySchema = z.object({
  /** Staff only: every customer's orders, paged. */
  all: z.enum(['1', 'true']).optional(),
  /** With `all`: only orders in this payment state. */
  payment_status: z
    .enum(PAYMENT_STATUSES, { error: `payment_status must be one of: ${PAYMENT_STATUSES.join(', ')}` })
    .optional(),
  /** With `all`: an order id, or part of the customer's email. */
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  page: z
    .string()
    .regex(/^\d{1,7}$/, 'page must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'page must be at least 1'))
    .optional(),
  page_size: z
    .string()
    .regex(/^\d{1,3}$/, 'page_size must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'page_size must be at least 1').max(100, 'page_size must be at most 100'))
    .optional(),
});

export const pagedOrdersSchema = z
  .object({ data: z.array(orderSchema), meta: pageMetaSchema })
  .meta({ id: 'PagedOrders' });

/** 409 at checkout: the shop's current prices, so the cart can refresh. */
export const priceConflictSchema = errorSchema
  .extend({
    prices: z.array(z.object({ book: z.number().int(), price: moneySchema })),
    total_price: moneySchema,
  })
  .meta({ id: 'PriceConflict' });
export type PriceConflict = z.infer<typeof priceConflictSchema>;

/** 422 at checkout when a book cannot be sold as asked (unknown, unavailable, not enough copies). */
export const stockProblemSchema = errorSchema
  .extend({ book: z.number().int().optional(), stock_amount: z.number().int().optional() })
  .meta({ id: 'StockProblem' });
