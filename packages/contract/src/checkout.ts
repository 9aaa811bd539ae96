/**
 * Plain data the checkout and order screens show, without zod, so a screen can import it (as
 * `@bookstore/contract/checkout`) without pulling in the schemas. The server reads the same values
 * (its e-mails name editions with the same words).
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

/** The delivery method a client that names none gets (old clients): Standard Delivery. */
export const DEFAULT_SHIPPING_METHOD = 'standard';

/**
 * What delivery by `method` costs for an order whose lines come to `subtotalCents`: its price, or
 * nothing when the method has a "free from" amount the subtotal reaches (Standard Delivery, free from
 * the shop's threshold; docs/decisions/0018-after-the-sale.md). The server prices it the same way.
 */
export function shippingCentsFor(
  method: { priceCents: number; freeFromCents: number | null },
  subtotalCents: number,
): number {
  return method.freeFromCents !== null && subtotalCents >= method.freeFromCents ? 0 : method.priceCents;
}

/**
 * Carriers whose parcels can be followed on their site: an order shipped with one of these names
 * (any case) links its tracking number there. Any other carrier name is kept, without a link.
 */
export const CARRIERS = [
  { name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={number}' },
  { name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  { name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  { name: 'DHL', trackingUrl: 'https://www.dhl.com/en/express/tracking.html?AWB={number}' },
  { name: 'Royal Mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}' },
] as const;

/** The page where a parcel can be followed, or null for a carrier without a known pattern. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const known = CARRIERS.find((c) => c.name.toLowerCase() === carrier.trim().toLowerCase());
  return known ? known.trackingUrl.replace('{number}', encodeURIComponent(trackingNumber)) : null;
}

/**
 * An eBook's download link works this many hours and this many downloads; a new one is a click away
 * on the order page (docs/decisions/0023-ebook-delivery.md), DOWNLOAD_RENEWALS times per eBook, and
 * more from staff (docs/decisions/0028-trust-round-three.md). Here, zod-free, for the book page's note.
 */
export const DOWNLOADS_PER_LINK = 5;
export const DOWNLOAD_LINK_HOURS = 24;
export const DOWNLOAD_RENEWALS = 3;

/**
 * An edition in a few words, as the cart, an order's pages, its e-mails and the packing slip name it:
 * "Hardcover", "eBook", "Paperback, Fairly Used" (docs/decisions/0022-editions.md); '' when not known.
 */
export function editionLabel(edition: { format?: string | null; condition?: string | null }): string {
  if (!edition.format) return '';
  return edition.condition && edition.condition !== 'New' ? `${edition.format}, ${edition.condition}` : edition.format;
}

/** An order line's edition as bought and its ISBN: "Hardcover · ISBN 9780141439518" ('' when neither is known). */
export function lineEdition(line: { format?: string | null; condition?: string | null; isbn?: string | null }): string {
  return [editionLabel(line), line.isbn ? `ISBN ${line.isbn}` : ''].filter(Boolean).join(' · ');
}

/**
 * How a shopper can pay at checkout, whichever the provider: by card, in the sandbox's pop-up or in
 * Paystack's (asked for with these as its `channels`, so it offers nothing else). The "We accept"
 * badges show this list and nothing else: a way to pay is added here, for both at once.
 */
export const CHECKOUT_PAYMENT_CHANNELS = ['card'] as const;
export type CheckoutPaymentChannel = (typeof CHECKOUT_PAYMENT_CHANNELS)[number];
