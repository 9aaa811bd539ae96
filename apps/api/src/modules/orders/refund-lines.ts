import { centsToMoney, splitCents } from '@bookstore/contract';
import type { orderItems, orders } from '../../db/schema.js';
import { AppError, conflict, unprocessable } from '../../lib/errors.js';
import { copies } from './words.js';
import { linePaidCents, shippingPaidCents } from './summary.js';

/**
 * Where a refund's money goes on an order (docs/decisions/0018-after-the-sale.md, "Refunds per line"):
 * every cent given back is counted on a line or on delivery, so an order's refunded amount is always
 * the sum of its lines' refunds and delivery's, and no line ever gives back more than was paid for it.
 * Plain functions of what the order holds now; `refundOrder` (transitions.ts) writes what they decide.
 */

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** What a refund asks for. */
export type RefundAsk =
  /** Some copies of some lines: each worth its share of what is left on its line. */
  | { items: { item: number; quantity: number }[]; restock?: boolean }
  /**
   * An amount (undefined: all that is left), spread over the lines and delivery in proportion to what is
   * left on each. `allCopies`: the whole order came back or was cancelled, so every copy counts as given
   * back too.
   */
  | { cents?: number; allCopies?: boolean };

/** Where a refund went: copies and cents per line, and delivery's cents. Kept with the refund, so a refused one can be taken back off exactly. */
export interface RefundAllocation {
  lines: { item: number; quantity: number; cents: number }[];
  shippingCents: number;
}

export const allocationCents = (allocation: RefundAllocation) =>
  allocation.lines.reduce((sum, line) => sum + line.cents, 0) + allocation.shippingCents;

const lineLeft = (item: ItemRow) => Math.max(0, linePaidCents(item) - item.refundedCents);
const copiesLeft = (item: ItemRow) => item.quantity - item.refundedQuantity;

const lineError = (status: 409 | 422, message: string) => new AppError(status, message, { items: [message] });

/**
 * Copies of chosen lines. Each copy is worth its share of what is left on its line, and the last copies
 * left take all that is left, so a line refunded a copy at a time gives back exactly what was paid for
 * it. A line that is not the order's is refused (422); more copies than are left to refund on a line is
 * a 409 in the shop's words.
 */
export function allocateCopies(items: ItemRow[], wanted: { item: number; quantity: number }[]): RefundAllocation {
  const asked = new Map<number, number>();
  for (const w of wanted) asked.set(w.item, (asked.get(w.item) ?? 0) + w.quantity);
  const lines: RefundAllocation['lines'] = [];
  for (const [id, quantity] of asked) {
    const line = items.find((item) => item.id === id);
    if (!line) throw lineError(422, `Line ${id} is not part of this order.`);
    const left = copiesLeft(line);
    if (quantity > left) {
      throw lineError(
        409,
        left === 0
          ? `Every copy of "${line.title}" has already been refunded.`
          : line.refundedQuantity === 0
            ? `Only ${copies(line.quantity)} of "${line.title}" ${line.quantity === 1 ? 'was' : 'were'} bought.`
            : `Only ${copies(left)} of "${line.title}" ${left === 1 ? 'is' : 'are'} left to refund (${line.refundedQuantity} of ${line.quantity} already refunded).`,
      );
    }
    const cents = quantity === left ? lineLeft(line) : Math.round((lineLeft(line) * quantity) / left);
    lines.push({ item: id, quantity, cents });
  }
  const allocation = { lines, shippingCents: 0 };
  if (allocationCents(allocation) <= 0) {
    throw lineError(422, 'These copies were free, or their money was given back already: there is nothing to refund.');
  }
  return allocation;
}

/**
 * An amount, spread over the lines and delivery in proportion to what is left on each (to the cent, by
 * `splitCents`). Undefined: all that is left on the order. Refused when nothing, or less than asked,
 * is left.
 */
export function allocateAmount(
  order: OrderRow,
  items: ItemRow[],
  cents: number | undefined,
  allCopies = false,
): RefundAllocation | null {
  const left = order.totalCents - order.refundedCents;
  if (cents === undefined) {
    if (left <= 0 && !allCopies) return null;
    cents = Math.max(0, left);
  } else {
    if (cents <= 0) throw unprocessable('Enter an amount above 0.00.');
    if (left <= 0) throw conflict('This order has already been refunded in full.');
    if (cents > left) {
      throw conflict(
        `You can refund at most ${centsToMoney(left)} more on this order (paid ${centsToMoney(order.totalCents)}, refunded ${centsToMoney(order.refundedCents)}).`,
      );
    }
  }
  const sorted = [...items].sort((a, b) => a.id - b.id);
  const shippingLeft = Math.max(0, shippingPaidCents(order, items) - order.shippingRefundedCents);
  const parts = splitCents(cents, [...sorted.map(lineLeft), shippingLeft]);
  return {
    lines: sorted
      .map((item, i) => ({ item: item.id, quantity: allCopies ? copiesLeft(item) : 0, cents: parts[i]! }))
      .filter((line) => line.quantity > 0 || line.cents > 0),
    shippingCents: parts[sorted.length]!,
  };
}
