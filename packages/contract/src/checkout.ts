/**
 * Plain data the checkout screens show, without zod, so a screen can import it (as
 * `@bookstore/contract/checkout`) without pulling in the schemas. The server reads the same values.
 */

/** The delivery choices a book's page lists, priced in cents (shown with `formatMoney`). */
export const SHIPPING_OPTIONS = [
  { name: 'Standard Delivery', time: '3-5 business days', priceCents: 499 },
  { name: 'Express Delivery', time: '1-2 business days', priceCents: 999 },
] as const;
export type ShippingOption = (typeof SHIPPING_OPTIONS)[number];

/** Test cards of the sandbox pop-up: the first is charged, the second declined. */
export const SANDBOX_CARDS = {
  success: '4084084084084081',
  declined: '4000000000000002',
} as const;
