import { type MailMessage, type MailPage, type MailSummary, pageMeta } from '@bookstore/contract';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailMessages } from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';
import { recordEvent } from '../events/index.js';

/** Staff's Mail tab: every message the shop wrote, newest first, and sending a failed one again. */
type Row = typeof mailMessages.$inferSelect;

function toSummary(row: Row): MailSummary {
  return {
    id: row.id,
    template: row.template,
    to: row.toAddress,
    reply_to: row.replyTo,
    subject: row.subject,
    status: row.status as MailSummary['status'],
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
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
