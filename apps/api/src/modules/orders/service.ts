import {
  centsToMoney,
  lineCents,
  type Order,
  type OrderRequest,
  pageMeta,
  type Paged,
  PROTECTION_PLAN,
  type StaffOrder,
} from '@bookstore/contract';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { books, orderItems, orders, payments, users } from '../../db/schema.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { rows } from '../../db/rows.js';
import { containsPattern } from '../../lib/like.js';
import { mediaUrl } from '../../lib/media.js';
import { recordEvent } from '../events/index.js';
import { recountRatingsOfPaidOrder } from '../reviews/repository.js';
import { type Db, takeAllOrNothing, takeCopies, type Tx } from './stock.js';

/** Largest total an order can hold (the database keeps cents in a 32-bit integer). */
const MAX_TOTAL_CENTS = 2_000_000_000;

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

function toOrder(row: OrderRow, items: ItemRow[], customer?: Order['customer']): Order {
  return {
    id: row.id,
    status: row.status,
    payment_status: row.paymentStatus,
    transaction_ref: row.transactionRef,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    reserved_until: row.reservedUntil.toISOString(),
    total_price: centsToMoney(row.totalCents),
    currency: row.currency,
    items: items
      .sort((a, b) => a.id - b.id)
      .map((item) => ({
        id: item.id,
        book: item.bookId,
        title: item.title,
        image: mediaUrl(item.image),
        quantity: item.quantity,
        price: centsToMoney(item.priceCents),
        protection: item.protection,
        protection_price: centsToMoney(item.protectionPriceCents),
      })),
    ...(customer ? { customer } : {}),
  };
}

async function itemsByOrder(db: Db, orderIds: number[]): Promise<Map<number, ItemRow[]>> {
  const map = new Map<number, ItemRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
  for (const row of rows) {
    const list = map.get(row.orderId) ?? [];
    list.push(row);
    map.set(row.orderId, list);
  }
  return map;
}

interface PlaceOrderOptions {
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

const OPEN_HOLD = sql`${orders.paymentStatus} <> 'success' AND NOT ${orders.stockReleased}`;

/**
 * What may be held in unpaid orders (docs/decisions/0006), so nobody can take a book off sale by ordering
 * and never paying: per account a few orders, a bounded number of copies, and of each book a share of
 * its copies left; the same share per address, and a few orders per address, whatever the accounts;
 * and after an unpaid hold of a book ran out, the account waits RESERVATION_MINUTES before holding
 * that book again. The account's row (and the address) is locked first, so parallel orders are counted
 * one after the other, on any number of processes.
 */
async function checkHoldingCaps(tx: Tx, options: PlaceOrderOptions, lines: OrderRequest['items']) {
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

  const cooling = await rows<{ title: string; minutes: number }>(
    tx,
    sql`SELECT oi.title, ceil(extract(epoch FROM o.reserved_until + make_interval(mins => ${options.reservationMinutes}) - now()) / 60)::int AS minutes
        FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE o.user_id = ${userId} AND o.stock_released AND o.payment_status <> 'success'
          AND o.reserved_until > now() - make_interval(mins => ${options.reservationMinutes})
          AND oi.book_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        ORDER BY minutes DESC LIMIT 1`,
  );
  if (cooling[0]) {
    const minutes = Math.max(1, cooling[0].minutes);
    throw unprocessable(
      `Your reservation of "${cooling[0].title}" ran out without payment. You can order it again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  const [heldByBook, left] = await Promise.all([
    rows<{ book: number; by_account: number; by_address: number }>(
      tx,
      sql`SELECT oi.book_id AS book,
            coalesce(sum(oi.quantity) FILTER (WHERE o.user_id = ${userId}), 0)::int AS by_account,
            coalesce(sum(oi.quantity) FILTER (WHERE o.client_address = ${clientAddress ?? null}), 0)::int AS by_address
          FROM orders o JOIN order_items oi ON oi.order_id = o.id
          WHERE (o.user_id = ${userId} ${clientAddress ? sql`OR o.client_address = ${clientAddress}` : sql``})
            AND o.payment_status <> 'success' AND NOT o.stock_released
            AND oi.book_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          GROUP BY oi.book_id`,
    ),
    tx.select({ id: books.id, title: books.title, stock: books.stockAmount }).from(books).where(inArray(books.id, ids)),
  ]);
  for (const line of lines) {
    const book = left.find((b) => b.id === line.book);
    // Unknown books and more copies than there are get their own message from the next step.
    if (!book || line.quantity > book.stock) continue;
    const cap = bookHoldCap(book.stock, options.maxHeldCopies);
    const mine = heldByBook.find((h) => h.book === line.book);
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
  }
}

/** The order's total at the given unit prices: every line's copies and, where chosen, their protection. */
function orderTotal(request: OrderRequest, priceOf: Map<number, number>): number {
  return request.items.reduce(
    (sum, item) => sum + lineCents({ priceCents: priceOf.get(item.book) ?? 0, quantity: item.quantity, protection: item.protection }),
    0,
  );
}

function priceConflict(
  request: OrderRequest,
  current: Map<number, number>,
  message = 'Prices have changed since these books were added to your cart. Please review your cart and check out again.',
): AppError {
  const prices = request.items.map((item) => ({ book: item.book, price: centsToMoney(current.get(item.book) ?? 0) }));
  return conflict(message, { prices, total_price: centsToMoney(orderTotal(request, current)) });
}

function copies(n: number) {
  return n === 1 ? '1 copy' : `${n} copies`;
}

/**
 * Checks the shopper's order against the shop and reserves its copies, all in one transaction: the
 * order exists if and only if its copies were taken. Returns the new order.
 */
export async function placeOrder(db: Database, request: OrderRequest, options: PlaceOrderOptions): Promise<Order> {
  return db.transaction(async (tx) => {
    await checkHoldingCaps(tx, options, request.items);
    const ids = request.items.map((item) => item.book);
    const found = await tx
      .select({
        id: books.id,
        title: books.title,
        image: books.image,
        priceCents: books.priceCents,
        available: books.available,
        stockAmount: books.stockAmount,
        inShop: sql<boolean>`${books.reviewStatus} = 'approved'`,
      })
      .from(books)
      .where(inArray(books.id, ids));
    const byId = new Map(found.map((book) => [book.id, book]));

    for (const item of request.items) {
      const book = byId.get(item.book);
      if (!book?.inShop) throw unprocessable(`Book ${item.book} is not in the store (it may have been removed)`, { book: item.book });
      if (!book.available) throw unprocessable(`"${book.title}" is not available for sale`, { book: item.book });
      if (book.stockAmount === 0) throw unprocessable(`"${book.title}" is out of stock`, { book: item.book, stock_amount: 0 });
    }

    const current = new Map(found.map((book) => [book.id, book.priceCents]));
    const serverTotal = orderTotal(request, current);
    const linesDiffer = request.items.some((item) => item.price !== current.get(item.book));
    if (linesDiffer) throw priceConflict(request, current);
    if (request.total_price !== serverTotal) {
      throw priceConflict(request, current, 'The order total does not match the prices of its books. Please review your cart.');
    }
    if (serverTotal > MAX_TOTAL_CENTS) throw unprocessable('This order is too large to be placed online. Please contact us.');

    for (const item of request.items) {
      const book = byId.get(item.book)!;
      if (item.quantity > book.stockAmount) {
        throw unprocessable(`Only ${copies(book.stockAmount)} of "${book.title}" left`, {
          book: item.book,
          stock_amount: book.stockAmount,
        });
      }
    }

    // Write the order first and take the copies last: the row lock on a popular book is then held only
    // from its UPDATE to the COMMIT. Someone else may have bought the copies (or the price changed)
    // since the read above; the conditional UPDATE is what decides, and a refusal rolls everything back.
    const [order] = await tx
      .insert(orders)
      .values({
        userId: options.userId,
        status: 'pending',
        paymentStatus: 'pending',
        totalCents: serverTotal,
        currency: options.currency,
        reservedUntil: sql`now() + make_interval(mins => ${options.reservationMinutes})`,
        clientAddress: options.clientAddress ?? null,
      })
      .returning();
    const items = await tx
      .insert(orderItems)
      .values(
        request.items.map((item) => {
          const book = byId.get(item.book)!;
          return {
            orderId: order!.id,
            bookId: item.book,
            title: book.title,
            image: book.image,
            quantity: item.quantity,
            priceCents: item.price,
            protection: item.protection,
            protectionPriceCents: item.protection ? PROTECTION_PLAN.priceCents : 0,
          };
        }),
      )
      .returning();

    for (const item of [...request.items].sort((a, b) => a.book - b.book)) {
      const taken = await takeCopies(tx, { book: item.book, quantity: item.quantity });
      const book = byId.get(item.book)!;
      if (!taken) {
        const [now] = await tx
          .select({ stockAmount: books.stockAmount, available: books.available })
          .from(books)
          .where(eq(books.id, item.book));
        const left = now?.available ? now.stockAmount : 0;
        throw unprocessable(
          left === 0 ? `"${book.title}" is out of stock` : `Only ${copies(left)} of "${book.title}" left`,
          { book: item.book, stock_amount: left },
        );
      }
      if (taken.priceCents !== item.price) {
        current.set(item.book, taken.priceCents);
        throw priceConflict(request, current);
      }
    }
    return toOrder(order!, items);
  });
}

/**
 * One order, if the caller may see it (its owner, or staff); otherwise a 404 that reveals nothing.
 * Whether the caller is staff is asked only for someone else's order.
 */
export async function getOrderFor(
  db: Db,
  orderId: number,
  viewer: { userId: number; isStaff: () => Promise<boolean> },
): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || (row.userId !== viewer.userId && !(await viewer.isStaff()))) throw notFound('Order not found');
  const items = await itemsByOrder(db, [row.id]);
  return toOrder(row, items.get(row.id) ?? []);
}

/** One order for staff: the order, its customer and every payment attempt (oldest first). */
export async function getStaffOrder(db: Db, orderId: number): Promise<StaffOrder> {
  const [row] = await db
    .select({
      order: orders,
      customer: {
        id: users.id,
        username: users.username,
        email: users.email,
        first_name: users.firstName,
        last_name: users.lastName,
      },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('Order not found');
  const [items, attempts] = await Promise.all([
    itemsByOrder(db, [orderId]),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt), asc(payments.id)),
  ]);
  return {
    ...toOrder(row.order, items.get(orderId) ?? []),
    customer: row.customer,
    payments: attempts.map((p) => ({
      reference: p.reference,
      provider: p.provider,
      status: p.status,
      amount: centsToMoney(p.amountCents),
      currency: p.currency,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    })),
  };
}

/** The caller's own orders, newest first. */
export async function listOwnOrders(db: Db, userId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const items = await itemsByOrder(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toOrder(row, items.get(row.id) ?? []));
}

export interface OrderFilter {
  paymentStatus?: string;
  /** An order id (digits, with or without '#'), or else part of the customer's email. */
  search?: string;
}

function orderConditions(filter: OrderFilter) {
  const term = filter.search?.trim().replace(/^#/, '');
  const byTerm = term
    ? /^\d{1,9}$/.test(term)
      ? eq(orders.id, Number(term))
      : sql`lower(${users.email}) LIKE ${containsPattern(term)}`
    : undefined;
  return and(filter.paymentStatus ? eq(orders.paymentStatus, filter.paymentStatus) : undefined, byTerm);
}

/** Every customer's orders, newest first, paged, optionally filtered (staff). */
export async function listAllOrders(db: Db, page: number, pageSize: number, filter: OrderFilter = {}): Promise<Paged<Order>> {
  const where = orderConditions(filter);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  const rows = await db
    .select({ order: orders, user: { id: users.id, username: users.username, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items = await itemsByOrder(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    data: rows.map((r) => toOrder(r.order, items.get(r.order.id) ?? [], r.user)),
    meta: pageMeta(page, pageSize, total),
  };
}

/** The order behind a payment, as the payment code needs it. */
export async function findOrder(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/**
 * Before a payment attempt: the order must still be unpaid and within its hold. The hold is never
 * extended (issue 15): it ends RESERVATION_MINUTES after the order was placed, however often payment
 * is started, and an order whose hold ended is not held again (the shopper checks out again). A
 * payment that still arrives late is kept (see markPaid). Throws a 409 otherwise.
 */
export async function holdForPayment(db: Db, orderId: number): Promise<void> {
  const [row] = await db
    .select({
      paymentStatus: orders.paymentStatus,
      stockReleased: orders.stockReleased,
      held: sql<boolean>`${orders.reservedUntil} > now()`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) throw notFound('Order not found');
  if (row.paymentStatus === 'success') throw conflict('This order has already been paid');
  if (row.stockReleased || !row.held) {
    throw conflict('The time to pay for this order has run out and its books are back on sale. Please check out again.');
  }
}

export interface PaymentApplied {
  /** false when the order was paid already (by this or another reference): nothing changed. */
  applied: boolean;
  orderStatus: string;
  /** The order's paying reference after this call. */
  transactionRef: string | null;
}

/**
 * Marks the order paid by `reference` and turns its reservation into a sale, exactly once whoever
 * calls first (verify, webhook): the conditional UPDATE on payment_status decides. If the reservation
 * had run out and its copies were given back, they are taken again when still there; otherwise the
 * order is kept paid and flagged 'backordered' so staff restock or refund it. Runs inside the caller's
 * transaction (payments records its attempt in the same one); never call a provider inside it.
 */
export async function markPaid(tx: Tx, orderId: number, reference: string): Promise<PaymentApplied> {
  const [paid] = await tx
    .update(orders)
    .set({ paymentStatus: 'success', status: 'completed', transactionRef: reference, paidAt: sql`now()` })
    .where(and(eq(orders.id, orderId), ne(orders.paymentStatus, 'success')))
    .returning({ stockReleased: orders.stockReleased, userId: orders.userId });
  if (!paid) {
    const [row] = await tx
      .select({ status: orders.status, transactionRef: orders.transactionRef })
      .from(orders)
      .where(eq(orders.id, orderId));
    return { applied: false, orderStatus: row?.status ?? 'completed', transactionRef: row?.transactionRef ?? null };
  }
  // The buyer's reviews of these books now count in their ratings (docs/decisions/0008).
  await recountRatingsOfPaidOrder(tx, orderId);
  // The receipt (modules/mail) goes after commit, never for a payment that rolled back.
  await recordEvent(tx, { type: 'order.paid', key: orderId, payload: { orderId, userId: paid.userId } });
  if (!paid.stockReleased) return { applied: true, orderStatus: 'completed', transactionRef: reference };

  const lines = await tx
    .select({ book: orderItems.bookId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.bookId));
  const retaken = await takeAllOrNothing(tx, lines);
  await tx
    .update(orders)
    .set(retaken ? { stockReleased: false } : { status: 'backordered' })
    .where(eq(orders.id, orderId));
  return { applied: true, orderStatus: retaken ? 'completed' : 'backordered', transactionRef: reference };
}
