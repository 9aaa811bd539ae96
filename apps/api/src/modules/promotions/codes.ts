import {
  centsToMoney,
  type PromoCode,
  type PromoCodeRequest,
  type PromoCodeUpdate,
  promoMessages,
  splitCents,
} from '@bookstore/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { promoCodes } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { fieldsError } from '../../lib/form.js';
import { AppError, conflict, isUniqueViolation, notFound, unprocessable } from '../../lib/errors.js';

/**
 * Promo codes (docs/decisions/0019-sales-and-price-history.md). A code's uses are the orders that carry
 * it: paid ones, and unpaid ones still holding their copies (a use is held like a copy, so a code with
 * 10 uses left is used exactly 10 times however many shoppers try at once). An order that expires or is
 * cancelled unpaid gives its use back by itself, because it no longer holds: at its `reserved_until`,
 * whether or not the sweeper has released its copies yet. One account holds at most one unpaid use of a
 * code (docs/decisions/0028-trust-round-three.md).
 */

type CodeRow = typeof promoCodes.$inferSelect;

/** A line of a cart as the code judges it. */
export interface CodeLine {
  /** The title: a code limited to some books covers every edition of them. */
  book: number;
  /** The line's own key (its edition; docs/decisions/0022-editions.md): the discount's shares are by it. */
  line: number;
  category: number | null;
  /** The books' part of the line: quantity × price now (the protection plan is not discounted). */
  cents: number;
}

export interface AppliedCode {
  id: number;
  code: string;
  /** Each line's share of the discount, by its `line` key (0 for lines the code does not cover). */
  lineDiscounts: Map<number, number>;
  /** Delivery taken off (free delivery codes). */
  shippingDiscount: number;
  /** Everything taken off: the lines' shares and the delivery. */
  total: number;
}

/** A paid order uses its code; one cancelled (refunded in full) gives it back, as one cancelled unpaid does. */
const PAID = sql`(o.payment_status = 'success' AND o.status <> 'cancelled')`;
const USES = sql`count(*) FILTER (WHERE ${PAID})::int`;
/** An unpaid order holds its use while it holds its copies: not released, not cancelled, not past its reservation. */
const HOLDS = sql`(o.payment_status <> 'success' AND NOT o.stock_released AND o.status <> 'cancelled' AND o.reserved_until > now())`;
const HELD = sql`count(*) FILTER (WHERE ${HOLDS})::int`;

/**
 * Checks a typed code against a cart and works out what it takes off, or throws the shopper's message.
 * In a checkout (`lock`), the code's row is locked until commit, so its uses are counted one order at
 * a time on any number of processes.
 */
export async function applyPromoCode(
  db: Queryable,
  typed: string,
  cart: { userId: number | null; lines: CodeLine[]; shippingCents: number; lock?: boolean },
): Promise<AppliedCode> {
  const code = typed.trim().toUpperCase();
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM promo_codes WHERE code = ${code} ${cart.lock ? sql`FOR UPDATE` : sql``}`,
  );
  const refuse = (message: string) => new AppError(422, message, { promo_code: [message] });
  if (!found[0]) throw refuse(promoMessages.unknown);
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, found[0].id));
  const now = clock.now();
  // Paused by staff: new carts and orders are refused; orders placed before keep their price.
  if (!row!.active) throw refuse(promoMessages.paused);
  if (row!.startsAt && row!.startsAt > now) throw refuse(promoMessages.notYet);
  if (row!.endsAt && row!.endsAt <= now) throw refuse(promoMessages.expired);

  const covered = cart.lines.filter(
    (line) =>
      (row!.bookIds.length === 0 && row!.categoryIds.length === 0) ||
      row!.bookIds.includes(line.book) ||
      (line.category !== null && row!.categoryIds.includes(line.category)),
  );
  if (covered.length === 0) throw refuse(promoMessages.notForTheseBooks);
  const subtotal = cart.lines.reduce((sum, line) => sum + line.cents, 0);
  if (subtotal < row!.minSubtotalCents) throw refuse(promoMessages.minimum(centsToMoney(row!.minSubtotalCents)));

  // Every code, limited or not: one account holds at most one unpaid use of it, so a few unpaid orders
  // from one account cannot use a code up for everyone while they wait to run out. A code without a
  // limit in all counts only the caller's orders (the index on code and account finds them).
  const [used] =
    row!.maxUses === null && cart.userId === null
      ? []
      : await rows<{ all: number; mine: number; mine_held: number }>(
          db,
          sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE o.user_id = ${cart.userId ?? 0})::int AS mine,
                count(*) FILTER (WHERE o.user_id = ${cart.userId ?? 0} AND ${HOLDS})::int AS mine_held
              FROM orders o WHERE o.promo_code_id = ${row!.id}
                ${row!.maxUses === null ? sql`AND o.user_id = ${cart.userId ?? 0}` : sql``}
                AND (${PAID} OR ${HOLDS})`,
        );
  if (row!.maxUsesPerCustomer !== null && cart.userId !== null && (used?.mine ?? 0) >= row!.maxUsesPerCustomer) {
    throw refuse(promoMessages.alreadyUsed);
  }
  if (cart.userId !== null && (used?.mine_held ?? 0) > 0) throw refuse(promoMessages.unpaidUse);
  if (row!.maxUses !== null && (used?.all ?? 0) >= row!.maxUses) throw refuse(promoMessages.usedUp);

  const coveredCents = covered.reduce((sum, line) => sum + line.cents, 0);
  let linesOff = 0;
  let shippingDiscount = 0;
  if (row!.kind === 'percent') linesOff = Math.round((coveredCents * row!.amount) / 100);
  else if (row!.kind === 'amount') linesOff = Math.min(row!.amount, coveredCents);
  else shippingDiscount = cart.shippingCents;
  return {
    id: row!.id,
    code: row!.code,
    lineDiscounts: shares(covered, linesOff),
    shippingDiscount,
    total: linesOff + shippingDiscount,
  };
}

/**
 * For a late payment (its hold had run out, so its use of the code was given back): whether the code
 * still has a use for it, counting every other order that holds or has paid one. Locks the code's row
 * as a checkout does, so a late payment and a checkout cannot both take the last use. An order without
 * a code, or a code without limits, always has room.
 */
export async function codeHasRoomFor(tx: Queryable, orderId: number): Promise<boolean> {
  const [order] = await rows<{ code: number | null; user: number }>(
    tx,
    sql`SELECT promo_code_id AS code, user_id AS user FROM orders WHERE id = ${orderId}`,
  );
  if (!order?.code) return true;
  const [limits] = await rows<{ all: number | null; each: number | null }>(
    tx,
    sql`SELECT max_uses AS all, max_uses_per_customer AS each FROM promo_codes WHERE id = ${order.code} FOR UPDATE`,
  );
  if (!limits || (limits.all === null && limits.each === null)) return true;
  const [used] = await rows<{ all: number; mine: number }>(
    tx,
    sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE o.user_id = ${order.user})::int AS mine
        FROM orders o WHERE o.promo_code_id = ${order.code} AND o.id <> ${orderId}
          AND (${PAID} OR ${HOLDS})`,
  );
  return (limits.all === null || used!.all < limits.all) && (limits.each === null || used!.mine < limits.each);
}

/** Splits `cents` over the lines in proportion to their amounts, to the cent, by each line's key. */
function shares(lines: CodeLine[], cents: number): Map<number, number> {
  const parts = splitCents(
    cents,
    lines.map((line) => line.cents),
  );
  return new Map(lines.map((line, i) => [line.line, parts[i]!]));
}

/* ------------------------------------------------------------------ staff */

function toPromoCode(row: CodeRow, stats?: { uses: number; held: number; revenue: number }): PromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as PromoCode['kind'],
    percent_off: row.kind === 'percent' ? row.amount : null,
    amount_off: row.kind === 'amount' ? centsToMoney(row.amount) : null,
    min_subtotal: centsToMoney(row.minSubtotalCents),
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    book_ids: row.bookIds,
    category_ids: row.categoryIds,
    max_uses: row.maxUses,
    max_uses_per_customer: row.maxUsesPerCustomer,
    uses: stats?.uses ?? 0,
    held: stats?.held ?? 0,
    left: row.maxUses === null ? null : Math.max(0, row.maxUses - (stats?.uses ?? 0) - (stats?.held ?? 0)),
    revenue: centsToMoney(stats?.revenue ?? 0),
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Every code, newest first, with its uses (paid), the uses unpaid orders hold (only while their
 * reservation runs: one that ended holds nothing, swept or not), what is left and the revenue.
 */
export async function listPromoCodes(db: Database): Promise<PromoCode[]> {
  const codes = await db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id)).limit(500);
  const stats = await rows<{ id: number; uses: number; held: number; revenue: number }>(
    db,
    sql`SELECT o.promo_code_id AS id, ${USES} AS uses, ${HELD} AS held,
          coalesce(sum(o.total_cents) FILTER (WHERE ${PAID}), 0)::bigint AS revenue
        FROM orders o WHERE o.promo_code_id IS NOT NULL GROUP BY o.promo_code_id`,
  );
  const byId = new Map(stats.map((s) => [s.id, { ...s, revenue: Number(s.revenue) }]));
  return codes.map((row) => toPromoCode(row, byId.get(row.id)));
}

/** One code with its uses, as the list shows it. */
async function findPromoCode(db: Queryable, id: number): Promise<PromoCode> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) throw notFound(promoMessages.notFound);
  const [stats] = await rows<{ uses: number; held: number; revenue: number }>(
    db,
    sql`SELECT ${USES} AS uses, ${HELD} AS held,
          coalesce(sum(o.total_cents) FILTER (WHERE ${PAID}), 0)::bigint AS revenue
        FROM orders o WHERE o.promo_code_id = ${id}`,
  );
  return toPromoCode(row, stats && { ...stats, revenue: Number(stats.revenue) });
}

/** The code's row, locked until commit (as a checkout locks it), and how many orders carry it, in any state. */
async function lockCode(tx: Queryable, id: number): Promise<{ row: CodeRow; orders: number }> {
  const found = await rows<{ id: number }>(tx, sql`SELECT id FROM promo_codes WHERE id = ${id} FOR UPDATE`);
  if (!found[0]) throw notFound(promoMessages.notFound);
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id));
  const [carried] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM orders WHERE promo_code_id = ${id}`,
  );
  return { row: row!, orders: carried?.n ?? 0 };
}

/**
 * Changes a code. Its limits, dates, books and `active` (pause, resume) change at any time; its text and
 * what it gives only while no order carries it (an order keeps the code and what it gave, so the
 * history of its uses stays true). The row is locked as a checkout locks it: a pause and a checkout do
 * not cross.
 */
export async function updatePromoCode(db: Database, id: number, input: PromoCodeUpdate): Promise<PromoCode> {
  try {
    await db.transaction(async (tx) => {
      const { row, orders } = await lockCode(tx, id);
      const kind = input.kind ?? row.kind;
      const textChanges = input.code !== undefined && input.code !== row.code;
      const amount =
        kind === 'percent'
          ? (input.percent_off ?? (row.kind === 'percent' ? row.amount : undefined))
          : kind === 'amount'
            ? (input.amount_off ?? (row.kind === 'amount' ? row.amount : undefined))
            : 0;
      if (amount === undefined) {
        const field = kind === 'percent' ? 'percent_off' : 'amount_off';
        throw fieldsError({ [field]: [kind === 'percent' ? promoMessages.percent : promoMessages.amount] });
      }
      const givesChange = kind !== row.kind || amount !== row.amount;
      if (orders > 0 && textChanges) throw fieldsError({ code: [promoMessages.usedText] }, 409);
      if (orders > 0 && givesChange) {
        throw fieldsError({ [kind === 'amount' ? 'amount_off' : 'percent_off']: [promoMessages.usedDiscount] }, 409);
      }
      const startsAt =
        input.starts_at === undefined ? row.startsAt : input.starts_at ? new Date(input.starts_at) : null;
      const endsAt = input.ends_at === undefined ? row.endsAt : input.ends_at ? new Date(input.ends_at) : null;
      if (startsAt && endsAt && endsAt <= startsAt) throw fieldsError({ ends_at: [promoMessages.dates] });
      await tx
        .update(promoCodes)
        .set({
          code: input.code ?? row.code,
          kind,
          amount,
          minSubtotalCents: input.min_subtotal ?? row.minSubtotalCents,
          startsAt,
          endsAt,
          bookIds: input.book_ids ?? row.bookIds,
          categoryIds: input.category_ids ?? row.categoryIds,
          maxUses: input.max_uses === undefined ? row.maxUses : input.max_uses,
          maxUsesPerCustomer:
            input.max_uses_per_customer === undefined ? row.maxUsesPerCustomer : input.max_uses_per_customer,
          active: input.active ?? row.active,
        })
        .where(eq(promoCodes.id, id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldsError({ code: [promoMessages.taken] }, 409);
    throw err;
  }
  return findPromoCode(db, id);
}

/** Ends a code now: from this moment the cart says it has expired. Orders that used it keep it. */
export async function endPromoCode(db: Database, id: number): Promise<PromoCode> {
  await db.transaction(async (tx) => {
    const { row } = await lockCode(tx, id);
    const now = clock.now();
    if (row.endsAt && row.endsAt <= now) throw unprocessable(promoMessages.alreadyEnded);
    // A code that has not started yet ends just after its start (the end comes after the start).
    const endsAt = row.startsAt && row.startsAt >= now ? new Date(row.startsAt.getTime() + 1) : now;
    await tx.update(promoCodes).set({ endsAt }).where(eq(promoCodes.id, id));
  });
  return findPromoCode(db, id);
}

/**
 * Deletes a code no order has ever carried. One that an order carries (paid, unpaid, cancelled) stays
 * with its orders: 409, end it instead.
 */
export async function deletePromoCode(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { orders } = await lockCode(tx, id);
    if (orders > 0) throw conflict(promoMessages.usedDelete);
    await tx.delete(promoCodes).where(eq(promoCodes.id, id));
  });
}

export async function createPromoCode(db: Database, input: PromoCodeRequest, by: number): Promise<PromoCode> {
  try {
    const [row] = await db
      .insert(promoCodes)
      .values({
        code: input.code,
        kind: input.kind,
        amount: input.kind === 'percent' ? input.percent_off! : input.kind === 'amount' ? input.amount_off! : 0,
        minSubtotalCents: input.min_subtotal ?? 0,
        startsAt: input.starts_at ? new Date(input.starts_at) : null,
        endsAt: input.ends_at ? new Date(input.ends_at) : null,
        bookIds: input.book_ids,
        categoryIds: input.category_ids,
        maxUses: input.max_uses ?? null,
        maxUsesPerCustomer: input.max_uses_per_customer ?? null,
        createdBy: by,
      })
      .returning();
    return toPromoCode(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldsError({ code: [promoMessages.taken] }, 409);
    throw err;
  }
}
