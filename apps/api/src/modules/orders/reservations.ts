import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { invalidateAnswers } from '../../lib/answers/cache.js';
import { expireOrder } from './transitions.js';

const BATCH = 200;

/**
 * Gives back the copies held by unpaid orders whose reservation ran out, and marks those orders
 * 'cancelled' (payment_status stays 'pending': a late payment can still complete them, see
 * markPaid), each through the one function for that change (`expireOrder`, transitions.ts). One
 * transaction per batch, claimed with `FOR UPDATE SKIP LOCKED`, lets several server processes
 * sweep at once without waiting for or double-releasing each other's orders, and a payment being
 * recorded for the same order at the same moment either wins (the order is no longer unpaid) or sees
 * stock_released and takes the copies again. Returns how many orders were released.
 */
export async function releaseExpiredReservations(db: Database, batch = BATCH): Promise<number> {
  let released = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const expired = await rows<{ id: number }>(
        tx,
        sql`SELECT id FROM orders
            WHERE payment_status <> 'success' AND NOT stock_released AND reserved_until < now()
            ORDER BY reserved_until
            LIMIT ${batch}
            FOR UPDATE SKIP LOCKED`,
      );
      let count = 0;
      for (const { id } of expired) if (await expireOrder(tx, id)) count += 1;
      return { claimed: expired.length, count };
    });
    released += n.count;
    if (n.claimed < batch) return released;
  }
}

/**
 * The scheduled sweep (src/jobs.ts): releases what ran out and, when it released anything, clears the
 * kept answers, since stock went back on the shelves outside any request.
 */
export async function sweepExpiredReservations(db: Database, log: FastifyBaseLogger): Promise<number> {
  const n = await releaseExpiredReservations(db);
  if (n > 0) {
    invalidateAnswers(db);
    log.info({ orders: n }, 'released the stock of expired reservations');
  }
  return n;
}
