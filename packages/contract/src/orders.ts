import { z } from 'zod';
import { addressFieldsSchema, shippingAddressSchema } from './addresses.js';
import { bodyIdSchema, errorSchema, moneyInputSchema, moneySchema, pageMetaSchema, wholeNumber } from './common.js';
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

/**
 * Where the parcel is (docs/decisions/0018-after-the-sale.md): 'unfulfilled' until staff ship it,
 * then 'shipped', 'delivered'; or 'cancelled' (by the shopper, staff, or a hold that ran out), or
 * 'returned' (staff took the copies back). eBook-only orders stay 'unfulfilled' (nothing to send).
 */
export const FULFILMENT_STATUSES = ['unfulfilled', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** Who made a change of an order: its customer, staff, the payment provider, or the shop itself (a hold that ran out). */
export const ORDER_ACTORS = ['customer', 'staff', 'provider', 'shop'] as const;

/**
 * The kinds of an order's history: placed, paid, expired (hold ran out), shipped, delivered,
 * cancelled, returned, refunded (a refund asked of the provider), refund_failed (the provider refused
 * it; staff are told).
 */
export const ORDER_EVENT_TYPES = [
  'placed',
  'paid',
  'expired',
  'shipped',
  'delivered',
  'cancelled',
  'returned',
  'refunded',
  'refund_failed',
] as const;

const quantitySchema = z
  .number({ error: 'quantity must be a whole number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(MAX_ORDER_QUANTITY, `quantity must be at most ${MAX_ORDER_QUANTITY}`);

export const orderRequestItemSchema = z.object({
  book: bodyIdSchema('book must be a book id'),
  /** The edition of the book (its `editions`); left out: the title's default edition (older clients). */
  edition_id: bodyIdSchema('edition_id must be an edition of the book').optional(),
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
    /**
     * Where to send a paper order: the id of one of the caller's addresses, or a full address.
     * Ignored for an order of eBooks only.
     */
    shipping_address: z
      .union([bodyIdSchema('shipping_address must be one of your addresses or a full address'), addressFieldsSchema], {
        error: 'shipping_address must be one of your addresses or a full address',
      })
      .optional(),
    /**
     * The delivery method's code (GET /api/shipping-methods/). Left out (older clients): Standard
     * Delivery, and then no address is asked for (docs/decisions/0018-after-the-sale.md). Sent: a paper
     * order needs `shipping_address` too.
     */
    shipping_method: z
      .string({ error: 'shipping_method must be a delivery method code' })
      .trim()
      .min(1, 'Choose a delivery method')
      .max(40, 'Choose a delivery method from the list')
      .optional(),
  })
  .superRefine((order, ctx) => {
    const seen = new Set<string>();
    order.items.forEach((item, index) => {
      const key = `${item.book}:${item.edition_id ?? ''}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'book'],
          message: `Book ${item.book} appears more than once; put all its copies on one line`,
        });
      }
      seen.add(key);
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
    /** The edition bought (null once it is deleted), and its format and condition as bought (null: not known). */
    edition_id: z.number().int().nullable(),
    format: z.string().nullable(),
    condition: z.string().nullable(),
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
    /** The edition's ISBN as bought ('' when it had none; null: not known for orders placed before lines kept it). */
    isbn: z.string().nullable(),
    /** Copies given back by refunds of this line. */
    refunded_quantity: z.number().int(),
    /** Money given back on this line ('0.00' when none); never more than was paid for it. */
    refunded_amount: moneySchema,
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItemSchema>;

/** One entry of an order's history (order_events), oldest first. */
export const orderEventSchema = z
  .object({
    /** One of ORDER_EVENT_TYPES. */
    type: z.string(),
    at: z.string(),
    /** Who: one of ORDER_ACTORS. */
    by: z.string(),
    /** The amount of a refund (a 'refunded' or 'refund_failed' entry), else null. */
    amount: moneySchema.nullable(),
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * Where an order's refunds stand: 'none' given back, 'partial' (some), or 'full' (all that was paid). The
 * spec's `payment_status` keeps its values beside it.
 */
export const REFUND_STATES = ['none', 'partial', 'full'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** One line of an order's summary: what was bought and what it came to, as every document shows it. */
export const orderSummaryLineSchema = z
  .object({
    /** The line's id (`items[].id`). */
    item: z.number().int(),
    title: z.string(),
    /** The edition as bought: format, condition and ISBN (null: not known). */
    format: z.string().nullable(),
    condition: z.string().nullable(),
    isbn: z.string().nullable(),
    /** An eBook: a licence, nothing to post. */
    digital: z.boolean(),
    quantity: z.number().int(),
    unit_price: moneySchema,
    /** The protection plan's price per copy ('0.00' without it). */
    protection_price: moneySchema,
    /** quantity x unit price. */
    books: moneySchema,
    /** quantity x protection price. */
    protection: moneySchema,
    /** The line's share of the promo code. */
    discount: moneySchema,
    /** What was paid for the line: books + protection - discount. */
    amount: moneySchema,
    refunded_quantity: z.number().int(),
    refunded_amount: moneySchema,
    /** Copies that go in the parcel: none for an eBook, else those not refunded. */
    to_ship: z.number().int(),
  })
  .meta({ id: 'OrderSummaryLine' });
export type OrderSummaryLine = z.infer<typeof orderSummaryLineSchema>;

/**
 * An order's lines and money, computed by one function on the server (modules/orders/summary.ts) and
 * shown as it is by every page, e-mail, packing slip and CSV: total = subtotal + protection + shipping -
 * discount, and refunded = the lines' refunds + delivery's.
 */
export const orderSummarySchema = z
  .object({
    lines: z.array(orderSummaryLineSchema),
    /** The books, at the prices bought. */
    subtotal: moneySchema,
    /** Every protection plan. */
    protection: moneySchema,
    /** The promo code's discount in all (lines and delivery); '0.00' without one. */
    discount: moneySchema,
    /** Delivery's price as chosen (a free-delivery code is in `discount`). */
    shipping: moneySchema,
    /** Whether the order has anything to post (else no delivery line is shown). */
    delivery: z.boolean(),
    /** What the shopper was charged. */
    total: moneySchema,
    /** Given back so far. */
    refunded: moneySchema,
    /** Of that, delivery's part. */
    shipping_refunded: moneySchema,
    /** What the shop keeps: total - refunded. */
    net: moneySchema,
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** The delivery method of an order, as chosen (its price is `shipping_price`). */
export const orderShippingMethodSchema = z
  .object({ code: z.string(), name: z.string(), days: z.string() })
  .meta({ id: 'OrderShippingMethod' });

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
    /** One of FULFILMENT_STATUSES. */
    fulfilment_status: z.enum(FULFILMENT_STATUSES),
    /** Where it goes, as it was at checkout; null for eBooks only (and orders placed before addresses). */
    shipping_address: shippingAddressSchema.nullable(),
    shipping_method: orderShippingMethodSchema.nullable(),
    /** What delivery cost, included in total_price ('0.00' when free or nothing to send). */
    shipping_price: moneySchema,
    carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    /** Where to follow the parcel: for carriers with a known pattern (CARRIERS), else null. */
    tracking_url: z.string().nullable(),
    /** Given back so far (refunds asked of the provider, pending or done); '0.00' when none. */
    refunded_amount: moneySchema,
    /** One of REFUND_STATES. */
    refund_status: z.enum(REFUND_STATES),
    /**
     * When its hold ran out unpaid and its copies went back on sale (`payment_status` stays 'pending' for
     * old clients); null otherwise, and again null once a late payment completed it.
     */
    expired_at: z.string().nullable(),
    /** The order's lines and money as every document shows them. */
    summary: orderSummarySchema,
    /** The order's history, oldest first. */
    events: z.array(orderEventSchema),
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

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * One refund of an order: asked of the provider after it is recorded; 'pending' until the provider
 * confirms ('succeeded'), or 'failed' when it refused (the amount is then not counted as refunded).
 */
export const refundSchema = z
  .object({
    id: z.number().int(),
    /** The refund's own key (sent to the provider so a retry never refunds twice). */
    reference: z.string(),
    /** The payment it gives money back from. */
    payment_reference: z.string(),
    amount: moneySchema,
    currency: z.string(),
    /** One of REFUND_STATUSES. */
    status: z.string(),
    reason: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof refundSchema>;

/** One order as staff see it: the order, who placed it, every payment attempt and every refund, oldest first. */
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
    refunds: z.array(refundSchema),
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

/**
 * Payment states staff can filter by: the spec's three, plus 'refunded' (paid, all of it given back)
 * and 'partially_refunded' (paid, some given back).
 */
export const STAFF_PAYMENT_FILTERS = [...PAYMENT_STATUSES, 'refunded', 'partially_refunded'] as const;

/** GET /api/admin/orders/ (and export.csv): the staff's work queue, newest first. */
export const adminOrderListQuerySchema = z.object({
  fulfilment_status: z
    .enum(FULFILMENT_STATUSES, { error: `fulfilment_status must be one of: ${FULFILMENT_STATUSES.join(', ')}` })
    .optional(),
  payment_status: z
    .enum(STAFF_PAYMENT_FILTERS, { error: `payment_status must be one of: ${STAFF_PAYMENT_FILTERS.join(', ')}` })
    .optional(),
  /** An order number (with or without '#'), or part of the customer's e-mail or name. */
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  page: wholeNumber('page', 1, 1_000_000).optional().default(1),
  page_size: wholeNumber('page_size', 1, 100).optional().default(20),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

/** POST /api/orders/{id}/cancel/ (owner or staff). */
export const cancelOrderRequestSchema = z
  .object({ reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional() })
  .meta({ id: 'CancelOrderRequest' });

/** POST /api/admin/orders/{id}/ship/. */
export const shipOrderRequestSchema = z
  .object({
    carrier: z
      .string({ error: 'Enter the carrier' })
      .trim()
      .min(1, 'Enter the carrier')
      .max(60, 'The carrier must be at most 60 characters'),
    tracking_number: z
      .string({ error: 'Enter the tracking number' })
      .trim()
      .min(1, 'Enter the tracking number')
      .max(60, 'The tracking number must be at most 60 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'The tracking number may hold letters, digits, spaces and dashes'),
  })
  .meta({ id: 'ShipOrderRequest' });
export type ShipOrderRequest = z.infer<typeof shipOrderRequestSchema>;

/**
 * POST /api/admin/orders/{id}/refund/: `amount` left out gives back all that is left; or `items`, some
 * copies of some lines, each worth its price and protection as bought less its share of the code's
 * discount (the server works the amount out).
 */
export const refundOrderRequestSchema = z
  .object({
    amount: moneyInputSchema.optional(),
    items: z
      .array(
        z.object({
          item: z.number({ error: 'item must be a line id of the order' }).int().positive(),
          quantity: z.number({ error: 'quantity must be a whole number' }).int().positive().max(1000),
        }),
      )
      .min(1, 'Choose at least one line to refund')
      .max(100)
      .optional(),
    reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional(),
    /** With `items`: put the refunded copies back on sale (they came back, or never left). */
    restock: z.boolean({ error: 'restock must be true or false' }).optional(),
  })
  .refine((body) => body.amount === undefined || body.items === undefined, {
    message: 'Give an amount or the lines to refund, not both',
    path: ['items'],
  })
  .refine((body) => !body.restock || body.items !== undefined, {
    message: 'Choose the lines whose copies go back on sale',
    path: ['restock'],
  })
  .meta({ id: 'RefundOrderRequest' });
export type RefundOrderRequestInput = z.input<typeof refundOrderRequestSchema>;

/** POST /api/admin/orders/{id}/return/: the copies go back on sale; `refund` left out gives back all that is left, 0 nothing. */
export const returnOrderRequestSchema = z
  .object({
    refund: moneyInputSchema.optional(),
    reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional(),
    /** Whether the copies go back on sale (default true); false: they came back unsellable. */
    restock: z.boolean({ error: 'restock must be true or false' }).optional(),
  })
  .meta({ id: 'ReturnOrderRequest' });
export type ReturnOrderRequestInput = z.input<typeof returnOrderRequestSchema>;

/** 409 at checkout: the shop's current prices, so the cart can refresh. */
export const priceConflictSchema = errorSchema
  .extend({
    prices: z.array(z.object({ book: z.number().int(), edition_id: z.number().int().optional(), price: moneySchema })),
    total_price: moneySchema,
  })
  .meta({ id: 'PriceConflict' });
export type PriceConflict = z.infer<typeof priceConflictSchema>;

/** 422 at checkout when a book cannot be sold as asked (unknown, unavailable, not enough copies). */
export const stockProblemSchema = errorSchema
  .extend({
    book: z.number().int().optional(),
    edition_id: z.number().int().optional(),
    stock_amount: z.number().int().optional(),
  })
  .meta({ id: 'StockProblem' });
