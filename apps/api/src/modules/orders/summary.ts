import { centsToMoney, type OrderSummary, type RefundState } from '@bookstore/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** What a summary reads of an order: its money and whether it has something to post. */
export type SummaryOrder = Pick<
  OrderRow,
  'totalCents' | 'shippingCents' | 'discountCents' | 'refundedCents' | 'shippingRefundedCents' | 'shippingMethod'
>;

/** What a summary reads of a line. */
export type SummaryItem = Pick<
  ItemRow,
  | 'id'
  | 'title'
  | 'format'
  | 'condition'
  | 'isbn'
  | 'quantity'
  | 'priceCents'
  | 'protectionPriceCents'
  | 'discountCents'
  | 'refundedQuantity'
  | 'refundedCents'
>;

export interface SummaryLine {
  item: number;
  title: string;
  format: string | null;
  condition: string | null;
  isbn: string | null;
  digital: boolean;
  quantity: number;
  unitCents: number;
  protectionPriceCents: number;
  booksCents: number;
  protectionCents: number;
  discountCents: number;
  /** What was paid for the line: books + protection - discount. */
  amountCents: number;
  refundedQuantity: number;
  refundedCents: number;
  /** Copies that go in the parcel: none for an eBook, else those not refunded. */
  toShip: number;
}

/** An order's lines and money in cents: the one account of it that every page, e-mail, slip and CSV shows. */
export interface Summary {
  lines: SummaryLine[];
  subtotalCents: number;
  protectionCents: number;
  /** The promo code's discount in all: the lines' shares and delivery's (a free-delivery code). */
  discountCents: number;
  shippingCents: number;
  /** Whether there is something to post (a delivery method was chosen, or delivery cost something). */
  delivery: boolean;
  totalCents: number;
  refundedCents: number;
  shippingRefundedCents: number;
  netCents: number;
}

export const isDigital = (format: string | null) => format === 'eBook';

/** What was paid for a line: its copies and their protection, less its share of the promo code. */
export function linePaidCents(
  item: Pick<ItemRow, 'quantity' | 'priceCents' | 'protectionPriceCents' | 'discountCents'>,
) {
  return item.quantity * (item.priceCents + item.protectionPriceCents) - item.discountCents;
}

/**
 * What was paid for delivery: its price less the part of the code's discount that was not the lines'
 * (a free-delivery code).
 */
export function shippingPaidCents(
  order: Pick<OrderRow, 'shippingCents' | 'discountCents'>,
  items: Pick<ItemRow, 'discountCents'>[],
) {
  const linesDiscount = items.reduce((sum, item) => sum + item.discountCents, 0);
  return Math.max(0, order.shippingCents - Math.max(0, order.discountCents - linesDiscount));
}

/**
 * The order's summary. It reads only what the order keeps as bought, and the total it reports is the
 * order's own (`total_cents`, what the provider was asked to charge): the property-based test
 * (orders/invariants.test.ts) checks that the parts add up to it.
 */
export function summarizeOrder(order: SummaryOrder, items: SummaryItem[]): Summary {
  const lines = [...items]
    .sort((a, b) => a.id - b.id)
    .map((item): SummaryLine => {
      const digital = isDigital(item.format);
      return {
        item: item.id,
        title: item.title,
        format: item.format,
        condition: item.condition,
        isbn: item.isbn,
        digital,
        quantity: item.quantity,
        unitCents: item.priceCents,
        protectionPriceCents: item.protectionPriceCents,
        booksCents: item.quantity * item.priceCents,
        protectionCents: item.quantity * item.protectionPriceCents,
        discountCents: item.discountCents,
        amountCents: linePaidCents(item),
        refundedQuantity: item.refundedQuantity,
        refundedCents: item.refundedCents,
        toShip: digital ? 0 : item.quantity - item.refundedQuantity,
      };
    });
  return {
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.booksCents, 0),
    protectionCents: lines.reduce((sum, line) => sum + line.protectionCents, 0),
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    delivery: order.shippingMethod !== null || order.shippingCents > 0,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    shippingRefundedCents: order.shippingRefundedCents,
    netCents: order.totalCents - order.refundedCents,
  };
}

/** Where an order's refunds stand. */
export function refundState(order: Pick<OrderRow, 'totalCents' | 'refundedCents'>): RefundState {
  if (order.refundedCents <= 0) return 'none';
  return order.refundedCents >= order.totalCents ? 'full' : 'partial';
}

export function summaryToJson(summary: Summary): OrderSummary {
  return {
    lines: summary.lines.map((line) => ({
      item: line.item,
      title: line.title,
      format: line.format,
      condition: line.condition,
      isbn: line.isbn,
      digital: line.digital,
      quantity: line.quantity,
      unit_price: centsToMoney(line.unitCents),
      protection_price: centsToMoney(line.protectionPriceCents),
      books: centsToMoney(line.booksCents),
      protection: centsToMoney(line.protectionCents),
      discount: centsToMoney(line.discountCents),
      amount: centsToMoney(line.amountCents),
      refunded_quantity: line.refundedQuantity,
      refunded_amount: centsToMoney(line.refundedCents),
      to_ship: line.toShip,
    })),
    subtotal: centsToMoney(summary.subtotalCents),
    protection: centsToMoney(summary.protectionCents),
    discount: centsToMoney(summary.discountCents),
    shipping: centsToMoney(summary.shippingCents),
    delivery: summary.delivery,
    total: centsToMoney(summary.totalCents),
    refunded: centsToMoney(summary.refundedCents),
    shipping_refunded: centsToMoney(summary.shippingRefundedCents),
    net: centsToMoney(summary.netCents),
  };
}

/** One order's summary as it stands, for the documents made outside a request (e-mails); undefined: no such order. */
export async function orderSummaryOf(db: Queryable, orderId: number): Promise<Summary | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  return summarizeOrder(order, await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)));
}
