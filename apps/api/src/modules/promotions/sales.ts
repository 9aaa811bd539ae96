import {
  centsToMoney,
  type HeadlineSale,
  type Sale,
  type SalePreview,
  type SaleRequest,
  type SaleUpdate,
  saleMessages,
} from '@bookstore/contract';
import { and, asc, desc, eq, lte, or, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/client.js';
import { intArray, rows } from '../../db/rows.js';
import { sales } from '../../db/schema.js';
import { invalidateAnswers } from '../../lib/answers/cache.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { fieldsError } from '../../lib/form.js';
import { repriceBooks, SALE_PRICE_OF, SALE_REACHES } from '../books/index.js';
import { wakeJob } from '../jobs/index.js';

/**
 * Sales scheduled by staff (docs/decisions/0019-sales-and-price-history.md). A sale only changes prices
 * through its boundaries: `runSaleBoundaries`, on one process at a time, moves each sale whose start or
 * end has come to 'running' or 'ended' and asks the books module to price the books it reaches again;
 * then every process's kept answers are cleared.
 */

type SaleRow = typeof sales.$inferSelect;

/** Books with the most copies sold in paid orders of the 30 days before `now`; featured books fill the rest. */
export async function bestsellers(db: Queryable, n: number, now: Date = clock.now()): Promise<number[]> {
  const at = now.toISOString();
  const found = await rows<{ id: number }>(
    db,
    sql`WITH sold AS (
          SELECT oi.book_id AS id, sum(oi.quantity) AS copies
          FROM orders o JOIN order_items oi ON oi.order_id = o.id
          JOIN books b ON b.id = oi.book_id AND b.review_status = 'approved'
          WHERE o.payment_status = 'success' AND o.status <> 'cancelled'
            AND o.paid_at > ${at}::timestamptz - interval '30 days' AND o.paid_at <= ${at}::timestamptz
          GROUP BY oi.book_id ORDER BY copies DESC, oi.book_id LIMIT ${n}
        )
        SELECT id FROM (
          SELECT id, 0 AS rank, copies, NULL::timestamptz AS created FROM sold
          UNION ALL
          SELECT b.id, 1, 0, b.created_at FROM books b
          WHERE b.featured AND b.review_status = 'approved' AND b.id NOT IN (SELECT id FROM sold)
        ) picked
        ORDER BY rank, copies DESC, created DESC, id LIMIT ${n}`,
  );
  return found.map((row) => row.id);
}

function toSale(row: SaleRow): Sale {
  return {
    id: row.id,
    name: row.name,
    percent_off: row.kind === 'percent' ? row.amount : null,
    amount_off: row.kind === 'amount' ? centsToMoney(row.amount) : null,
    target: row.target as Sale['target'],
    target_ids: row.targetIds,
    bestsellers: row.bestsellers,
    headline: row.headline,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.state as Sale['status'],
    active: row.active,
    book_ids: row.target === 'books' || row.target === 'bestsellers' ? row.bookIds : [],
  };
}

const SALE_LOCK = 7_270_019;

/**
 * Applies every start and end that has come by `now`, in the order they came, on one process at a time
 * (a transaction-scoped advisory lock; a process that does not get it leaves the work to the one that
 * did). Returns how many sales changed state; when any did, every process's kept answers are cleared.
 */
export async function runSaleBoundaries(
  db: Database,
  now: Date = clock.now(),
  options: { wait?: boolean } = {},
): Promise<number> {
  const changed = await db.transaction(async (tx) => {
    if (options.wait) await tx.execute(sql`SELECT pg_advisory_xact_lock(${SALE_LOCK})`);
    else {
      const [lock] = await rows<{ got: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${SALE_LOCK}) AS got`);
      if (!lock?.got) return 0;
    }
    const due = await tx
      .select()
      .from(sales)
      .where(
        or(
          and(eq(sales.state, 'scheduled'), lte(sales.startsAt, now)),
          and(eq(sales.state, 'running'), lte(sales.endsAt, now)),
        ),
      )
      .orderBy(asc(sales.startsAt), asc(sales.id));
    for (const sale of due) await crossBoundary(tx, sale, now);
    return due.length;
  });
  if (changed > 0) invalidateAnswers(db);
  return changed;
}

async function crossBoundary(tx: Transaction, sale: SaleRow, now: Date) {
  if (sale.state === 'scheduled' && sale.endsAt <= now) {
    // Its whole time passed while no process ran: it never priced anything.
    await tx.update(sales).set({ state: 'ended' }).where(eq(sales.id, sale.id));
    return;
  }
  if (sale.state === 'scheduled') {
    const bookIds =
      sale.target === 'bestsellers'
        ? await bestsellers(tx, sale.bestsellers ?? 0, now)
        : sale.target === 'books'
          ? sale.targetIds
          : [];
    await tx.update(sales).set({ state: 'running', bookIds }).where(eq(sales.id, sale.id));
    await repriceBooks(tx, { target: sale.target as 'all', targetIds: sale.targetIds, bookIds }, 'sale-start', now);
    return;
  }
  await tx.update(sales).set({ state: 'ended' }).where(eq(sales.id, sale.id));
  await repriceBooks(
    tx,
    { target: sale.target as 'all', targetIds: sale.targetIds, bookIds: sale.bookIds },
    'sale-end',
    now,
  );
}

/** When the next start or end comes, if any. */
async function nextBoundary(db: Database): Promise<Date | null> {
  const [row] = await rows<{ next: string | null }>(
    db,
    sql`SELECT min(CASE WHEN state = 'scheduled' THEN starts_at ELSE ends_at END) AS next
        FROM sales WHERE state <> 'ended'`,
  );
  return row?.next ? new Date(row.next) : null;
}

/** The scheduled job that applies sales' starts and ends (src/jobs.ts). */
export const SALE_BOUNDARIES_JOB = 'sale-boundaries';

/**
 * The job's run: applies every boundary due at `now` and asks to run again at the next start or end
 * (the job's pattern also runs it every 30 s, whatever happens).
 */
export async function runDueSales(db: Database, now: Date = clock.now()): Promise<Date | null> {
  await runSaleBoundaries(db, now);
  return nextBoundary(db);
}

/**
 * A sale saved now has a boundary at `at`: the job runs then, on whichever worker claims it (the
 * scheduler's row says so to every process; this one's own scheduler, if it runs one, wakes for it).
 */
function wakeBy(db: Database, at: Date): Promise<void> {
  return wakeJob(db, SALE_BOUNDARIES_JOB, at);
}

/* ------------------------------------------------------------------ staff */

export async function listSales(db: Database): Promise<Sale[]> {
  const found = await db.select().from(sales).orderBy(desc(sales.startsAt), desc(sales.id)).limit(200);
  return found.map(toSale);
}

/**
 * Creates a sale; one that starts now (or earlier) is applied at once, and this process's scheduler
 * wakes at its next boundary however soon that comes.
 */
export async function createSale(db: Database, input: SaleRequest, by: number | null): Promise<Sale> {
  if (Date.parse(input.ends_at) <= clock.now().getTime()) {
    throw new AppError(422, saleMessages.endInPast, { ends_at: [saleMessages.endInPast] });
  }
  const [row] = await db
    .insert(sales)
    .values({
      name: input.name,
      kind: input.percent_off !== undefined ? 'percent' : 'amount',
      amount: input.percent_off ?? input.amount_off!,
      target: input.target,
      targetIds: input.target === 'all' || input.target === 'bestsellers' ? [] : input.target_ids,
      bestsellers: input.target === 'bestsellers' ? input.bestsellers! : null,
      headline: input.headline,
      startsAt: new Date(input.starts_at),
      endsAt: new Date(input.ends_at),
      createdBy: by,
    })
    .returning();
  await runSaleBoundaries(db, clock.now(), { wait: true });
  const sale = await findSale(db, row!.id);
  if (sale.status !== 'ended') {
    await wakeBy(db, new Date(sale.status === 'scheduled' ? sale.starts_at : sale.ends_at));
  }
  return sale;
}

async function findSale(db: Database, id: number): Promise<Sale> {
  const [row] = await db.select().from(sales).where(eq(sales.id, id));
  if (!row) throw notFound(saleMessages.notFound);
  return toSale(row);
}

/** Ends a sale now (a scheduled one never starts); prices go back at once. */
export async function endSale(db: Database, id: number): Promise<Sale> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SALE_LOCK})`);
    const [row] = await tx.select().from(sales).where(eq(sales.id, id)).for('update');
    if (!row) throw notFound(saleMessages.notFound);
    if (row.state === 'ended') throw unprocessable(saleMessages.alreadyEnded);
    // The end is now, or just after the start for one that has not started (a sale ends after it starts).
    const endsAt = new Date(Math.max(now.getTime(), row.startsAt.getTime() + 1));
    await tx.update(sales).set({ endsAt }).where(eq(sales.id, id));
    await crossBoundary(tx, { ...row, endsAt }, endsAt);
  });
  invalidateAnswers(db);
  return findSale(db, id);
}

/** The books a sale reaches, as the books module prices them. */
const scopeOf = (row: SaleRow) => ({ target: row.target as 'all', targetIds: row.targetIds, bookIds: row.bookIds });

/**
 * Changes a sale that has not ended. Name, headline, the amount off, the end and `active` (pause,
 * resume) change at any time; the start and what it reaches only before it starts (once it has priced
 * books, those are its history). A change to a running sale reprices its books in the same transaction,
 * under the boundaries' lock, and every process's kept answers are cleared: prices are right at once.
 */
export async function updateSale(db: Database, id: number, input: SaleUpdate): Promise<Sale> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SALE_LOCK})`);
    const [row] = await tx.select().from(sales).where(eq(sales.id, id)).for('update');
    if (!row) throw notFound(saleMessages.notFound);
    if (row.state === 'ended') throw conflict(saleMessages.ended);
    const running = row.state === 'running';
    const startsAt = input.starts_at ? new Date(input.starts_at) : row.startsAt;
    const endsAt = input.ends_at ? new Date(input.ends_at) : row.endsAt;
    const reachChanges =
      (input.target !== undefined && input.target !== row.target) ||
      input.target_ids !== undefined ||
      input.bestsellers !== undefined;
    if (running && (startsAt.getTime() !== row.startsAt.getTime() || reachChanges)) {
      throw conflict(saleMessages.started);
    }
    if (input.ends_at && endsAt <= now) throw fieldsError({ ends_at: [saleMessages.endInPast] }, 422);
    if (endsAt <= startsAt) throw fieldsError({ ends_at: [saleMessages.dates] });
    const target = input.target ?? row.target;
    const targetIds =
      target === 'all' || target === 'bestsellers'
        ? []
        : (input.target_ids ?? (target === row.target ? row.targetIds : []));
    if (['books', 'categories', 'authors'].includes(target) && targetIds.length === 0) {
      throw fieldsError({ target_ids: [saleMessages.targets] });
    }
    const bestsellersCount = target === 'bestsellers' ? (input.bestsellers ?? row.bestsellers) : null;
    if (target === 'bestsellers' && !bestsellersCount) throw fieldsError({ bestsellers: [saleMessages.bestsellers] });
    const kind = input.percent_off !== undefined ? 'percent' : input.amount_off !== undefined ? 'amount' : row.kind;
    const amount = input.percent_off ?? input.amount_off ?? row.amount;
    const active = input.active ?? row.active;
    const [next] = await tx
      .update(sales)
      .set({
        name: input.name ?? row.name,
        headline: input.headline ?? row.headline,
        kind,
        amount,
        active,
        target,
        targetIds,
        bestsellers: bestsellersCount,
        startsAt,
        endsAt,
      })
      .where(eq(sales.id, id))
      .returning();
    if (running && (kind !== row.kind || amount !== row.amount || active !== row.active)) {
      const reason = active === row.active ? 'sale-change' : active ? 'sale-start' : 'sale-end';
      await repriceBooks(tx, scopeOf(next!), reason, now);
    }
  });
  // A start moved to now (or earlier) applies at once; the scheduler wakes at the new boundary.
  await runSaleBoundaries(db, now, { wait: true });
  invalidateAnswers(db);
  const sale = await findSale(db, id);
  if (sale.status !== 'ended') {
    await wakeBy(db, new Date(sale.status === 'scheduled' ? sale.starts_at : sale.ends_at));
  }
  return sale;
}

/**
 * Deletes a sale that has not started: it never priced anything. One that has (running or ended) is in
 * the books' price history: 409, end it instead.
 */
export async function deleteSale(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SALE_LOCK})`);
    const [row] = await tx.select().from(sales).where(eq(sales.id, id)).for('update');
    if (!row) throw notFound(saleMessages.notFound);
    if (row.state !== 'scheduled') throw conflict(saleMessages.inUse);
    await tx.delete(sales).where(eq(sales.id, id));
  });
}

/** The books a sale would reach if it ran now, with their prices; the first 50 by title, and how many. */
export async function previewSale(db: Database, input: SaleRequest): Promise<SalePreview> {
  const bookIds = input.target === 'bestsellers' ? await bestsellers(db, input.bestsellers ?? 0) : input.target_ids;
  const kind = input.percent_off !== undefined ? 'percent' : 'amount';
  const amount = input.percent_off ?? input.amount_off ?? 0;
  const sale = sql`(SELECT ${kind}::text AS kind, ${amount}::int AS amount, ${input.target}::text AS target,
      ${intArray(input.target === 'bestsellers' || input.target === 'books' ? [] : input.target_ids)} AS target_ids,
      ${intArray(input.target === 'books' || input.target === 'bestsellers' ? bookIds : [])} AS book_ids) p`;
  const found = await rows<{ id: number; title: string; regular: number; now: number; sale: number; total: number }>(
    db,
    sql`SELECT b.id, b.title, b.regular_price_cents AS regular, b.price_cents AS now,
          ${SALE_PRICE_OF(sql`p`)} AS sale, count(*) OVER ()::int AS total
        FROM books b, ${sale}
        WHERE b.review_status = 'approved' AND ${SALE_REACHES(sql`p`)}
        ORDER BY lower(b.title), b.id LIMIT 50`,
  );
  return {
    count: found[0]?.total ?? 0,
    books: found.map((b) => ({
      id: b.id,
      title: b.title,
      regular_price: centsToMoney(b.regular),
      price_now: centsToMoney(b.now),
      sale_price: centsToMoney(b.sale),
    })),
  };
}

/** The running headline sale (the latest started, when several), for the home page's hero. */
export async function headlineSale(db: Database): Promise<HeadlineSale> {
  const [row] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.state, 'running'), eq(sales.active, true), eq(sales.headline, true)))
    .orderBy(desc(sales.startsAt), desc(sales.id))
    .limit(1);
  if (!row) return { sale: null };
  const sale = toSale(row);
  return {
    sale: {
      name: sale.name,
      percent_off: sale.percent_off,
      amount_off: sale.amount_off,
      target: sale.target,
      ends_at: sale.ends_at,
    },
  };
}
