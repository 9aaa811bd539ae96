import {
  centsToMoney,
  DEFAULT_SHIPPING_METHOD,
  lineCents,
  type Order,
  type OrderRequest,
  PROTECTION_PLAN,
  type ShippingAddress,
  shippingCentsFor,
} from '@bookstore/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { intArray, rows } from '../../db/rows.js';
import { books, editions, orderItems, orders } from '../../db/schema.js';
import { type AppError, conflict, unprocessable } from '../../lib/errors.js';
import { ownAddress } from '../addresses/index.js';
import { DEFAULT_EDITION_OF, takeLines } from '../books/index.js';
import { HAS_EBOOK_FILE } from '../downloads/index.js';
import { type AppliedCode, applyPromoCode } from '../promotions/index.js';
import { findActiveMethod, type PricedMethod } from '../settings/index.js';
import { orderHistory, toOrder } from './service.js';
import { orderPlaced } from './transitions.js';
import { copies } from './words.js';

/**
 * Checkout, as the steps `placeOrder` takes in one transaction (docs/decisions/0009-checkout-steps.md):
 *
 * 1. caps: what one account or address may hold unpaid (`checkHoldingCaps`);
 * 2. validate: every book is in the shop, for sale and in stock (`validateLines`);
 * 3. price the lines at the shop's prices (`priceLines`);
 * 4. delivery: the method and address (`chooseDelivery`), and its price (`priceShipping`);
 * 5. apply discounts (`applyDiscounts`);
 * 6. total, which must be what the shopper saw (`totalOf`);
 * 7. enough copies of each (`checkCopies`);
 * 8. insert the order and its lines (`insertOrder`);
 * 9. reserve the stock (`reserveStock`).
 *
 * Steps 2 to 7 are plain functions of what was read; 1, 8 and 9 write or lock. A step that refuses
 * throws the shopper's message, and the transaction leaves nothing behind.
 */

/** Largest total an order can hold (the database keeps cents in a 32-bit integer). */
export const MAX_TOTAL_CENTS = 2_000_000_000;

export interface PlaceOrderOptions {
  userId: number;
  currency: string;
  reservationMinutes: number;
  maxOpenOrders: number;
  maxHeldCopies: number;
  /** Where the order comes from (the caller's address): open holds are capped per address too. */
  clientAddress?: string;
}

/**
 * The share of a book's copies left that one account, or one address, may hold in unpaid orders:
 * 15%, at least 2 copies (docs/decisions/0006). Four fresh accounts, even from four addresses, then
 * hold at most 70 of a 150-copy book (22 + 19 + 16 + 13); from one address, 22.
 */
const HOLD_SHARE = 0.15;
/** Unpaid orders one address may hold at once, whatever the accounts: an office, not a script. */
const ADDRESS_OPEN_ORDERS_PER_ACCOUNT_LIMIT = 4;

export function bookHoldCap(copiesLeft: number, maxHeldCopies: number): number {
  return Math.min(maxHeldCopies, Math.max(2, Math.floor(copiesLeft * HOLD_SHARE)));
}

/**
 * What all unpaid orders together, whatever their accounts and addresses, may hold of one edition:
 * half of its copies on hand (those left plus those held), so a script spread over many addresses
 * leaves at least half on sale (docs/decisions/0006). A book with up to 20 copies on hand may be held
 * whole: as many shoppers may want its last copies at once, and the caps per account and address
 * still bound each of them.
 */
const TITLE_HOLD_SHARE = 0.5;
const ALWAYS_HOLDABLE = 20;

export function editionHoldCap(copiesOnHand: number): number {
  return Math.max(Math.min(copiesOnHand, ALWAYS_HOLDABLE), Math.floor(copiesOnHand * TITLE_HOLD_SHARE));
}

/** The class of the advisory locks (two-key form) that count one edition's holds one order at a time. */
const EDITION_HOLDS_LOCK = 6_006;

const OPEN_HOLD = sql`${orders.paymentStatus} <> 'success' AND NOT ${orders.stockReleased}`;

/**
 * Step 1. What may be held in unpaid orders (docs/decisions/0006), so nobody can take a book off sale by ordering
 * and never paying: per account a few orders, a bounded number of copies, and of each book a share of
 * its copies left; the same share per address, and a few orders per address, whatever the accounts;
 * of each edition, all unpaid orders together at most half its copies on hand (`editionHoldCap`);
 * and after an unpaid hold of a book ran out, the account waits RESERVATION_MINUTES before holding
 * that book again. A hold the shopper cancelled before its end did not run out: ordering again is
 * allowed at once, and `holdEnd` (step 8) keeps that from renewing the hold. The account's row (and
 * the address) is locked first, so parallel orders are counted one after the other, on any number of
 * processes.
 */
export async function checkHoldingCaps(
  tx: Transaction,
  options: PlaceOrderOptions,
  lines: OrderRequest['items'],
  shop: Map<number, ShopBook>,
) {
  // Each line's edition (the caps count copies of an edition: an eBook has no copies to hold).
  const resolved = new Map(
    lines.flatMap((line) => {
      const found = shop.get(lineKey(line));
      return found ? [[lineKey(line), found.editionId] as const] : [];
    }),
  );
  const { userId, clientAddress } = options;
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  if (clientAddress) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`holds:${clientAddress}`}))`);
  const [held] = await tx
    .select({
      orders: sql<number>`count(DISTINCT ${orders.id})::int`,
      copies: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), OPEN_HOLD));
  const open = held?.orders ?? 0;
  const copiesHeld = held?.copies ?? 0;
  const copiesWanted = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (open >= options.maxOpenOrders) {
    throw unprocessable(
      `You already have ${open} unpaid order${open === 1 ? '' : 's'}. Please pay for one of them, or wait until its reservation ends, before placing another.`,
    );
  }
  if (copiesHeld + copiesWanted > options.maxHeldCopies) {
    throw unprocessable(
      copiesHeld === 0
        ? `Unpaid orders can hold at most ${options.maxHeldCopies} copies at a time. Please order fewer copies.`
        : `Unpaid orders can hold at most ${options.maxHeldCopies} copies at a time, and you already hold ${copiesHeld}. Please pay for your open orders first.`,
    );
  }

  const ids = lines.map((line) => line.book);
  const editionIds = [...resolved.values()];
  if (clientAddress) {
    const [fromAddress] = await tx
      .select({ orders: count() })
      .from(orders)
      .where(and(eq(orders.clientAddress, clientAddress), OPEN_HOLD));
    if ((fromAddress?.orders ?? 0) >= options.maxOpenOrders * ADDRESS_OPEN_ORDERS_PER_ACCOUNT_LIMIT) {
      throw unprocessable(
        'Too many unpaid orders are waiting from your network. Please pay for them first, or try again when their reservations end.',
      );
    }
  }

  // Holds that ran out unpaid: released by the sweeper at their end (history `expired`), or cancelled
  // only once their time was up (before the sweeper came by). A hold cancelled before its end did not.
  const cooling = await rows<{ title: string; minutes: number }>(
    tx,
    sql`SELECT oi.title, ceil(extract(epoch FROM o.reserved_until + make_interval(mins => ${options.reservationMinutes}) - now()) / 60)::int AS minutes
        FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE o.user_id = ${userId} AND o.stock_released AND o.payment_status <> 'success'
          AND o.cancelled_at >= o.reserved_until
          AND o.reserved_until > now() - make_interval(mins => ${options.reservationMinutes})
          AND oi.book_id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
        ORDER BY minutes DESC LIMIT 1`,
  );
  if (cooling[0]) {
    const minutes = Math.max(1, cooling[0].minutes);
    throw unprocessable(
      `Your reservation of "${cooling[0].title}" ran out without payment. You can order it again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  // Every hold of these editions is counted, whoever holds it: one order of an edition at a time, on
  // any number of processes (in id order, so two orders of the same editions cannot deadlock). A
  // checkout of a popular book waits here for the one before it, as it would for its copies.
  const countedEditions = [
    ...new Set(
      lines.flatMap((line) => {
        const found = shop.get(lineKey(line));
        return found && found.stockAmount !== null ? [found.editionId] : [];
      }),
    ),
  ].sort((a, b) => a - b);
  for (const edition of countedEditions) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${EDITION_HOLDS_LOCK}, ${edition})`);
  }
  const [heldByBook, left] = await Promise.all([
    rows<{ edition: number; by_account: number; by_address: number; by_all: number }>(
      tx,
      sql`SELECT oi.edition_id AS edition,
            coalesce(sum(oi.quantity) FILTER (WHERE o.user_id = ${userId}), 0)::int AS by_account,
            coalesce(sum(oi.quantity) FILTER (WHERE o.client_address = ${clientAddress ?? null}), 0)::int AS by_address,
            coalesce(sum(oi.quantity), 0)::int AS by_all
          FROM orders o JOIN order_items oi ON oi.order_id = o.id
          WHERE o.payment_status <> 'success' AND NOT o.stock_released
            AND oi.edition_id = ANY(${intArray(editionIds)})
          GROUP BY oi.edition_id`,
    ),
    tx
      .select({ id: editions.id, title: books.title, stock: editions.stockAmount })
      .from(editions)
      .innerJoin(books, eq(books.id, editions.bookId))
      .where(inArray(editions.id, editionIds.length > 0 ? editionIds : [0])),
  ]);
  for (const line of lines) {
    const editionId = resolved.get(lineKey(line));
    const book = left.find((b) => b.id === editionId);
    // Unknown books and more copies than there are get their own message from the next step; an eBook
    // has no copies to hold.
    if (!book || book.stock === null || line.quantity > book.stock) continue;
    const cap = bookHoldCap(book.stock, options.maxHeldCopies);
    const mine = heldByBook.find((h) => h.edition === editionId);
    const byAccount = mine?.by_account ?? 0;
    const byAddress = mine?.by_address ?? 0;
    if (byAccount + line.quantity > cap) {
      throw unprocessable(
        byAccount === 0
          ? `You can hold at most ${copies(cap)} of "${book.title}" in unpaid orders at a time. Please order fewer copies.`
          : `You can hold at most ${copies(cap)} of "${book.title}" in unpaid orders at a time, and you already hold ${byAccount}. Please pay for your open orders first.`,
        { book: line.book },
      );
    }
    if (clientAddress && byAddress + line.quantity > cap) {
      throw unprocessable(
        `Unpaid orders from your network already hold ${copies(byAddress)} of "${book.title}". Please pay for them first, or try again when their reservations end.`,
        { book: line.book },
      );
    }
    const byAll = mine?.by_all ?? 0;
    if (byAll + line.quantity > editionHoldCap(book.stock + byAll)) {
      throw unprocessable(
        `Many shoppers are paying for "${book.title}" right now. Please try again in a few minutes.`,
        { book: line.book },
      );
    }
  }
}

/**
 * A line's edition of a book as the shop has it now (docs/decisions/0022-editions.md): `id` is the
 * title's, the format, condition, price and stock the edition's.
 */
export interface ShopBook {
  id: number;
  editionId: number;
  title: string;
  image: string | null;
  priceCents: number;
  /** The title and the edition are both for sale. */
  available: boolean;
  /** Copies left; null for an eBook (never sold out). */
  stockAmount: number | null;
  inShop: boolean;
  categoryId?: number | null;
  /** The edition's format: 'eBook' needs no delivery. */
  bookType: string;
  condition: string;
  isbn: string;
  /** An eBook edition whose file staff have not uploaded yet: not for sale until it is. */
  comingSoon: boolean;
}

/** One line of a cart: a book, and which of its editions (none: the title's default edition, for older clients). */
export interface CartLine {
  book: number;
  edition_id?: number | undefined;
  quantity: number;
  protection: boolean;
}

/** What the first steps read of a cart: its books (an order's lines, or a cart being quoted). */
export interface CartLines {
  items: readonly CartLine[];
}

/** How a line finds its edition in the shop's map: the edition named (negative), else the title's default (its id). */
export const lineKey = (item: { book: number; edition_id?: number | undefined }) =>
  item.edition_id === undefined ? item.book : -item.edition_id;

/**
 * Reads the order's editions as the shop has them now, keyed by `lineKey`: the edition each line names
 * (when it is one of that book's), else the book's default edition (the books module's order).
 */
export async function shopBooks(tx: Transaction | Database, request: CartLines): Promise<Map<number, ShopBook>> {
  const named = request.items.filter((item) => item.edition_id !== undefined);
  const plain = request.items.filter((item) => item.edition_id === undefined);
  const found = await rows<ShopBookRow>(
    tx,
    sql`SELECT b.id, e.id AS edition_id, b.title, b.image, e.price_cents, (b.available AND e.available) AS available,
          e.stock_amount, b.review_status = 'approved' AS in_shop, b.category_id, e.format, e.condition,
          e.isbn, ${COMING_SOON} AS coming_soon, -e.id AS key
        FROM editions e JOIN books b ON b.id = e.book_id
        WHERE e.id = ANY(${intArray(named.map((item) => item.edition_id!))})
      UNION ALL
        SELECT b.id, e.id, b.title, b.image, e.price_cents, (b.available AND e.available), e.stock_amount,
          b.review_status = 'approved', b.category_id, e.format, e.condition, e.isbn, ${COMING_SOON}, b.id
        FROM books b JOIN editions e ON e.id = ${DEFAULT_EDITION_OF(sql`b`)}
        WHERE b.id = ANY(${intArray(plain.map((item) => item.book))})`,
  );
  const shop = new Map<number, ShopBook>();
  for (const row of found) {
    shop.set(row.key, {
      id: row.id,
      editionId: row.edition_id,
      title: row.title,
      image: row.image,
      priceCents: row.price_cents,
      available: row.available,
      stockAmount: row.stock_amount,
      inShop: row.in_shop,
      categoryId: row.category_id,
      bookType: row.format,
      condition: row.condition,
      isbn: row.isbn,
      comingSoon: row.coming_soon,
    });
  }
  return shop;
}

/** An eBook edition (`e`) whose file is not there yet (the downloads module keeps the files). */
const COMING_SOON = sql`(e.format = 'eBook' AND NOT ${HAS_EBOOK_FILE(sql`e.id`)})`;

interface ShopBookRow {
  id: number;
  edition_id: number;
  title: string;
  image: string | null;
  price_cents: number;
  available: boolean;
  stock_amount: number | null;
  in_shop: boolean;
  category_id: number | null;
  format: string;
  condition: string;
  isbn: string;
  coming_soon: boolean;
  key: number;
}

/** The edition's name in a message: "Dune" for the default one, "Dune (Hardcover)" or "Dune (Used Paperback)" when named. */
export function editionTitle(book: ShopBook, named: boolean): string {
  if (!named) return book.title;
  const condition = book.condition === 'New' ? '' : `${book.condition} `;
  return `${book.title} (${condition}${book.bookType})`;
}

/**
 * Step 2: every line's edition is of its book, in the shop, for sale and not sold out; no two lines
 * are the same edition. An eBook is a licence (docs/decisions/0023-ebook-delivery.md): for sale once
 * its file is there, one copy a line, without the protection plan.
 */
export function validateLines(request: CartLines, shop: Map<number, ShopBook>): void {
  const seen = new Set<number>();
  for (const item of request.items) {
    const book = shop.get(lineKey(item));
    if (item.edition_id !== undefined && (!book || book.id !== item.book)) {
      throw unprocessable(`This edition of book ${item.book} is not sold here (it may have been removed)`, {
        book: item.book,
        edition_id: item.edition_id,
      });
    }
    if (!book?.inShop)
      throw unprocessable(`Book ${item.book} is not in the store (it may have been removed)`, { book: item.book });
    const name = editionTitle(book, item.edition_id !== undefined);
    if (seen.has(book.editionId)) {
      throw unprocessable(`"${name}" appears more than once; put all its copies on one line`, { book: item.book });
    }
    seen.add(book.editionId);
    if (!book.available) throw unprocessable(`"${name}" is not available for sale`, { book: item.book });
    if (book.bookType === 'eBook') checkEbookLine(item, book);
    if (book.stockAmount === 0)
      throw unprocessable(`"${name}" is out of stock`, {
        book: item.book,
        edition_id: book.editionId,
        stock_amount: 0,
      });
  }
}

/** An eBook line: its file is there, one copy, no protection plan; else the shopper is told which. */
function checkEbookLine(item: CartLine, book: ShopBook): void {
  const name = editionTitle(book, true);
  const fields = { book: item.book, edition_id: book.editionId };
  if (book.comingSoon) {
    throw unprocessable(
      `"${name}" is coming soon: it cannot be downloaded yet. Please choose another format, or come back later.`,
      fields,
    );
  }
  if (item.quantity > 1) throw unprocessable(`"${name}" is a download: one copy is all you need.`, fields);
  if (item.protection) {
    throw unprocessable(
      `The ${PROTECTION_PLAN.name} is for printed books: "${name}" is a download and needs none.`,
      fields,
    );
  }
}

/** A line at the shop's price, as it will be bought. */
export interface PricedLine {
  book: ShopBook;
  /** Whether the shopper named the edition (else the title's default). */
  named: boolean;
  quantity: number;
  unitCents: number;
  protection: boolean;
  /** Per copy; 0 without the plan. */
  protectionCents: number;
  /** quantity x (unit + protection). */
  cents: number;
}

/** The order's total at the given unit prices: every line's copies and, where chosen, their protection. */
function orderTotal(request: OrderRequest, priceOf: Map<number, number>): number {
  return request.items.reduce(
    (sum, item) =>
      sum +
      lineCents({ priceCents: priceOf.get(lineKey(item)) ?? 0, quantity: item.quantity, protection: item.protection }),
    0,
  );
}

function priceConflict(
  request: OrderRequest,
  current: Map<number, number>,
  message = 'Prices have changed since these books were added to your cart. Please review your cart and check out again.',
): AppError {
  const prices = request.items.map((item) => ({
    book: item.book,
    ...(item.edition_id === undefined ? {} : { edition_id: item.edition_id }),
    price: centsToMoney(current.get(lineKey(item)) ?? 0),
  }));
  return conflict(message, { prices, total_price: centsToMoney(orderTotal(request, current)) });
}

/**
 * Step 3: each line at the shop's price. A client that saw another price (the shop changed it since
 * the book went into the cart) gets a 409 with today's prices and total, never the old price.
 */
export function priceLines(request: OrderRequest, shop: Map<number, ShopBook>): PricedLine[] {
  const current = new Map([...shop.entries()].map(([key, book]) => [key, book.priceCents]));
  if (request.items.some((item) => item.price !== current.get(lineKey(item)))) throw priceConflict(request, current);
  return linesAtShopPrices(request, shop);
}

/** Each line at the shop's price now, as the quote and `priceLines` both price it. */
export function linesAtShopPrices(request: CartLines, shop: Map<number, ShopBook>): PricedLine[] {
  return request.items.map((item) => {
    const book = shop.get(lineKey(item))!;
    const protectionCents = item.protection ? PROTECTION_PLAN.priceCents : 0;
    return {
      book,
      named: item.edition_id !== undefined,
      quantity: item.quantity,
      unitCents: book.priceCents,
      protection: item.protection,
      protectionCents,
      cents: lineCents({ priceCents: book.priceCents, quantity: item.quantity, protection: item.protection }),
    };
  });
}

/** How an order is delivered: nothing to send (eBooks only), or a method and, from newer clients, an address. */
export interface Delivery {
  method: PricedMethod | null;
  address: ShippingAddress | null;
}

/** Whether the order has something to send: any line that is not an eBook. */
export function needsDelivery(lines: PricedLine[]): boolean {
  return lines.some((line) => line.book.bookType !== 'eBook');
}

/**
 * Step 4a: the delivery method and address (docs/decisions/0018-after-the-sale.md). An order of
 * eBooks only needs neither (whatever was sent is ignored). A client that names a method must send an
 * address too (one of the caller's, or a full one); a client that names none (older clients) gets
 * Standard Delivery, with or without an address.
 */
export async function chooseDelivery(
  tx: Transaction,
  request: OrderRequest,
  lines: PricedLine[],
  userId: number,
): Promise<Delivery> {
  if (!needsDelivery(lines)) return { method: null, address: null };
  const code = request.shipping_method ?? DEFAULT_SHIPPING_METHOD;
  const method = await findActiveMethod(tx, code);
  if (!method) {
    throw unprocessable(
      request.shipping_method === undefined
        ? 'Delivery is not available right now. Please contact us.'
        : 'This delivery method is not offered. Please choose another one.',
    );
  }
  let address: ShippingAddress | null = null;
  if (typeof request.shipping_address === 'number') {
    address = (await ownAddress(tx, userId, request.shipping_address)) ?? null;
    if (!address) throw unprocessable('This address is not in your address book. Please choose another one.');
  } else if (request.shipping_address) {
    address = request.shipping_address;
  } else if (request.shipping_method !== undefined) {
    throw unprocessable('Please choose where to send your books.');
  }
  return { method, address };
}

/**
 * Step 4b: what delivery costs: the method's price, or nothing when the parcel's lines reach its
 * "free from" amount (Standard Delivery and the shop's threshold), or nothing to send. eBooks are not
 * in the parcel, so they count toward no free delivery (docs/decisions/0023-ebook-delivery.md).
 */
export function priceShipping(lines: PricedLine[], method: PricedMethod | null): number {
  if (!method) return 0;
  return shippingCentsFor(
    method,
    lines.filter((line) => line.book.bookType !== 'eBook').reduce((sum, line) => sum + line.cents, 0),
  );
}

/** A discount taken off the order (a promo code; sales are already in the shop's prices). */
export interface Discount {
  label: string;
  cents: number;
}

/**
 * Step 5a: the promo code the shopper typed, checked against the cart by the promotions module (its
 * message when it does not apply). In a checkout the code's row stays locked until commit, so its
 * uses are counted one order at a time (docs/decisions/0019-sales-and-price-history.md).
 */
export async function checkPromoCode(
  db: Transaction | Database,
  code: string | undefined,
  userId: number | null,
  lines: PricedLine[],
  shippingCents: number,
  lock: boolean,
): Promise<AppliedCode | null> {
  if (!code) return null;
  return applyPromoCode(db, code, {
    userId,
    shippingCents,
    lock,
    lines: lines.map((line) => ({
      book: line.book.id,
      line: line.book.editionId,
      category: line.book.categoryId ?? null,
      cents: line.unitCents * line.quantity,
    })),
  });
}

/**
 * Step 5: discounts. Sales are already in the books' prices (the books module keeps `price_cents` as
 * the price now); what is left is the promo code's discount.
 */
export function applyDiscounts(_lines: PricedLine[], code: AppliedCode | null = null): Discount[] {
  return code && code.total > 0 ? [{ label: `Code ${code.code}`, cents: code.total }] : [];
}

/**
 * Step 6: the total, lines plus shipping less discounts. It must be the total the shopper saw
 * (`total_price`, else a 409 with today's figures) and fit in what an order can hold.
 */
export function totalOf(
  request: OrderRequest,
  lines: PricedLine[],
  shippingCents: number,
  discounts: Discount[],
): number {
  const linesCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const total = Math.max(0, linesCents + shippingCents - discounts.reduce((sum, d) => sum + d.cents, 0));
  if (request.total_price !== total) {
    const current = new Map(lines.map((line) => [keyOf(line), line.unitCents]));
    throw priceConflict(
      request,
      current,
      'The order total does not match the prices of its books. Please review your cart.',
    );
  }
  if (total > MAX_TOTAL_CENTS) throw unprocessable('This order is too large to be placed online. Please contact us.');
  return total;
}

/** Step 7: no line asks for more copies than the shop has (as read; reserveStock decides for good). */
export function checkCopies(lines: PricedLine[], shop: Map<number, ShopBook>): void {
  for (const line of lines) {
    const book = shop.get(keyOf(line))!;
    if (book.stockAmount !== null && line.quantity > book.stockAmount) {
      throw unprocessable(`Only ${copies(book.stockAmount)} of "${editionTitle(book, line.named)}" left`, {
        book: book.id,
        edition_id: book.editionId,
        stock_amount: book.stockAmount,
      });
    }
  }
}

/** A priced line's key in the shop's map (`lineKey`). */
const keyOf = (line: PricedLine) => (line.named ? -line.book.editionId : line.book.id);

/**
 * When the new order's hold ends: RESERVATION_MINUTES from now, or earlier, when the account cancelled
 * an unpaid order of one of these editions whose hold would still be running: then when that one's
 * would have ended (docs/decisions/0006). Cancelling and ordering again is free (nothing waits), and
 * never renews a hold: a loop of them holds the copies no longer than the first order did, and once
 * that hold runs out unpaid, the cooling-off of step 1 applies.
 */
export function holdEnd(userId: number, editionIds: number[], reservationMinutes: number) {
  return sql`least(
    now() + make_interval(mins => ${reservationMinutes}),
    (SELECT min(o.reserved_until) FROM orders o JOIN order_items oi ON oi.order_id = o.id
      WHERE o.user_id = ${userId} AND o.payment_status <> 'success' AND o.stock_released
        AND o.reserved_until > now() AND oi.edition_id = ANY(${intArray(editionIds)}))
  )`;
}

/**
 * Step 8: the order and its lines, with titles, pictures and prices as bought; its history starts. Its
 * hold ends at `holdEnd`.
 */
export async function insertOrder(
  tx: Transaction,
  lines: PricedLine[],
  totalCents: number,
  options: PlaceOrderOptions,
  delivery: Delivery = { method: null, address: null },
  shippingCents = 0,
  code: AppliedCode | null = null,
) {
  const [order] = await tx
    .insert(orders)
    .values({
      userId: options.userId,
      status: 'pending',
      paymentStatus: 'pending',
      totalCents,
      currency: options.currency,
      reservedUntil: holdEnd(
        options.userId,
        lines.map((line) => line.book.editionId),
        options.reservationMinutes,
      ),
      clientAddress: options.clientAddress ?? null,
      shippingAddress: delivery.address,
      shippingMethod: delivery.method
        ? { code: delivery.method.code, name: delivery.method.name, days: delivery.method.days }
        : null,
      shippingCents,
      promoCodeId: code?.id ?? null,
      promoCode: code?.code ?? null,
      discountCents: code?.total ?? 0,
    })
    .returning();
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((line) => ({
        orderId: order!.id,
        bookId: line.book.id,
        editionId: line.book.editionId,
        format: line.book.bookType,
        condition: line.book.condition,
        isbn: line.book.isbn,
        title: line.book.title,
        image: line.book.image,
        quantity: line.quantity,
        priceCents: line.unitCents,
        protection: line.protection,
        protectionPriceCents: line.protectionCents,
        discountCents: code?.lineDiscounts.get(line.book.editionId) ?? 0,
      })),
    )
    .returning();
  await orderPlaced(tx, order!);
  return { order: order!, items };
}

/**
 * Step 9: takes the copies, in book id order (so two orders of the same books cannot deadlock).
 * Someone else may have bought them, or the price changed, since the read: the conditional UPDATE of
 * the books module decides, and a refusal says what is left (or the new price).
 */
export async function reserveStock(
  tx: Transaction,
  request: OrderRequest,
  lines: PricedLine[],
  orderId: number,
): Promise<void> {
  const current = new Map(lines.map((line) => [keyOf(line), line.unitCents]));
  const { refused, taken } = await takeLines(
    tx,
    lines.map((line) => ({ edition: line.book.editionId, quantity: line.quantity, line })),
    { orderId },
  );
  if (refused) {
    const { line } = refused;
    const [now] = await tx
      .select({ stockAmount: editions.stockAmount, available: books.available, editionAvailable: editions.available })
      .from(editions)
      .innerJoin(books, eq(books.id, editions.bookId))
      .where(eq(editions.id, line.book.editionId));
    const left = now?.available && now.editionAvailable ? (now.stockAmount ?? 0) : 0;
    const name = editionTitle(line.book, line.named);
    throw unprocessable(left === 0 ? `"${name}" is out of stock` : `Only ${copies(left)} of "${name}" left`, {
      book: line.book.id,
      edition_id: line.book.editionId,
      stock_amount: left,
    });
  }
  for (const line of lines) {
    const price = taken.get(line.book.editionId)?.priceCents;
    if (price !== undefined && price !== line.unitCents) {
      current.set(keyOf(line), price);
      throw priceConflict(request, current);
    }
  }
}

/**
 * Checks the shopper's order against the shop and reserves its copies, all in one transaction: the
 * order exists if and only if its copies were taken. The steps, in order, are in checkout.ts (and
 * docs/decisions/0009-checkout-steps.md): caps, validate, price the lines, shipping, discounts, total,
 * enough copies, insert, reserve. Returns the new order.
 */
export async function placeOrder(db: Database, request: OrderRequest, options: PlaceOrderOptions): Promise<Order> {
  return db.transaction(async (tx) => {
    const shop = await shopBooks(tx, request);
    await checkHoldingCaps(tx, options, request.items, shop);
    validateLines(request, shop);
    const lines = priceLines(request, shop);
    const delivery = await chooseDelivery(tx, request, lines, options.userId);
    const shippingCents = priceShipping(lines, delivery.method);
    const code = await checkPromoCode(tx, request.promo_code, options.userId, lines, shippingCents, true);
    const discounts = applyDiscounts(lines, code);
    const totalCents = totalOf(request, lines, shippingCents, discounts);
    checkCopies(lines, shop);
    // Write the order first and take the copies last: the row lock on a popular book is then held only
    // from its UPDATE to the COMMIT. The conditional UPDATE is what decides, and a refusal rolls back.
    const placed = await insertOrder(tx, lines, totalCents, options, delivery, shippingCents, code);
    await reserveStock(tx, request, lines, placed.order.id);
    return toOrder(placed.order, placed.items, await orderHistory(tx, [placed.order.id]));
  });
}
