import { and, eq, gte, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client.js';
import { books } from '../../db/schema.js';
import { recordEvent } from '../events/index.js';

/**
 * Stock is taken with one conditional UPDATE per book (`stock_amount >= q`), never read-then-write, so
 * two buyers on two processes can never both get the last copy: the second UPDATE waits for the first's
 * row lock, re-checks the condition on the new value and matches no row. Books are always taken in id
 * order so two orders of the same books cannot deadlock. See docs/decisions/0006-checkout-and-stock.md.
 */

export interface StockLine {
  book: number;
  quantity: number;
}

export interface TakenBook {
  book: number;
  priceCents: number;
  stockAmount: number;
}

/** Takes `quantity` copies of one book if it is for sale and has them; null when it has not. */
export async function takeCopies(db: Queryable, line: StockLine): Promise<TakenBook | null> {
  const [taken] = await db
    .update(books)
    .set({ stockAmount: sql`${books.stockAmount} - ${line.quantity}` })
    .where(and(eq(books.id, line.book), eq(books.available, true), gte(books.stockAmount, line.quantity)))
    .returning({ book: books.id, priceCents: books.priceCents, stockAmount: books.stockAmount });
  return taken ?? null;
}

/**
 * A book's stock went from `before` to `after`: from none to some, `book.restocked` is recorded in the
 * same transaction, and the shoppers waiting for it are told after commit (modules/mail).
 */
export async function noteRestock(tx: Transaction, bookId: number, before: number, after: number): Promise<void> {
  if (before === 0 && after > 0) {
    await recordEvent(tx, { type: 'book.restocked', key: bookId, payload: { bookId, stock: after } });
  }
}

/** Gives copies back (a released hold); the stock after, or null when the book is gone. */
export async function returnCopies(db: Queryable, line: StockLine): Promise<number | null> {
  const [row] = await db
    .update(books)
    .set({ stockAmount: sql`${books.stockAmount} + ${line.quantity}` })
    .where(eq(books.id, line.book))
    .returning({ stock: books.stockAmount });
  return row?.stock ?? null;
}

/** Gives back the copies of several lines at once (a released hold), locking books in id order. */
export async function returnAll(tx: Transaction, lines: StockLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.book - b.book)) {
    const after = await returnCopies(tx, line);
    if (after !== null) await noteRestock(tx, line.book, after - line.quantity, after);
  }
}

class Shortfall extends Error {}

/**
 * Takes every line or none (a savepoint inside the caller's transaction). Lines whose book was
 * deleted (book null) cannot be taken.
 */
export async function takeAllOrNothing(
  tx: Transaction,
  lines: { book: number | null; quantity: number }[],
): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      for (const line of [...lines].sort((a, b) => (a.book ?? 0) - (b.book ?? 0))) {
        if (line.book === null) throw new Shortfall();
        if (!(await takeCopies(savepoint, { book: line.book, quantity: line.quantity }))) throw new Shortfall();
      }
    });
    return true;
  } catch (err) {
    if (err instanceof Shortfall) return false;
    throw err;
  }
}
