import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Transaction } from '../../db/client.js';
import { type MailLink, mailMessages } from '../../db/schema.js';
import { recordEvent, subscribe, type EventType, type OutboxEvent } from '../events/index.js';
import type { RenderedMail } from './render.js';
import type { Shop } from './templates/index.js';
import { createTransport, type MailTransport } from './transport.js';

/** The shop as every message shows it; links start at PUBLIC_URL, else this server's own address. */
export function shopOf(config: Config): Shop {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return {
    name: config.shop.name,
    address: config.shop.address,
    origin: config.publicUrl ?? `http://${host}:${config.port}`,
  };
}

// Found by the app's database: the mail routes' onClose hook is given their own Fastify instance, not the app.
const transports = new WeakMap<FastifyInstance['db'], MailTransport>();

/** The app's transport (SMTP_URL, else .eml files), made on first use. */
export function mailerOf(app: FastifyInstance): MailTransport {
  let transport = transports.get(app.db);
  if (!transport) {
    transport = createTransport(app.config);
    transports.set(app.db, transport);
  }
  return transport;
}

export function closeMailer(app: FastifyInstance) {
  transports.get(app.db)?.close();
  transports.delete(app.db);
}

export interface Mail {
  to: string;
  replyTo?: string;
  rendered: RenderedMail;
  /** The live links in it (one-time links, signed downloads): hidden from staff, made afresh by "Send again". */
  links?: LiveLink[];
}

/** A link as the message holds it, and how to make it afresh. */
export interface LiveLink {
  url: string;
  link: MailLink;
}

/** Where the i-th live link stood in the body staff read; they see it as HIDDEN_LINK. */
export const linkMark = (i: number) => `[hidden-link-${i}]`;
const LINK_MARKS = /\[hidden-link-(\d+)\]/g;
export const HIDDEN_LINK = '[link hidden]';

/** A body as staff see it: each live link's mark as HIDDEN_LINK. */
export const forStaff = (body: string) => body.replace(LINK_MARKS, HIDDEN_LINK);

/** A body with each mark replaced by its link (`urls` in the order of the marks). */
export const withLinks = (body: string, urls: string[]) =>
  body.replace(LINK_MARKS, (mark, i: string) => urls[Number(i)] ?? mark);

/**
 * The body with each live link (and, for a one-time link, its token wherever it appears alone) replaced
 * by its mark: what is kept for staff.
 */
function marked(body: string, links: LiveLink[]): string {
  let out = body;
  links.forEach(({ url, link }, i) => {
    out = out.replaceAll(url, linkMark(i));
    if (link.kind === 'token') {
      const token = url.slice(link.prefix.length);
      if (token) out = out.replaceAll(token, linkMark(i));
    }
  });
  return out;
}

/**
 * Writes a message and its 'mail.queued' event in the caller's transaction, once per `sourceKey`:
 * the id of the new message, or null when that key was queued already.
 */
export async function queueMail(tx: Transaction, sourceKey: string, mail: Mail): Promise<number | null> {
  const [row] = await tx
    .insert(mailMessages)
    .values({
      sourceKey,
      template: mail.rendered.template,
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.rendered.subject,
      ...(mail.links?.length
        ? {
            html: marked(mail.rendered.html, mail.links),
            text: marked(mail.rendered.text, mail.links),
            liveHtml: mail.rendered.html,
            liveText: mail.rendered.text,
            links: mail.links.map((l) => l.link),
          }
        : { html: mail.rendered.html, text: mail.rendered.text }),
      secret: mail.rendered.secret,
    })
    .onConflictDoNothing({ target: mailMessages.sourceKey })
    .returning({ id: mailMessages.id });
  if (!row) return null;
  await recordEvent(tx, { type: 'mail.queued', key: row.id, payload: { mailId: row.id } });
  return row.id;
}

export interface Composed {
  mails: Mail[];
  /** Written in the transaction that queues the messages (the hash of a one-time token, a closed alert). */
  write?: (tx: Transaction) => Promise<void>;
}

/**
 * An e-mail subscriber: `compose` reads what it needs and renders the messages, with no transaction
 * open; they are then queued in one transaction, once whatever the attempt (keyed by the delivery's
 * idempotency key). Sending is the 'mail.queued' subscriber's job, so a failing mail server never makes
 * a message be composed (or a token be made) twice.
 */
export function mailOn<T extends EventType>(
  type: T,
  name: string,
  compose: (event: OutboxEvent<T>, app: FastifyInstance) => Promise<Composed | null>,
) {
  subscribe(type, name, async (event, { idempotencyKey, app }) => {
    const first = `${idempotencyKey}:0`;
    const [done] = await app.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(eq(mailMessages.sourceKey, first));
    if (done) return;
    const composed = await compose(event, app);
    if (!composed || composed.mails.length === 0) return;
    await app.db.transaction(async (tx) => {
      const [head, ...rest] = composed.mails;
      if ((await queueMail(tx, first, head!)) === null) return;
      for (const [i, mail] of rest.entries()) await queueMail(tx, `${idempotencyKey}:${i + 1}`, mail);
      await composed.write?.(tx);
    });
  });
}

const messageId = (id: number, sourceKey: string, from: string) => {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<mail-${id}.${createHash('sha256').update(sourceKey).digest('hex').slice(0, 16)}@${domain}>`;
};

/**
 * Sends a queued message, retried with the outbox's backoff; after the last attempt it is 'failed'
 * and staff may send it again from the Mail tab. A message already sent is not sent again.
 */
subscribe('mail.queued', 'mail.send', async (event, { app, final, signal }) => {
  const [mail] = await app.db.select().from(mailMessages).where(eq(mailMessages.id, event.payload.mailId));
  if (!mail || mail.status === 'sent') return;
  const transport = mailerOf(app);
  try {
    await transport.send(
      {
        from: app.config.mail.from,
        to: mail.toAddress,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.liveHtml ?? mail.html,
        text: mail.liveText ?? mail.text,
        messageId: messageId(mail.id, mail.sourceKey, app.config.mail.from),
      },
      signal,
    );
  } catch (err) {
    await app.db
      .update(mailMessages)
      .set({
        attempts: sql`${mailMessages.attempts} + 1`,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 2_000),
        status: final ? 'failed' : 'pending',
      })
      .where(and(eq(mailMessages.id, mail.id), sql`${mailMessages.status} <> 'sent'`));
    throw err;
  }
  // The live links are not kept once sent: staff have the body with its links hidden.
  await app.db
    .update(mailMessages)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      attempts: sql`${mailMessages.attempts} + 1`,
      lastError: null,
      liveHtml: null,
      liveText: null,
    })
    .where(eq(mailMessages.id, mail.id));
});
