import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { invalidateCatalogue } from '../catalogue/cache.js';
import { recordEvent } from '../events/index.js';

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
    // One transaction: the release and the 'book.restocked' events of books it brought back from 0
    // (their waiting shoppers are told after commit, modules/mail).
    const [result] = await db.transaction(async (tx) => {
      const found = await rows<{ orders: number; from_zero: { id: number; stock: number }[] | null }>(
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
      ), back AS (
        SELECT oi.book_id, sum(oi.quantity)::int AS quantity
        FROM order_items oi JOIN released r ON r.id = oi.order_id
        WHERE oi.book_id IS NOT NULL
        GROUP BY oi.book_id
      ), restocked AS (
        UPDATE books b SET stock_amount = b.stock_amount + back.quantity
        FROM back WHERE b.id = back.book_id
        RETURNING b.id, b.stock_amount AS after, b.stock_amount - back.quantity AS before
      )
      SELECT (SELECT count(*) FROM released)::int AS orders,
             (SELECT json_agg(json_build_object('id', id, 'stock', after)) FROM restocked WHERE before = 0) AS from_zero
    `,
      );
      for (const book of found[0]?.from_zero ?? []) {
        await recordEvent(tx, { type: 'book.restocked', key: book.id, payload: { bookId: book.id, stock: book.stock } });
      }
      return found;
    });
    const n = Number(result?.orders ?? 0);
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
        invalidateCatalogue(app.db);
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
