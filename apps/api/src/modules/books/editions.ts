import {
  type Book,
  type BookChanges,
  createEditionSchema,
  editionMessages,
  type EditionChanges,
  type EditionFields,
  type EditionRemoved,
  updateEditionSchema,
} from '@bookstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { editions } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { fieldsError } from '../../lib/form.js';
import { recordMovements } from './ledger.js';
import { repriceBooks } from './prices.js';
import { noteRestock } from './stock.js';
import { DEFAULT_EDITION_OF, lockTitles, titlesRefreshedHere } from './titles.js';

/**
 * Staff's editions of a title (docs/decisions/0022-editions.md): add, change and remove. Every write
 * locks the title, prices the edition under the running sales and refreshes the title's copy of its
 * default edition, in one transaction. An edition that orders name is never deleted, only taken out of
 * the shop; the last edition of a title cannot be removed.
 */

type NewEdition = typeof editions.$inferInsert;

/** The stock an edition keeps: none for an eBook, else what was sent (or what it had, or 0). */
function stockFor(format: string, sent: number | undefined, had: number | null | undefined): number | null {
  if (format === 'eBook') return null;
  return sent ?? had ?? 0;
}

/** The edition columns of a validated edition (or of a book's single-edition fields). */
export function editionColumns(input: Partial<EditionFields>): Partial<NewEdition> {
  const columns: Partial<NewEdition> = {
    format: input.format,
    condition: input.condition,
    conditionNote: input.condition_note,
    isbn: input.isbn,
    regularPriceCents: input.price,
    originalPriceCents: input.original_price,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** A book's old single-edition fields (book_type, condition, isbn, prices, stock) as an edition's. */
export function editionFieldsOfBook(input: BookChanges): Partial<EditionFields> {
  return {
    format: input.book_type,
    condition: input.condition,
    isbn: input.isbn,
    price: input.price,
    original_price: input.original_price,
    stock_amount: input.stock_amount,
  };
}

/** Adds an edition to a title whose row the caller locked; its price follows the running sales; its copies open its ledger. */
export async function insertEdition(
  tx: Transaction,
  bookId: number,
  input: EditionFields,
  by: number | null = null,
): Promise<number> {
  await titlesRefreshedHere(tx);
  const [row] = await tx
    .insert(editions)
    .values({
      bookId,
      ...editionColumns(input),
      format: input.format,
      priceCents: input.price,
      regularPriceCents: input.price,
      stockAmount: stockFor(input.format, input.stock_amount, undefined),
    })
    .returning({ id: editions.id, stock: editions.stockAmount });
  await recordMovements(tx, [{ edition: row!.id, change: row!.stock ?? 0, reason: 'added', actorId: by }]);
  return row!.id;
}

/** The title's default edition (the one its old fields describe). */
export async function defaultEditionId(db: Queryable, bookId: number): Promise<number | undefined> {
  const [row] = await rows<{ id: number | null }>(
    db,
    sql`SELECT ${DEFAULT_EDITION_OF(sql`b`)} AS id FROM books b WHERE b.id = ${bookId}`,
  );
  return row?.id ?? undefined;
}

/**
 * Changes one edition of a title whose row the caller locked; then prices it again and refreshes the
 * title. Stock that comes back from none tells the shoppers waiting for the title. False when the
 * edition is not the title's (or not in the shop).
 */
export async function changeEdition(
  tx: Transaction,
  bookId: number,
  editionId: number,
  input: Partial<EditionFields>,
  by: number | null = null,
): Promise<boolean> {
  const [current] = await tx
    .select()
    .from(editions)
    .where(and(eq(editions.id, editionId), eq(editions.bookId, bookId), eq(editions.available, true)))
    .for('no key update');
  if (!current) return false;
  const format = input.format ?? current.format;
  const stock = stockFor(format, input.stock_amount, current.stockAmount);
  await titlesRefreshedHere(tx);
  await tx
    .update(editions)
    .set({ ...editionColumns(input), stockAmount: stock, updatedAt: sql`now()` })
    .where(eq(editions.id, editionId));
  // Staff typed a new figure: the ledger keeps the difference (a paper edition made an eBook leaves it).
  if (stock !== null) {
    const change = stock - (current.stockAmount ?? 0);
    const reason = current.stockAmount === null ? 'added' : 'edited';
    await recordMovements(tx, [{ edition: editionId, change, reason, actorId: by }]);
  }
  await repriceBooks(tx, { ids: [bookId] }, 'staff');
  await noteRestock(tx, bookId, current.stockAmount, stock);
  return true;
}

function editionError(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || '_';
    (fields[name] ??= []).push(issue.message);
  }
  return fieldsError(fields);
}

export interface EditionDeps {
  db: Database;
  /** The title as staff see it, after the change. */
  book(id: number): Promise<Book>;
  changed(tx: Transaction, bookId: number, by: number): Promise<void>;
}

/**
 * Runs one staff change of a title's editions in a transaction: the title locked (404 when there is
 * none), the write, its change recorded; answers the title as staff see it after.
 */
async function inTitle(deps: EditionDeps, bookId: number, by: number, write: (tx: Transaction) => Promise<void>) {
  await deps.db.transaction(async (tx) => {
    await lockTitles(tx, [bookId]);
    const [found] = await rows<{ id: number }>(tx, sql`SELECT id FROM books WHERE id = ${bookId}`);
    if (!found) throw notFound('Book not found');
    await write(tx);
    await deps.changed(tx, bookId, by);
  });
  return deps.book(bookId);
}

export async function addEdition(deps: EditionDeps, bookId: number, body: unknown, by: number): Promise<Book> {
  const parsed = createEditionSchema.safeParse(body);
  if (!parsed.success) throw editionError(parsed.error);
  return inTitle(deps, bookId, by, async (tx) => {
    await insertEdition(tx, bookId, parsed.data, by);
    await repriceBooks(tx, { ids: [bookId] }, 'staff');
  });
}

export async function editEdition(
  deps: EditionDeps,
  bookId: number,
  editionId: number,
  body: unknown,
  by: number,
): Promise<Book> {
  const parsed = updateEditionSchema.safeParse(body);
  if (!parsed.success) throw editionError(parsed.error);
  const input: EditionChanges = parsed.data;
  return inTitle(deps, bookId, by, async (tx) => {
    if (!(await changeEdition(tx, bookId, editionId, input, by))) throw notFound(editionMessages.notFound);
  });
}

/**
 * Removes an edition: deleted when no order names it, else taken out of the shop (kept for the orders'
 * history). The title's last edition in the shop stays (409).
 */
export async function removeEdition(
  deps: EditionDeps,
  bookId: number,
  editionId: number,
  by: number,
): Promise<EditionRemoved> {
  let answer: EditionRemoved | undefined;
  await inTitle(deps, bookId, by, async (tx) => {
    const [found] = await rows<{ others: number; ordered: boolean }>(
      tx,
      sql`SELECT (SELECT count(*)::int FROM editions o WHERE o.book_id = e.book_id AND o.available AND o.id <> e.id) AS others,
            EXISTS (SELECT 1 FROM order_items oi WHERE oi.edition_id = e.id) AS ordered
          FROM editions e WHERE e.id = ${editionId} AND e.book_id = ${bookId} AND e.available`,
    );
    if (!found) throw notFound(editionMessages.notFound);
    if (found.others === 0) throw conflict(editionMessages.lastOne);
    await titlesRefreshedHere(tx);
    if (found.ordered) {
      await tx
        .update(editions)
        .set({ available: false, updatedAt: sql`now()` })
        .where(eq(editions.id, editionId));
    } else {
      await tx.delete(editions).where(eq(editions.id, editionId));
    }
    await repriceBooks(tx, { ids: [bookId] }, 'staff');
    answer = {
      ok: true as const,
      kept: found.ordered,
      message: found.ordered ? editionMessages.keptForOrders : editionMessages.removed,
    };
  });
  return answer!;
}
