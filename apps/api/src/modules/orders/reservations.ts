import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { invalidateAnswers } from '../../lib/answers/cache.js';
import { returnAll } from '../books/index.js';

/** How often a server looks for reservations that ran out. */
export const SWEEP_INTERVAL_MS = 30_000;
const BATCH = 200;

/**
 * Gives back the copies held by unpaid orders whose reservation ran out, and marks those orders
 * 'cancelled' (payment_status stays 'pending': a late payment can still complete them, see
 * markPaid). One statement per batch: `FOR UPDATE SKIP LOCKED` lets several server processes
 * sweep at once without waiting for or double-releasing each other's orders, and a payment being
 * recorded for the same order at the same moment either wins (the order is no longer unpaid) or sees
 * stock_released and takes the copies again. Returns how many orders were released.
 */
export async function releaseExpiredReservations(db: Database, batch = BATCH): Promise<number> {
  let released = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const lines = await rows<{ order_id: number; book_id: number | null; quantity: number | null }>(
        tx,
        sql`
        WITH expired AS (
          SELECT id FROM orders
          WHERE payment_status <> 'success' AND NOT stock_released AND reserved_until < now()
          ORDER BY reserved_until
          LIMIT ${batch}
          FOR UPDATE SKIP LOCKED
        ), released AS (
          UPDATE orders o SET status = 'cancelled', stock_released = true
          FROM expired e
          WHERE o.id = e.id AND o.payment_status <> 'success' AND NOT o.stock_released
          RETURNING o.id
        )
        SELECT r.id AS order_id, oi.book_id, oi.quantity
        FROM released r LEFT JOIN order_items oi ON oi.order_id = r.id
      `,
      );
      const back = new Map<number, number>();
      for (const line of lines) {
        if (line.book_id !== null) back.set(line.book_id, (back.get(line.book_id) ?? 0) + Number(line.quantity));
      }
      // The copies go back through the books module, which owns stock.
      await returnAll(
        tx,
        [...back].map(([book, quantity]) => ({ book, quantity })),
      );
      return new Set(lines.map((line) => line.order_id)).size;
    });
    released += n;
    if (n < batch) return released;
  }
}

const sweepers = new WeakMap<Database, NodeJS.Timeout>();

/**
 * Runs the sweep now and then every SWEEP_INTERVAL_MS, in the background (the timer never keeps the
 * process alive). Stopped when the app closes (ordersRoutes registers the hook).
 */
export function startReservationSweeper(app: FastifyInstance, intervalMs = SWEEP_INTERVAL_MS) {
  stopReservationSweeper(app.db);
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const n = await releaseExpiredReservations(app.db);
      if (n > 0) {
        // Stock went back on the shelves outside any request: lists everywhere must show it.
        invalidateAnswers(app.db);
        app.log.info({ orders: n }, 'released the stock of expired reservations');
      }
    } catch (err) {
      app.log.warn({ err }, 'reservation sweep failed; will retry');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  sweepers.set(app.db, timer);
  void sweep();
}

export function stopReservationSweeper(db: Database) {
  const timer = sweepers.get(db);
  if (timer) clearInterval(timer);
  sweepers.delete(db);
}
