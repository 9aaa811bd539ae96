import { type AdminBookSort, BESTSELLERS_SHOWN, SALES_CHART_DAYS } from '@bookstore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containsPattern } from '../../lib/like.js';
import { rows } from '../../db/rows.js';
import { BOOK_COLUMNS, BOOK_FROM, type BookRow, IN_SHOP } from '../catalogue/index.js';

/** Read-only queries behind the staff dashboard. */

export interface Figures {
  books: number;
  low_stock: number;
  orders: number;
  paid_orders: number;
  sales_cents: number;
  reviews: number;
  rating_avg: number | null;
  open_messages: number;
  subscribers: number;
}

export async function figures(db: Database, lowStock: number): Promise<Figures> {
  const [row] = await rows<Figures>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM books b WHERE ${IN_SHOP}) AS books,
          (SELECT count(*)::int FROM books b WHERE ${IN_SHOP} AND stock_amount <= ${lowStock}) AS low_stock,
          (SELECT count(*)::int FROM orders) AS orders,
          (SELECT count(*)::int FROM orders WHERE payment_status = 'success') AS paid_orders,
          (SELECT coalesce(sum(total_cents - refunded_cents), 0)::bigint::text FROM orders WHERE payment_status = 'success') AS sales_cents,
          (SELECT count(*)::int FROM reviews) AS reviews,
          (SELECT round(avg(rating)::numeric, 1)::float8 FROM reviews) AS rating_avg,
          (SELECT count(*)::int FROM contact_messages WHERE handled_at IS NULL) AS open_messages,
          (SELECT count(*)::int FROM newsletter_subscribers WHERE confirmed_at IS NOT NULL) AS subscribers`,
  );
  return { ...row!, sales_cents: Number(row!.sales_cents) };
}

/** Paid sales per UTC day over the last 30 days (today included), every day present. */
export function salesByDay(db: Database) {
  return rows<{ date: string; cents: string; orders: number }>(
    db,
    sql`WITH days AS (
          SELECT generate_series(
            (now() AT TIME ZONE 'UTC')::date - ${SALES_CHART_DAYS - 1}::int,
            (now() AT TIME ZONE 'UTC')::date,
            interval '1 day'
          )::date AS day
        ),
        paid AS (
          SELECT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date AS day, total_cents - refunded_cents AS total_cents
          FROM orders
          WHERE payment_status = 'success'
            AND coalesce(paid_at, created_at) >= now() - interval '${sql.raw(String(SALES_CHART_DAYS + 1))} days'
        )
        SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
          coalesce(sum(p.total_cents), 0)::bigint::text AS cents,
          count(p.total_cents)::int AS orders
        FROM days d LEFT JOIN paid p ON p.day = d.day
        GROUP BY d.day ORDER BY d.day`,
  );
}

/** The most sold books (copies in paid orders) of the chart's days, with what they brought in. */
export function bestsellers(db: Database) {
  return rows<{ book: number | null; title: string; copies: number; cents: string }>(
    db,
    sql`SELECT oi.book_id AS book, max(oi.title) AS title, sum(oi.quantity)::int AS copies,
          sum(oi.quantity * (oi.price_cents + oi.protection_price_cents))::bigint::text AS cents
        FROM order_items oi JOIN orders o ON o.id = oi.order_id
        WHERE o.payment_status = 'success'
          AND coalesce(o.paid_at, o.created_at) >= ((now() AT TIME ZONE 'UTC')::date - ${SALES_CHART_DAYS - 1}::int)::timestamp AT TIME ZONE 'UTC'
        GROUP BY oi.book_id, CASE WHEN oi.book_id IS NULL THEN oi.title END
        ORDER BY copies DESC, cents DESC, title
        LIMIT ${BESTSELLERS_SHOWN}`,
  );
}

const SORT_SQL: Record<AdminBookSort, SQL> = {
  '-created_at': sql.raw('b.created_at DESC, b.id DESC'),
  created_at: sql.raw('b.created_at ASC, b.id ASC'),
  title: sql.raw('lower(b.title) ASC, b.id ASC'),
  '-title': sql.raw('lower(b.title) DESC, b.id DESC'),
  book_author: sql.raw('lower(b.book_author) ASC, b.id ASC'),
  '-book_author': sql.raw('lower(b.book_author) DESC, b.id DESC'),
  price: sql.raw('b.price_cents ASC, b.id ASC'),
  '-price': sql.raw('b.price_cents DESC, b.id DESC'),
  stock_amount: sql.raw('b.stock_amount ASC, b.id ASC'),
  '-stock_amount': sql.raw('b.stock_amount DESC, b.id DESC'),
};

function searchWhere(search: string | undefined): SQL {
  if (!search) return sql``;
  const pattern = containsPattern(search);
  return sql`WHERE lower(b.title) LIKE ${pattern} OR lower(b.book_author) LIKE ${pattern} OR b.isbn LIKE ${pattern}`;
}

export async function adminBooks(
  db: Database,
  options: { sort: AdminBookSort; search?: string; limit: number; offset: number },
): Promise<{ rows: BookRow[]; count: number }> {
  const where = searchWhere(options.search);
  const [total] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM books b ${where}`);
  const page = await rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} ${where}
        ORDER BY ${SORT_SQL[options.sort]} LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
  return { rows: page, count: total?.n ?? 0 };
}

/** Books in the shop at or under the low-stock threshold, fewest copies first. */
export function lowStockBooks(db: Database, threshold: number, limit = 200) {
  return rows<{ id: number; title: string; slug: string; stock_amount: number }>(
    db,
    sql`SELECT b.id, b.title, b.slug, b.stock_amount FROM books b
        WHERE ${IN_SHOP} AND b.stock_amount <= ${threshold}
        ORDER BY b.stock_amount, b.title, b.id LIMIT ${limit}`,
  );
}
