import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import { type Summary, summarizeOrder } from './summary.js';

/** A paid order as reports read it: its day, its code, its summary, and the book of each line. */
export interface PaidOrder {
  id: number;
  paidAt: Date;
  promoCode: string | null;
  summary: Summary;
  /** Each line's book (null: deleted since), by the line's id. */
  bookOf: Map<number, number | null>;
}

/**
 * The orders paid from `from` (inclusive) to `to` (exclusive), oldest first, each with its summary
 * (the one account of an order's money, summary.ts), at most `limit` (`truncated` says there were more).
 */
export async function paidOrdersBetween(
  db: Queryable,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ orders: PaidOrder[]; truncated: boolean }> {
  const found = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'success'), gte(orders.paidAt, from), lt(orders.paidAt, to)))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(limit + 1);
  const kept = found.slice(0, limit);
  const items =
    kept.length === 0
      ? []
      : await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              kept.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, (typeof items)[number][]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return {
    truncated: found.length > limit,
    orders: kept.map((order) => {
      const lines = byOrder.get(order.id) ?? [];
      return {
        id: order.id,
        paidAt: order.paidAt!,
        promoCode: order.promoCode,
        summary: summarizeOrder(order, lines),
        bookOf: new Map(lines.map((line) => [line.id, line.bookId])),
      };
    }),
  };
}
