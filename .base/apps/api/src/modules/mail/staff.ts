import { type MailMessage, type MailPage, type MailSummary, pageMeta } from '@bookstore/contract';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailMessages } from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';
import { wire } from '../../lib/wire.js';
import { recordEvent } from '../events/index.js';

/** Staff's Mail tab: every message the shop wrote, newest first, and sending a failed one again. */
type Row = typeof mailMessages.$inferSelect;

function toSummary(row: Row): MailSummary {
  return {
    ...wire(row, ['id', 'template', 'replyTo', 'subject', 'attempts', 'lastError', 'createdAt', 'sentAt']),
    to: row.toAddress,
    status: row.status as MailSummary['status'],
  };
}

export async function listMail(
  db: Database,
  page: number,
  pageSize: number,
  status?: MailSummary['status'],
  search?: string,
): Promise<MailPage> {
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    status ? eq(mailMessages.status, status) : undefined,
    pattern
      ? or(sql`lower(${mailMessages.toAddress}) LIKE ${pattern}`, sql`lower(${mailMessages.subject}) LIKE ${pattern}`)
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(mailMessages).where(where);
  const found = await db
    .select()
    .from(mailMessages)
    .where(where)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { data: found.map(toSummary), meta: pageMeta(page, pageSize, Number(total?.n ?? 0)) };
}

export async function findMail(db: Database, id: number): Promise<MailMessage | null> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row ? { ...toSummary(row), html: row.html, text: row.text } : null;
}

/** A failed message goes back to the queue with a fresh round of attempts; false when it had not failed. */
export async function sendAgain(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(mailMessages)
      .set({ status: 'pending', attempts: 0, lastError: null })
      .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'failed')))
      .returning({ id: mailMessages.id });
    if (!row) return false;
    await recordEvent(tx, { type: 'mail.queued', key: id, payload: { mailId: id } });
    return true;
  });
}
