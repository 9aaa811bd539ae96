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

/**
 * The protection plan a shopper may add to a cart line: it covers every copy of the line and costs this
 * much per copy. The server prices it from here, never from what the client sends
 * (docs/decisions/0013-protection-plan.md).
 */
export const PROTECTION_PLAN = { name: '2-Year Protection', priceCents: 299 } as const;

/** What one line costs: its copies, plus the protection plan on each copy when the line has it. */
export function lineCents(line: { priceCents: number; quantity: number; protection?: boolean }): number {
  return (line.priceCents + (line.protection ? PROTECTION_PLAN.priceCents : 0)) * line.quantity;
}

/** Test cards of the sandbox pop-up: the first is charged, the second declined. */
export const SANDBOX_CARDS = {
  success: '4084084084084081',
  declined: '4000000000000002',
} as const;
