import { z } from 'zod';
import { bodyIdSchema, errorSchema } from './common.js';

/** Payments of orders: one attempt per pop-up, the sandbox's test cards, and verification (docs/product.md, "Data", "Rules", "API"). */

export const PAYMENT_STATUSES = ['pending', 'success', 'failed'] as const;
export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const paymentInitRequestSchema = z.object({
  order_id: bodyIdSchema('order_id must be an order id'),
});

/** What the browser needs to open the payment pop-up for one attempt. */
export const paymentInitSchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    /** ORD-{orderId}-{timestamp} */
    reference: z.string(),
    /** Minor units (cents). */
    amount: z.number().int(),
    currency: z.string(),
    email: z.string(),
    public_key: z.string(),
    order_id: z.number().int(),
  })
  .meta({ id: 'PaymentInit' });
export type PaymentInit = z.infer<typeof paymentInitSchema>;

export const sandboxChargeRequestSchema = z.object({
  reference: z.string().min(1, 'reference is required').max(100),
  card_number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
  /** MM/YY */
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry date as MM/YY'),
  cvv: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
});
export type SandboxChargeRequest = z.input<typeof sandboxChargeRequestSchema>;

export const sandboxChargeSchema = z.object({
  status: z.literal('success'),
  reference: z.string(),
  message: z.string(),
});
export type SandboxCharge = z.infer<typeof sandboxChargeSchema>;

export const verifyPaymentRequestSchema = z
  .object({
    reference: z.string().min(1, 'reference is required').max(100, 'reference is too long'),
    order_id: z.union([
      bodyIdSchema('order_id must be an order id'),
      z
        .string()
        .regex(/^\d{1,10}$/, 'order_id must be an order id')
        .transform(Number)
        .pipe(bodyIdSchema('order_id must be an order id')),
    ]),
  })
  .meta({ id: 'VerifyPaymentRequest' });

/** 'success' means paid. Otherwise an error says why, with a status code that fits. */
export const verifyPaymentSchema = z
  .object({
    status: z.enum(['success', 'pending', 'failed']),
    error: z.string().optional(),
    /** The order's status after this call (e.g. 'completed', or 'backordered' if paid after the copies were gone). */
    order_status: z.string().optional(),
  })
  .meta({ id: 'VerifyPayment' });
export type VerifyPayment = z.infer<typeof verifyPaymentSchema>;
export const verifyPaymentErrorSchema = errorSchema.extend({
  status: z.enum(['pending', 'failed']).optional(),
});
