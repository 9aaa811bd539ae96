import { centsToMoney, type Order, pageMeta, type Paged, type StaffOrder } from '@bookstore/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { orderItems, orders, payments, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { mediaUrl } from '../../lib/media.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export function toOrder(row: OrderRow, items: ItemRow[], customer?: Order['customer']): Order {
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
    promo_code: row.promoCode,
    discount: centsToMoney(row.discountCents),
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
        discount: centsToMoney(item.discountCents),
      })),
    ...(customer ? { customer } : {}),
  };
}

async function itemsByOrder(db: Queryable, orderIds: number[]): Promise<Map<number, ItemRow[]>> {
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

/**
 * One order, if the caller may see it (its owner, or staff); otherwise a 404 that reveals nothing.
 * Whether the caller is staff is asked only for someone else's order.
 */
export async function getOrderFor(
  db: Queryable,
  orderId: number,
  viewer: { userId: number; isStaff: () => Promise<boolean> },
): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || (row.userId !== viewer.userId && !(await viewer.isStaff()))) throw notFound('Order not found');
  const items = await itemsByOrder(db, [row.id]);
  return toOrder(row, items.get(row.id) ?? []);
}

/** One order for staff: the order, its customer and every payment attempt (oldest first). */
export async function getStaffOrder(db: Queryable, orderId: number): Promise<StaffOrder> {
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
export async function listOwnOrders(db: Queryable, userId: number): Promise<Order[]> {
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
export async function listAllOrders(
  db: Queryable,
  page: number,
  pageSize: number,
  filter: OrderFilter = {},
): Promise<Paged<Order>> {
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
export async function findOrder(db: Queryable, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/**
 * Before a payment attempt: the order must still be unpaid and within its hold. The hold is never
 * extended: it ends RESERVATION_MINUTES after the order was placed, however often payment
 * is started, and an order whose hold ended is not held again (the shopper checks out again). A
 * payment that still arrives late is kept (see markPaid). Throws a 409 otherwise.
 */
export async function holdForPayment(db: Queryable, orderId: number): Promise<void> {
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
    throw conflict(
      'The time to pay for this order has run out and its books are back on sale. Please check out again.',
    );
  }
}
