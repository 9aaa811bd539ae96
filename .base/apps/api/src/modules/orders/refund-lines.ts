import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { orderItems } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { copies } from './checkout.js';

/**
 * What giving back some copies of an order's lines is worth: per copy, its price and protection plan
 * as bought, less its share of the promo code's discount (each line keeps its share, docs/product.md
 * "Sales and promo codes"), so a partial refund never gives back more than the shopper paid for them.
 * A line that is not the order's, or more copies than were bought, is refused in the shop's words.
 */
const refused = (message: string) => new AppError(422, message, { items: [message] });

export async function linesRefundCents(
  tx: Transaction,
  orderId: number,
  wanted: { item: number; quantity: number }[],
): Promise<number> {
  const ids = [...new Set(wanted.map((w) => w.item))];
  const lines = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, ids)));
  let cents = 0;
  for (const id of ids) {
    const line = lines.find((l) => l.id === id);
    if (!line) throw refused(`Line ${id} is not part of this order.`);
    const quantity = wanted.filter((w) => w.item === id).reduce((sum, w) => sum + w.quantity, 0);
    if (quantity > line.quantity) {
      throw refused(`Only ${copies(line.quantity)} of "${line.title}" ${line.quantity === 1 ? 'was' : 'were'} bought.`);
    }
    const gross = quantity * (line.priceCents + line.protectionPriceCents);
    const keptBack = Math.round((line.discountCents * quantity) / line.quantity);
    cents += gross - keptBack;
  }
  if (cents <= 0) throw refused('These copies were free: there is nothing to give back.');
  return cents;
}
