import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.js';
import {
  type Actor,
  cancelOrder,
  deliverOrder,
  getOrderFor,
  getStaffOrder,
  returnOrder,
  shipOrder,
} from '../orders/index.js';
import { revokeDownloads } from '../downloads/index.js';
import { openRefund, type PaymentProvider, sendRefund } from '../payments/index.js';

/**
 * What happens to an order after the sale (docs/decisions/0018-after-the-sale.md): ship, deliver,
 * cancel, refund, return. Each change is one function of orders/transitions.ts; a change that gives
 * money back records its refund (payments) in the same transaction, and the provider is asked after
 * commit, outside it. This module only combines the two.
 */

export interface AfterSale {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

/** Runs `change` in one transaction, then asks the provider for the refund it recorded, if any. */
async function withRefund(ctx: AfterSale, change: (tx: Transaction) => Promise<number | null>): Promise<void> {
  const refundId = await ctx.db.transaction(change);
  if (refundId !== null) await sendRefund(ctx.db, ctx.provider, ctx.log, refundId);
}

export async function cancel(ctx: AfterSale, orderId: number, actor: Actor, reason?: string) {
  await withRefund(ctx, async (tx) => {
    const done = await cancelOrder(tx, orderId, actor, reason);
    if (done.refundDueCents === 0) return null;
    const refund = await openRefund(tx, {
      orderId,
      actor,
      ask: { cents: done.refundDueCents, allCopies: true },
      provider: ctx.provider.name,
      reason: reason ?? 'Order cancelled',
    });
    return refund?.id ?? null;
  });
}

export async function ship(
  ctx: AfterSale,
  orderId: number,
  actor: Actor,
  parcel: { carrier: string; trackingNumber: string },
) {
  await ctx.db.transaction((tx) => shipOrder(tx, orderId, actor, parcel));
}

export async function deliver(ctx: AfterSale, orderId: number, actor: Actor) {
  await ctx.db.transaction((tx) => deliverOrder(tx, orderId, actor));
}

export async function refund(
  ctx: AfterSale,
  orderId: number,
  actor: Actor,
  asked: {
    amountCents?: number;
    items?: { item: number; quantity: number }[];
    restock?: boolean;
    reason?: string;
    requestKey?: string;
  },
) {
  await withRefund(ctx, async (tx) => {
    const row = await openRefund(tx, {
      orderId,
      actor,
      ask: asked.items ? { items: asked.items, restock: asked.restock } : { cents: asked.amountCents },
      provider: ctx.provider.name,
      reason: asked.reason,
      requestKey: asked.requestKey,
    });
    if (asked.items) await revokeDownloads(tx, orderId, asked.items);
    return row?.status === 'pending' ? row.id : null;
  });
}

/** Return: copies back on sale; `refundCents` undefined gives back all that is left, 0 nothing. */
export async function takeBack(
  ctx: AfterSale,
  orderId: number,
  actor: Actor,
  asked: { refundCents?: number; reason?: string; restock?: boolean },
) {
  await withRefund(ctx, async (tx) => {
    const done = await returnOrder(tx, orderId, actor, asked.reason, asked.restock ?? true);
    if (!done.changed) return null;
    const amount = asked.refundCents ?? done.refundDueCents;
    if (amount === 0 || done.refundDueCents === 0) return null;
    const row = await openRefund(tx, {
      orderId,
      actor,
      ask: { cents: amount, allCopies: true },
      provider: ctx.provider.name,
      reason: asked.reason ?? 'Order returned',
    });
    return row?.id ?? null;
  });
}

export { getOrderFor, getStaffOrder };
