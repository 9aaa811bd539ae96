import { type MailMessage, type MailPage, type MailSummary, pageMeta } from '@bookstore/contract';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { type MailLink, mailMessages } from '../../db/schema.js';
import { containsPattern } from '../../lib/like.js';
import { wire } from '../../lib/wire.js';
import { downloadsOfOrder } from '../downloads/index.js';
import { recordEvent } from '../events/index.js';
import { retireToken } from '../links/index.js';
import { oneTimeLink } from './messages.js';
import { withLogoInline } from './logo.js';
import { forStaff, withLinks } from './queue.js';

/**
 * Staff's Mail tab: every message the shop wrote, newest first, and sending a failed one again. Staff never
 * see a live link: one-time links and signed downloads show as "[link hidden]".
 */
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

/** One message as staff read it: its live links hidden (they see "[link hidden]"). */
export async function findMail(db: Database, id: number): Promise<MailMessage | null> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  // The logo is an attachment of the sent message: drawn into the HTML staff read (logo.ts).
  return row ? { ...toSummary(row), html: await withLogoInline(forStaff(row.html)), text: forStaff(row.text) } : null;
}

/**
 * Each hidden link made afresh, in the order of the marks: a new one-time token (the one the undelivered
 * message held stops working) or a new signed download. Null when one may no longer be made: the token
 * was used or ended since (a new password, a new address), the account no longer has the address, or the
 * order's eBooks were refunded.
 */
async function freshLinks(
  app: FastifyInstance,
  tx: Transaction,
  links: MailLink[],
): Promise<{ urls: string[]; links: MailLink[]; write: (tx: Transaction) => Promise<void> } | null> {
  const urls: string[] = [];
  const fresh: MailLink[] = [];
  const writes: ((tx: Transaction) => Promise<void>)[] = [];
  for (const link of links) {
    if (link.kind === 'download') {
      const line = (await downloadsOfOrder(tx, app.config.downloadSecret, link.orderId)).find(
        (l) => l.item === link.item,
      );
      if (!line?.url) return null;
      urls.push(`${link.origin}${line.url}`);
      fresh.push(link);
      continue;
    }
    const [old] = await rows<{ used: boolean }>(
      tx,
      sql`SELECT used_at IS NOT NULL AS used FROM mail_tokens WHERE token_hash = ${link.hash}`,
    );
    if (!old || old.used) return null;
    if (link.userId !== null) {
      const [owner] = await rows<{ email: string }>(tx, sql`SELECT email FROM users WHERE id = ${link.userId}`);
      if (!owner) return null;
      if (link.purpose !== 'email-change' && owner.email.toLowerCase() !== link.email.toLowerCase()) return null;
    }
    const made = oneTimeLink(link.purpose, { userId: link.userId ?? undefined, email: link.email }, link.prefix);
    urls.push(made.url);
    fresh.push(made.live.link);
    writes.push(async (t) => {
      await retireToken(t, link.hash);
      await made.write(t);
    });
  }
  return {
    urls,
    links: fresh,
    write: async (t) => {
      for (const write of writes) await write(t);
    },
  };
}

export type SendAgain = 'queued' | 'not-failed' | 'stale';

/**
 * A failed message goes back to the queue with a fresh round of attempts, and fresh links: never the
 * ones it was written with. 'not-failed' when it had not failed; 'stale' when its links may no longer be
 * made (see freshLinks, and a message written before links were hidden).
 */
export async function sendAgain(app: FastifyInstance, id: number): Promise<SendAgain> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'failed')))
      .for('update');
    if (!row) return 'not-failed';
    let live = {};
    if (row.links?.length) {
      const fresh = await freshLinks(app, tx, row.links);
      if (!fresh) return 'stale';
      await fresh.write(tx);
      live = {
        liveHtml: withLinks(row.html, fresh.urls),
        liveText: withLinks(row.text, fresh.urls),
        links: fresh.links,
      };
    } else if (row.secret) {
      return 'stale';
    }
    await tx
      .update(mailMessages)
      .set({ status: 'pending', attempts: 0, lastError: null, ...live })
      .where(eq(mailMessages.id, id));
    await recordEvent(tx, { type: 'mail.queued', key: id, payload: { mailId: id } });
    return 'queued';
  });
}
