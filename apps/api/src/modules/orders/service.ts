import {
  centsToMoney,
  type FulfilmentStatus,
  type Order,
  type OrderEvent,
  pageMeta,
  type Paged,
  type StaffOrder,
  trackingUrl,
} from '@bookstore/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { orderEvents, orderItems, orders, payments, refunds, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { mediaUrl } from '../../lib/media.js';
import { refundState, type SummaryLine, summarizeOrder, summaryToJson } from './summary.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The history of each order, oldest first. */
export async function orderHistory(db: Queryable, orderIds: number[]): Promise<Map<number, OrderEvent[]>> {
  const map = new Map<number, OrderEvent[]>();
  if (orderIds.length === 0) return map;
  const found = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.id));
  for (const row of found) {
    const list = map.get(row.orderId) ?? [];
    const amount = row.detail.amountCents;
    list.push({
      type: row.type,
      at: row.createdAt.toISOString(),
      by: row.actor,
      amount: typeof amount === 'number' ? centsToMoney(amount) : null,
    });
    map.set(row.orderId, list);
  }
  return map;
}

export function toOrder(
  row: OrderRow,
  items: ItemRow[],
  history: Map<number, OrderEvent[]>,
  customer?: Order['customer'],
): Order {
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
        edition_id: item.editionId,
        format: item.format,
        condition: item.condition,
        title: item.title,
        image: mediaUrl(item.image),
        quantity: item.quantity,
        price: centsToMoney(item.priceCents),
        protection: item.protection,
        protection_price: centsToMoney(item.protectionPriceCents),
        discount: centsToMoney(item.discountCents),
        isbn: item.isbn,
        refunded_quantity: item.refundedQuantity,
        refunded_amount: centsToMoney(item.refundedCents),
      })),
    fulfilment_status: row.fulfilmentStatus as FulfilmentStatus,
    shipping_address: row.shippingAddress ?? null,
    shipping_method: row.shippingMethod ?? null,
    shipping_price: centsToMoney(row.shippingCents),
    carrier: row.carrier,
    tracking_number: row.trackingNumber,
    tracking_url: trackingUrl(row.carrier, row.trackingNumber),
    refunded_amount: centsToMoney(row.refundedCents),
    refund_status: refundState(row),
    expired_at:
      row.paymentStatus === 'success' ? null : (history.get(row.id)?.findLast((e) => e.type === 'expired')?.at ?? null),
    summary: summaryToJson(summarizeOrder(row, items)),
    events: history.get(row.id) ?? [],
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
  const [items, history] = await Promise.all([itemsByOrder(db, [row.id]), orderHistory(db, [row.id])]);
  return toOrder(row, items.get(row.id) ?? [], history);
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
  const [items, history, attempts, given] = await Promise.all([
    itemsByOrder(db, [orderId]),
    orderHistory(db, [orderId]),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
  ]);
  return {
    ...toOrder(row.order, items.get(orderId) ?? [], history),
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
    refunds: given.map((r) => ({
      id: r.id,
      reference: r.reference,
      payment_reference: r.paymentReference,
      amount: centsToMoney(r.amountCents),
      currency: r.currency,
      status: r.status,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
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
  const ids = rows.map((r) => r.id);
  const [items, history] = await Promise.all([itemsByOrder(db, ids), orderHistory(db, ids)]);
  return rows.map((row) => toOrder(row, items.get(row.id) ?? [], history));
}

export interface OrderFilter {
  paymentStatus?: string;
  fulfilmentStatus?: string;
  /** An order id (digits, with or without '#'), or else part of the customer's email or name. */
  search?: string;
}

function paymentCondition(status: string | undefined) {
  switch (status) {
    case undefined:
      return undefined;
    case 'refunded':
      return and(
        eq(orders.paymentStatus, 'success'),
        sql`${orders.refundedCents} > 0`,
        sql`${orders.refundedCents} >= ${orders.totalCents}`,
      );
    case 'partially_refunded':
      return and(
        eq(orders.paymentStatus, 'success'),
        sql`${orders.refundedCents} > 0`,
        sql`${orders.refundedCents} < ${orders.totalCents}`,
      );
    default:
      return eq(orders.paymentStatus, status);
  }
}

function orderConditions(filter: OrderFilter) {
  const term = filter.search?.trim().replace(/^#/, '');
  const pattern = term ? containsPattern(term) : '';
  const byTerm = term
    ? /^\d{1,9}$/.test(term)
      ? eq(orders.id, Number(term))
      : sql`(lower(${users.email}) LIKE ${pattern} OR lower(${users.firstName} || ' ' || ${users.lastName}) LIKE ${pattern} OR lower(${users.username}) LIKE ${pattern} OR lower(coalesce(${orders.shippingAddress}->>'name', '')) LIKE ${pattern})`
    : undefined;
  return and(
    paymentCondition(filter.paymentStatus),
    filter.fulfilmentStatus ? eq(orders.fulfilmentStatus, filter.fulfilmentStatus) : undefined,
    byTerm,
  );
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
  const ids = rows.map((r) => r.order.id);
  const [items, history] = await Promise.all([itemsByOrder(db, ids), orderHistory(db, ids)]);
  return {
    data: rows.map((r) => toOrder(r.order, items.get(r.order.id) ?? [], history, r.user)),
    meta: pageMeta(page, pageSize, total),
  };
}

/** One line of the staff's CSV export. */
export interface ExportRow {
  id: number;
  createdAt: Date;
  email: string;
  name: string;
  status: string;
  paymentStatus: string;
  fulfilmentStatus: string;
  totalCents: number;
  shippingCents: number;
  refundedCents: number;
  currency: string;
  carrier: string | null;
  trackingNumber: string | null;
  country: string | null;
  copies: number;
}

/** Every order the filter finds, newest first, at most `limit` (the CSV export). */
export async function exportOrders(db: Queryable, filter: OrderFilter, limit: number): Promise<ExportRow[]> {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      email: users.email,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      fulfilmentStatus: orders.fulfilmentStatus,
      totalCents: orders.totalCents,
      shippingCents: orders.shippingCents,
      refundedCents: orders.refundedCents,
      currency: orders.currency,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      country: sql<string | null>`${orders.shippingAddress}->>'country'`,
      copies: sql<number>`(SELECT coalesce(sum(quantity), 0)::int FROM order_items oi WHERE oi.order_id = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(orderConditions(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** One line of an order in the staff's per-line CSV export: who bought it and when, and the line as summarised. */
export interface ExportLine {
  orderId: number;
  createdAt: Date;
  email: string;
  name: string;
  currency: string;
  line: SummaryLine;
}

/**
 * Every line of the orders the filter finds, newest order first, its lines in the order's own order, as
 * the order's summary has them (`summarizeOrder`, the same figures as its pages and e-mails). Whole
 * orders only: at most `limit` lines, unless the first order alone has more.
 */
export async function exportOrderLines(db: Queryable, filter: OrderFilter, limit: number): Promise<ExportLine[]> {
  const found = await db
    .select({
      order: orders,
      email: users.email,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(orderConditions(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  const items = await itemsByOrder(
    db,
    found.map((row) => row.order.id),
  );
  const lines: ExportLine[] = [];
  for (const { order, email, name } of found) {
    const summary = summarizeOrder(order, items.get(order.id) ?? []);
    if (lines.length > 0 && lines.length + summary.lines.length > limit) break;
    for (const line of summary.lines) {
      lines.push({ orderId: order.id, createdAt: order.createdAt, email, name, currency: order.currency, line });
    }
  }
  return lines;
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
