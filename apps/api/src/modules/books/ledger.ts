import type { StockReason } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/**
 * The stock ledger: every change of a printed edition's copies gets a line, written in the transaction
 * that makes the change, so the lines of an edition add up to its stock. The shop writes its own
 * (sold, released, cancelled, returned, edited, added); staff adjust with a reason (adjustments.ts,
 * POST /api/admin/editions/{id}/stock/). eBooks have no stock and no ledger.
 */

export interface Movement {
  edition: number;
  change: number;
  reason: StockReason;
  orderId?: number | null;
  actorId?: number | null;
  note?: string;
}

/**
 * Writes the ledger's lines for changes already made to the editions' stock in this transaction: each
 * line's `stock_after` is the edition's copies now. Changes of 0 and eBooks write nothing. Returns the lines' ids.
 */
export async function recordMovements(tx: Queryable, moves: Movement[]): Promise<number[]> {
  const real = moves.filter((m) => m.change !== 0);
  if (real.length === 0) return [];
  const written = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO stock_movements (edition_id, change, reason, note, order_id, actor_id, stock_after)
        SELECT m.edition, m.change, m.reason, m.note, m.order_id, m.actor_id, e.stock_amount
        FROM (VALUES ${sql.join(
          real.map(
            (m, i) =>
              sql`(${i}::int, ${m.edition}::int, ${m.change}::int, ${m.reason}::text, ${m.note ?? ''}::text, ${m.orderId ?? null}::int, ${m.actorId ?? null}::int)`,
          ),
          sql`, `,
        )}) AS m(n, edition, change, reason, note, order_id, actor_id)
        JOIN editions e ON e.id = m.edition AND e.stock_amount IS NOT NULL
        ORDER BY m.n
        RETURNING id`,
  );
  return written.map((row) => row.id);
}

/**
 * Opens the ledger of editions that have copies and no line yet (a new title's first edition, made by
 * the database from the title's fields; the demo catalogue): one 'added' line each. Every edition when
 * `bookIds` is not given. `newTitles`: the titles were made in this transaction, so none has a line yet
 * (a bulk load skips the look).
 */
export async function openLedgers(
  tx: Queryable,
  bookIds?: number[],
  options: { actorId?: number | null; newTitles?: boolean } = {},
): Promise<void> {
  const scope = bookIds
    ? sql`AND e.book_id IN (${sql.join(
        bookIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  if (bookIds?.length === 0) return;
  await tx.execute(
    sql`INSERT INTO stock_movements (edition_id, change, reason, actor_id, stock_after)
        SELECT e.id, e.stock_amount, 'added', ${options.actorId ?? null}::int, e.stock_amount FROM editions e
        WHERE e.stock_amount > 0 ${scope}
          ${options.newTitles ? sql`` : sql`AND NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.edition_id = e.id)`}
        ORDER BY e.id`,
  );
}
