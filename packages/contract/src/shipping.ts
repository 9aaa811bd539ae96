import { z } from 'zod';
import { moneyInputSchema, moneySchema } from './common.js';

/**
 * Delivery methods and the shop's settings (docs/product.md, "Addresses and delivery";
 * docs/decisions/0018-after-the-sale.md). Staff edit them in the dashboard; the book page, the cart
 * and checkout read the same ones.
 */

/** GET /api/shipping-methods/: one active delivery method, cheapest first as staff ordered them. */
export const shippingMethodSchema = z
  .object({
    /** Its key, sent as `shipping_method` at checkout, e.g. 'standard'. */
    code: z.string(),
    name: z.string(),
    /** How long it takes, e.g. '3-5 business days'. */
    days: z.string(),
    price: moneySchema,
    /** From this order subtotal on, the method is free (Standard Delivery: the shop's threshold); null: never free. */
    free_from: moneySchema.nullable(),
  })
  .meta({ id: 'ShippingMethod' });
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
export const shippingMethodListSchema = z.array(shippingMethodSchema).meta({ id: 'ShippingMethodList' });

/** A method as staff see it: also inactive ones, and their place in the list. */
export const staffShippingMethodSchema = shippingMethodSchema
  .extend({ active: z.boolean(), position: z.number().int() })
  .meta({ id: 'StaffShippingMethod' });
export type StaffShippingMethod = z.infer<typeof staffShippingMethodSchema>;

const methodFields = {
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(80, 'The name must be at most 80 characters'),
  days: z
    .string({ error: 'Enter how long delivery takes' })
    .trim()
    .min(1, 'Enter how long delivery takes')
    .max(80, 'The delivery time must be at most 80 characters'),
  price: moneyInputSchema,
  active: z.boolean({ error: 'active must be true or false' }),
  position: z
    .number({ error: 'position must be a whole number' })
    .int('position must be a whole number')
    .min(0, 'position must be at least 0')
    .max(1000, 'position must be at most 1000'),
};

/** POST /api/admin/shipping-methods/: a new method. */
export const shippingMethodCreateSchema = z
  .object({
    code: z
      .string({ error: 'Enter a code' })
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'The code must be lowercase letters, digits and dashes (at most 40)'),
    ...methodFields,
    active: methodFields.active.optional().default(true),
    position: methodFields.position.optional().default(0),
  })
  .meta({ id: 'ShippingMethodCreate' });
export type ShippingMethodCreateInput = z.input<typeof shippingMethodCreateSchema>;

/** PUT /api/admin/shipping-methods/{code}/: any of its fields (the code stays). */
export const shippingMethodUpdateSchema = z
  .object({
    name: methodFields.name.optional(),
    days: methodFields.days.optional(),
    price: moneyInputSchema.optional(),
    active: methodFields.active.optional(),
    position: methodFields.position.optional(),
  })
  .meta({ id: 'ShippingMethodUpdate' });
export type ShippingMethodUpdateInput = z.input<typeof shippingMethodUpdateSchema>;

export const shippingCodeParamSchema = z.object({
  code: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'No such delivery method'),
});

/** GET /api/shop-settings/: what every shopper's screens need from the shop's settings. */
export const publicShopSettingsSchema = z
  .object({
    /** Standard Delivery is free from this order subtotal on ('0.00': always); null: never free. */
    free_standard_from: moneySchema.nullable(),
  })
  .meta({ id: 'PublicShopSettings' });
export type PublicShopSettings = z.infer<typeof publicShopSettingsSchema>;

/** GET/PUT /api/admin/settings/: the shop's settings, as staff see them. */
export const shopSettingsSchema = publicShopSettingsSchema
  .extend({
    /** Books with this many copies or fewer are "low stock" on the dashboard and in the staff's e-mail. */
    low_stock_threshold: z.number().int(),
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const shopSettingsUpdateSchema = z
  .object({
    free_standard_from: moneyInputSchema.nullable().optional(),
    low_stock_threshold: z
      .number({ error: 'low_stock_threshold must be a whole number' })
      .int('low_stock_threshold must be a whole number')
      .min(0, 'low_stock_threshold must be at least 0')
      .max(100_000, 'low_stock_threshold must be at most 100000')
      .optional(),
  })
  .meta({ id: 'ShopSettingsUpdate' });
export type ShopSettingsUpdateInput = z.input<typeof shopSettingsUpdateSchema>;

/** GET /api/admin/low-stock/: books at or under the low-stock threshold, fewest copies first. */
export const lowStockBookSchema = z
  .object({ id: z.number().int(), title: z.string(), slug: z.string(), stock_amount: z.number().int() })
  .meta({ id: 'LowStockBook' });
export const lowStockListSchema = z
  .object({ threshold: z.number().int(), data: z.array(lowStockBookSchema) })
  .meta({ id: 'LowStockList' });
export type LowStockList = z.infer<typeof lowStockListSchema>;
