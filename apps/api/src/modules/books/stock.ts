import { sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { recordEvent } from '../events/index.js';
import { recordMovements } from './ledger.js';
import { lockTitles, refreshTitlesById } from './titles.js';

/**
 * Stock is kept per edition (docs/decisions/0022-editions.md) and taken with one conditional UPDATE
 * per edition (`stock_amount >= q`), never read-then-write, so two buyers on two processes can never
 * both get the last copy: the second UPDATE waits for the first's row lock, re-checks the condition on
 * the new value and matches no row. An eBook has no stock (null): it is never sold out and nothing is
 * taken or given back. The title's row is locked first, and titles are always taken in id order, so two
 * orders of the same books cannot deadlock; the title's copy of its default edition follows in the same
 * transaction. See docs/decisions/0006-checkout-and-stock.md.
 */

export interface StockLine {
  edition: number;
  quantity: number;
}

/** Why copies move, for the stock ledger (ledger.ts): the order they were sold to or came back from. */
export interface StockCause {
  orderId: number | null;
}

export interface TakenEdition {
  edition: number;
  book: number;
  priceCents: number;
  stockAmount: number | null;
}

/** The title of each edition (editions of deleted titles are gone with them). */
async function titlesOf(db: Queryable, lines: StockLine[]): Promise<Map<number, number>> {
  if (lines.length === 0) return new Map();
  const found = await rows<{ id: number; book_id: number }>(
    db,
    sql`SELECT id, book_id FROM editions WHERE id IN (${sql.join(
      lines.map((line) => sql`${line.edition}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((row) => [row.id, row.book_id]));
}

/** The lines in lock order: by title, then edition. */
function inLockOrder<T extends StockLine>(lines: T[], titles: Map<number, number>): T[] {
  return [...lines].sort(
    (a, b) => (titles.get(a.edition) ?? 0) - (titles.get(b.edition) ?? 0) || a.edition - b.edition,
  );
}

/**
 * Takes `quantity` copies of one edition if it and its title are for sale and it has them; null when
 * not. The caller has locked the title (`takeLines` does).
 */
async function takeEdition(db: Queryable, line: StockLine, cause: StockCause): Promise<TakenEdition | null> {
  const [taken] = await rows<{ edition: number; book: number; price_cents: number; stock_amount: number | null }>(
    db,
    sql`UPDATE editions e SET stock_amount = e.stock_amount - ${line.quantity}
        FROM books b
        WHERE e.id = ${line.edition} AND b.id = e.book_id AND b.available AND e.available
          AND (e.stock_amount IS NULL OR e.stock_amount >= ${line.quantity})
        RETURNING e.id AS edition, e.book_id AS book, e.price_cents, e.stock_amount`,
  );
  if (taken) await recordMovements(db, [{ edition: line.edition, change: -line.quantity, reason: 'sold', ...cause }]);
  return taken
    ? { edition: taken.edition, book: taken.book, priceCents: taken.price_cents, stockAmount: taken.stock_amount }
    : null;
}

/** Takes `quantity` copies of one edition (locking its title first); null when it cannot be sold so. */
export async function takeCopies(db: Queryable, line: StockLine, cause: StockCause): Promise<TakenEdition | null> {
  const [title] = [...(await titlesOf(db, [line])).values()];
  if (title === undefined) return null;
  await lockTitles(db, [title]);
  const taken = await takeEdition(db, line, cause);
  if (taken) await refreshTitlesById(db, [title]);
  return taken;
}

/**
 * A title's stock went from `before` to `after`: from none to some, `book.restocked` is recorded in the
 * same transaction, and the shoppers waiting for it are told after commit (modules/mail).
 */
export async function noteRestock(
  tx: Transaction,
  bookId: number,
  before: number | null,
  after: number | null,
): Promise<void> {
  if (before === 0 && after !== null && after > 0) {
    await recordEvent(tx, { type: 'book.restocked', key: bookId, payload: { bookId, stock: after } });
  }
}

/**
 * Gives back the copies of several lines at once (a released hold, a cancelled or returned order, a
 * refund's copies), locking titles in id order; the ledger says why.
 */
export async function returnAll(
  tx: Transaction,
  lines: StockLine[],
  cause: StockCause & { reason: 'released' | 'cancelled' | 'returned' },
): Promise<void> {
  const titles = await titlesOf(tx, lines);
  const ids = [...new Set(titles.values())].sort((a, b) => a - b);
  await lockTitles(tx, ids);
  const before = await titleStock(tx, ids);
  for (const line of inLockOrder(lines, titles)) {
    if (!titles.has(line.edition)) continue;
    await tx.execute(
      sql`UPDATE editions SET stock_amount = stock_amount + ${line.quantity}
          WHERE id = ${line.edition} AND stock_amount IS NOT NULL`,
    );
    await recordMovements(tx, [{ edition: line.edition, change: line.quantity, ...cause }]);
  }
  await refreshTitlesById(tx, ids);
  const after = await titleStock(tx, ids);
  for (const id of ids) await noteRestock(tx, id, before.get(id) ?? null, after.get(id) ?? null);
}

/** The copies of each title's editions left, in all (null: eBooks only). */
async function titleStock(db: Queryable, ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ book_id: number; stock: number | null }>(
    db,
    sql`SELECT book_id, sum(stock_amount)::int AS stock FROM editions
        WHERE available AND book_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) GROUP BY book_id`,
  );
  return new Map(found.map((row) => [row.book_id, row.stock]));
}

class Shortfall extends Error {}

/**
 * Takes every line or none (a savepoint inside the caller's transaction). Lines whose edition was
 * deleted (edition null) cannot be taken.
 */
export async function takeAllOrNothing(
  tx: Transaction,
  lines: { edition: number | null; quantity: number }[],
  cause: StockCause,
): Promise<boolean> {
  if (lines.some((line) => line.edition === null)) return false;
  const wanted = lines as StockLine[];
  try {
    await tx.transaction(async (savepoint) => {
      const titles = await titlesOf(savepoint, wanted);
      const ids = [...new Set(titles.values())].sort((a, b) => a - b);
      await lockTitles(savepoint, ids);
      for (const line of inLockOrder(wanted, titles)) {
        if (!(await takeEdition(savepoint, line, cause))) throw new Shortfall();
      }
      await refreshTitlesById(savepoint, ids);
    });
    return true;
  } catch (err) {
    if (err instanceof Shortfall) return false;
    throw err;
  }
}

/**
 * Takes the lines' copies in lock order (every title locked first), for checkout: the first line that
 * cannot be taken is returned (nothing is undone here: the caller's transaction rolls back).
 */
export async function takeLines<T extends StockLine>(
  tx: Transaction,
  lines: T[],
  cause: StockCause,
): Promise<{ refused: T | null; taken: Map<number, TakenEdition> }> {
  const titles = await titlesOf(tx, lines);
  const ids = [...new Set(titles.values())].sort((a, b) => a - b);
  await lockTitles(tx, ids);
  const taken = new Map<number, TakenEdition>();
  for (const line of inLockOrder(lines, titles)) {
    const got = await takeEdition(tx, line, cause);
    if (!got) return { refused: line, taken };
    taken.set(line.edition, got);
  }
  await refreshTitlesById(tx, ids);
  return { refused: null, taken };
}
