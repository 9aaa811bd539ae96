import { type EventStatus, type EventsPage, type OutboxEventView, pageMeta } from '@bookstore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { outboxDeliveries } from '../../db/schema.js';
import { wire } from '../../lib/wire.js';

/** Staff's view of the outbox: events with how each subscriber took them, and retrying the dead. */

type DeliveryRow = Pick<typeof outboxDeliveries.$inferSelect, 'subscriber' | 'status' | 'attempts' | 'lastError'> & {
  nextAttemptAt: string;
  deliveredAt: string | null;
};
interface EventRow {
  id: number;
  type: string;
  key: string;
  payload: Record<string, unknown>;
  createdAt: Date | string;
  deliveries: DeliveryRow[];
}

const has = (status: string) =>
  sql`EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.event_id = e.id AND d.status = ${status})`;

/** The same rule as `statusOf`, in SQL. */
const WHERE_STATUS: Record<EventStatus, SQL> = {
  dead: has('dead'),
  pending: sql`${has('pending')} AND NOT ${has('dead')}`,
  delivered: sql`NOT ${has('pending')} AND NOT ${has('dead')}`,
};

function statusOf(deliveries: DeliveryRow[]): EventStatus {
  if (deliveries.some((d) => d.status === 'dead')) return 'dead';
  return deliveries.some((d) => d.status === 'pending') ? 'pending' : 'delivered';
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toView(row: EventRow): OutboxEventView {
  return {
    ...wire(row, ['id', 'type', 'key', 'payload']),
    created_at: iso(row.createdAt)!,
    status: statusOf(row.deliveries),
    deliveries: row.deliveries.map((d) => ({
      ...wire(d, ['subscriber', 'attempts', 'lastError']),
      status: d.status as EventStatus,
      next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
      delivered_at: iso(d.deliveredAt),
    })),
  };
}

async function selectEvents(db: Database, where: SQL, page: { limit: number; offset: number }): Promise<EventRow[]> {
  return rows<EventRow>(
    db,
    sql`SELECT e.id, e.type, e.key, e.payload, e.created_at AS "createdAt", d.deliveries
        FROM outbox_events e
        CROSS JOIN LATERAL (
          SELECT coalesce(json_agg(json_build_object(
            'subscriber', subscriber, 'status', status, 'attempts', attempts, 'lastError', last_error,
            'nextAttemptAt', next_attempt_at, 'deliveredAt', delivered_at) ORDER BY subscriber), '[]'::json) AS deliveries
          FROM outbox_deliveries WHERE event_id = e.id
        ) d
        WHERE ${where}
        ORDER BY e.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** Newest first, optionally only those of one status. */
export async function listEvents(
  db: Database,
  page: number,
  pageSize: number,
  status?: EventStatus,
): Promise<EventsPage> {
  const where = status ? WHERE_STATUS[status] : sql`true`;
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM outbox_events e WHERE ${where}`);
  const found = await selectEvents(db, where, { limit: pageSize, offset: (page - 1) * pageSize });
  return { data: found.map(toView), meta: pageMeta(page, pageSize, Number(count?.n ?? 0)) };
}

export async function findEvent(db: Database, id: number): Promise<OutboxEventView | undefined> {
  const [row] = await selectEvents(db, sql`e.id = ${id}`, { limit: 1, offset: 0 });
  return row && toView(row);
}

/**
 * Gives an event's dead deliveries a new round of attempts, due now (the dispatcher's next poll takes
 * them). Their idempotency keys stay, so a subscriber that did its work but failed to say so does not
 * do it twice. Returns how many were retried.
 */
export async function retryDead(db: Database, eventId: number): Promise<number> {
  const retried = await rows<{ id: number }>(
    db,
    sql`UPDATE outbox_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now()
        WHERE event_id = ${eventId} AND status = 'dead' RETURNING id`,
  );
  return retried.length;
}
