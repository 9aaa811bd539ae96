import type { ContactMessage, MessageStatus, Paged, Subscriber } from '@bookstore/contract';
import { pageMeta } from '@bookstore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { toCsv } from '../../lib/csv.js';
import { notFound } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';

/** What staff read of the contact form and the newsletter: lists, handled marks, the subscribers' CSV. */

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const MESSAGE_SELECT = sql`SELECT m.id, m.name, m.email, m.subject, m.message,
    ${iso('m.created_at')} AS created_at,
    CASE WHEN m.handled_at IS NULL THEN NULL ELSE ${iso('m.handled_at')} END AS handled_at,
    CASE WHEN m.handled_at IS NULL THEN NULL ELSE u.username END AS handled_by
  FROM contact_messages m LEFT JOIN users u ON u.id = m.handled_by`;

function where(...conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? sql`` : sql`WHERE ${sql.join(present, sql` AND `)}`;
}

export async function listMessages(
  db: Database,
  query: { page: number; page_size: number; status?: MessageStatus; search?: string },
): Promise<Paged<ContactMessage>> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const filter = where(
    query.status === 'open'
      ? sql`m.handled_at IS NULL`
      : query.status === 'handled'
        ? sql`m.handled_at IS NOT NULL`
        : undefined,
    pattern
      ? sql`(lower(m.name) LIKE ${pattern} OR lower(m.email) LIKE ${pattern} OR lower(m.subject) LIKE ${pattern})`
      : undefined,
  );
  const [total] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM contact_messages m ${filter}`);
  const page = await rows<ContactMessage>(
    db,
    sql`${MESSAGE_SELECT} ${filter} ORDER BY m.created_at DESC, m.id DESC
        LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return { data: page, meta: pageMeta(query.page, query.page_size, total?.n ?? 0) };
}

/** Marks a message handled by `staffId` (or open again). Marking it handled twice keeps the first mark. */
export async function setHandled(db: Database, id: number, handled: boolean, staffId: number): Promise<ContactMessage> {
  const changed = await rows<{ id: number }>(
    db,
    handled
      ? sql`UPDATE contact_messages SET handled_at = coalesce(handled_at, now()),
              handled_by = CASE WHEN handled_at IS NULL THEN ${staffId} ELSE handled_by END
            WHERE id = ${id} RETURNING id`
      : sql`UPDATE contact_messages SET handled_at = NULL, handled_by = NULL WHERE id = ${id} RETURNING id`,
  );
  if (changed.length === 0) throw notFound('Message not found');
  const [message] = await rows<ContactMessage>(db, sql`${MESSAGE_SELECT} WHERE m.id = ${id}`);
  return message!;
}

/** Only confirmed addresses count (double opt-in); one waiting for its owner is nobody's subscriber yet. */
const subscriberFilter = (search?: string) =>
  search
    ? sql`WHERE confirmed_at IS NOT NULL AND lower(email) LIKE ${containsPattern(search)}`
    : sql`WHERE confirmed_at IS NOT NULL`;

export async function listSubscribers(
  db: Database,
  query: { page: number; page_size: number; search?: string },
): Promise<Paged<Subscriber>> {
  const filter = subscriberFilter(query.search);
  const [total] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM newsletter_subscribers ${filter}`);
  const page = await rows<Subscriber>(
    db,
    sql`SELECT id, email, ${iso('created_at')} AS created_at FROM newsletter_subscribers ${filter}
        ORDER BY created_at DESC, id DESC LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
  );
  return { data: page, meta: pageMeta(query.page, query.page_size, total?.n ?? 0) };
}

/** Every subscriber (matching `search`), oldest first, as CSV: email and when they subscribed. */
export async function subscribersCsv(db: Database, search?: string): Promise<string> {
  const all = await rows<{ email: string; created_at: string }>(
    db,
    sql`SELECT email, ${iso('created_at')} AS created_at FROM newsletter_subscribers ${subscriberFilter(search)}
        ORDER BY created_at, id`,
  );
  return toCsv(
    ['email', 'subscribed_at'],
    all.map((s) => [s.email, s.created_at]),
  );
}
