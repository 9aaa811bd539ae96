import {
  editionMessages,
  type EditionStock,
  pageMeta,
  type StockAdjusted,
  stockAdjustmentSchema,
  stockMessages,
  type StockMovement,
  type StockReason,
} from '@bookstore/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { books, editions, stockMovements, users } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { validationError } from '../../lib/form.js';
import type { EditionDeps } from './editions.js';
import { recordMovements } from './ledger.js';
import { noteRestock } from './stock.js';
import { lockTitles, refreshTitlesById } from './titles.js';

/** Staff's view and adjustments of an edition's stock ledger (ledger.ts). */

type MovementRow = typeof stockMovements.$inferSelect & { by: string | null };

function toMovement(row: MovementRow): StockMovement {
  return {
    id: row.id,
    edition_id: row.editionId,
    change: row.change,
    reason: row.reason as StockReason,
    note: row.note,
    stock_after: row.stockAfter,
    order_id: row.orderId,
    by: row.by,
    created_at: row.createdAt.toISOString(),
  };
}

const movementColumns = {
  id: stockMovements.id,
  editionId: stockMovements.editionId,
  change: stockMovements.change,
  reason: stockMovements.reason,
  note: stockMovements.note,
  stockAfter: stockMovements.stockAfter,
  orderId: stockMovements.orderId,
  actorId: stockMovements.actorId,
  createdAt: stockMovements.createdAt,
  // Staff by name, or by e-mail when they gave none.
  by: sql<
    string | null
  >`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`,
};

/** An edition in the shop, with its title; 404 when there is none (or it was taken out of the shop). */
async function findEdition(db: Queryable, editionId: number) {
  const [found] = await db
    .select({
      id: editions.id,
      bookId: editions.bookId,
      title: books.title,
      format: editions.format,
      condition: editions.condition,
      stockAmount: editions.stockAmount,
    })
    .from(editions)
    .innerJoin(books, eq(books.id, editions.bookId))
    .where(and(eq(editions.id, editionId), eq(editions.available, true)));
  if (!found) throw notFound(editionMessages.notFound);
  return found;
}

/** GET /api/admin/editions/{id}/stock/: the copies now and the ledger, newest first. */
export async function editionStock(
  db: Database,
  editionId: number,
  page: { page: number; page_size: number },
): Promise<EditionStock> {
  const edition = await findEdition(db, editionId);
  const [total] = await db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.editionId, editionId));
  const found = await db
    .select(movementColumns)
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.actorId))
    .where(eq(stockMovements.editionId, editionId))
    .orderBy(desc(stockMovements.id))
    .limit(page.page_size)
    .offset((page.page - 1) * page.page_size);
  return {
    edition_id: edition.id,
    book_id: edition.bookId,
    title: edition.title,
    format: edition.format,
    condition: edition.condition,
    stock_amount: edition.stockAmount,
    data: found.map(toMovement),
    meta: pageMeta(page.page, page.page_size, total?.n ?? 0),
  };
}

/**
 * POST /api/admin/editions/{id}/stock/: staff add or remove copies with a reason. One conditional UPDATE
 * (never below 0), its ledger line, the title's stock refreshed, and shoppers waiting for the title told
 * when it comes back from none.
 */
export async function adjustStock(
  deps: EditionDeps,
  editionId: number,
  body: unknown,
  by: number,
): Promise<StockAdjusted> {
  const parsed = stockAdjustmentSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const { change, reason, note } = parsed.data;
  const edition = await findEdition(deps.db, editionId);
  const movementId = await deps.db.transaction(async (tx: Transaction) => {
    await lockTitles(tx, [edition.bookId]);
    const [before] = await tx.select({ stock: editions.stockAmount }).from(editions).where(eq(editions.id, editionId));
    if (!before) throw notFound(editionMessages.notFound);
    if (before.stock === null) throw conflict(stockMessages.ebook);
    const [after] = await tx
      .update(editions)
      .set({ stockAmount: sql`${editions.stockAmount} + ${change}`, updatedAt: sql`now()` })
      .where(and(eq(editions.id, editionId), sql`${editions.stockAmount} + ${change} >= 0`))
      .returning({ stock: editions.stockAmount });
    if (!after) throw conflict(stockMessages.notEnough(before.stock));
    const [line] = await recordMovements(tx, [{ edition: editionId, change, reason, note, actorId: by }]);
    const titleNow = await titleCopies(tx, edition.bookId);
    await refreshTitlesById(tx, [edition.bookId]);
    await noteRestock(tx, edition.bookId, titleNow - change, titleNow);
    await deps.changed(tx, edition.bookId, by);
    return line!;
  });
  const [row] = await deps.db
    .select(movementColumns)
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.actorId))
    .where(eq(stockMovements.id, movementId));
  return { edition_id: editionId, stock_amount: row!.stockAfter, movement: toMovement(row!) };
}

/** A title's copies in the shop now, over its available printed editions. */
async function titleCopies(db: Queryable, bookId: number): Promise<number> {
  const [found] = await rows<{ n: number | null }>(
    db,
    sql`SELECT sum(stock_amount)::int AS n FROM editions WHERE book_id = ${bookId} AND available`,
  );
  return found?.n ?? 0;
}
