import { type Activity, centsToMoney, type FulfilmentStatus, pageMeta, type Paged } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { refundState } from '../orders/index.js';

interface ActivityRow {
  kind: Activity['kind'];
  at: string;
  order_id: number | null;
  status: string | null;
  payment_status: string | null;
  total_cents: number | null;
  currency: string | null;
  copies: number | null;
  fulfilment_status: string | null;
  refunded_cents: number | null;
  expired_at: string | null;
  book_id: number | null;
  title: string | null;
  rating: number | null;
}

const at = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One shopper's orders, reviews (when last written) and wishlist additions as one timeline. Read-only:
 * each table stays its own module's to write.
 */
function timeline(userId: number) {
  return sql`
    SELECT 'order' AS kind, o.created_at AS sort_at, ${at('o.created_at')} AS at, o.id AS order_id, o.status,
      o.payment_status, o.total_cents, o.currency,
      (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi WHERE oi.order_id = o.id) AS copies,
      o.fulfilment_status, o.refunded_cents,
      CASE WHEN o.payment_status <> 'success' THEN
        (SELECT ${at('max(e.created_at)')} FROM order_events e WHERE e.order_id = o.id AND e.type = 'expired')
      END AS expired_at,
      NULL::int AS book_id, NULL::text AS title, NULL::int AS rating
    FROM orders o WHERE o.user_id = ${userId}
    UNION ALL
    SELECT 'review', r.updated_at, ${at('r.updated_at')}, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      b.id, b.title, r.rating
    FROM reviews r JOIN books b ON b.id = r.book_id WHERE r.user_id = ${userId}
    UNION ALL
    SELECT 'wishlist', w.created_at, ${at('w.created_at')}, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      b.id, b.title, NULL
    FROM wishlist_items w JOIN books b ON b.id = w.book_id WHERE w.user_id = ${userId}`;
}

function toActivity(row: ActivityRow): Activity {
  if (row.kind === 'order') {
    return {
      kind: 'order',
      at: row.at,
      order: {
        id: row.order_id!,
        status: row.status!,
        payment_status: row.payment_status!,
        total_price: centsToMoney(row.total_cents!),
        currency: row.currency!,
        copies: row.copies!,
        fulfilment_status: row.fulfilment_status as FulfilmentStatus,
        refund_status: refundState({ totalCents: row.total_cents!, refundedCents: row.refunded_cents! }),
        expired_at: row.expired_at,
      },
    };
  }
  const book = { id: row.book_id!, title: row.title! };
  return row.kind === 'review'
    ? { kind: 'review', at: row.at, book, rating: row.rating! }
    : { kind: 'wishlist', at: row.at, book };
}

/** The shopper's activity, newest first, paged. */
export async function listActivity(
  db: Database,
  userId: number,
  page: number,
  pageSize: number,
): Promise<Paged<Activity>> {
  const [total] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${timeline(userId)}) t`);
  const found = await rows<ActivityRow>(
    db,
    sql`SELECT kind, at, order_id, status, payment_status, total_cents, currency, copies, fulfilment_status,
          refunded_cents, expired_at, book_id, title, rating
        FROM (${timeline(userId)}) t
        ORDER BY sort_at DESC, kind, coalesce(order_id, book_id) DESC
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return { data: found.map(toActivity), meta: pageMeta(page, pageSize, total?.n ?? 0) };
}
