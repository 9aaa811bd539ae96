import { createHash } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { aimedMail } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';

/**
 * The messages one mailbox may be sent on other people's requests, and one sender may have sent, across
 * every kind (reset links, address confirmations, newsletter confirmations, any gift or share later).
 */
export const AIMED_MAIL_LIMITS = { perMailboxHour: 3, perMailboxDay: 10, perSenderHour: 20 } as const;

/** What asks for such a message, as counted: the newsletter form, an address change, "Forgot password?", "Resend". */
export type AimedMailKind = 'newsletter' | 'email-change' | 'password-reset' | 'verify-email';

export type AimedMailVerdict = 'ok' | 'mailbox' | 'sender';

/** Said to a signed-in person whose own request reached a limit (where saying it tells nothing of anyone's account). */
export const TOO_MANY_TO_MAILBOX_MESSAGE =
  'We have sent several e-mails to this address lately. Please wait an hour and try again.';

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches: lower case, without a `+tag`, and for Gmail without dots (and
 * googlemail.com as gmail.com), so `Victim+1@…` and `v.ictim@…` count as the one inbox they are.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Counts one message to `to` asked for by `sender` ('ip:…' or 'user:…'), in the caller's transaction,
 * unless the mailbox had `perMailboxHour` in the last hour or `perMailboxDay` in the last day, or the
 * sender `perSenderHour` in the last hour: 'ok' (counted: send it), else which limit was reached (send
 * nothing). Requests for one mailbox, and for one sender, are counted one at a time (advisory locks).
 * Only the SHA-256 of the mailbox is kept, for a day.
 */
export async function takeAimedMail(
  tx: Transaction,
  { to, sender, kind }: { to: string; sender: string; kind: AimedMailKind },
): Promise<AimedMailVerdict> {
  const mailbox = digest(mailboxOf(to));
  const now = clock.now();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`aimed-mail:${mailbox}`}))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`aimed-mail:${sender}`}))`);
  await tx
    .delete(aimedMail)
    .where(
      and(
        or(eq(aimedMail.mailbox, mailbox), eq(aimedMail.sender, sender)),
        lt(aimedMail.at, new Date(now.getTime() - DAY_MS)),
      ),
    );
  const [counts] = await tx
    .select({
      hour: sql<number>`count(*) FILTER (WHERE ${aimedMail.at} > ${new Date(now.getTime() - HOUR_MS)})`.mapWith(Number),
      day: sql<number>`count(*)`.mapWith(Number),
    })
    .from(aimedMail)
    .where(and(eq(aimedMail.mailbox, mailbox), gt(aimedMail.at, new Date(now.getTime() - DAY_MS))));
  if ((counts?.hour ?? 0) >= AIMED_MAIL_LIMITS.perMailboxHour || (counts?.day ?? 0) >= AIMED_MAIL_LIMITS.perMailboxDay)
    return 'mailbox';
  const [bySender] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(aimedMail)
    .where(and(eq(aimedMail.sender, sender), gt(aimedMail.at, new Date(now.getTime() - HOUR_MS))));
  if ((bySender?.n ?? 0) >= AIMED_MAIL_LIMITS.perSenderHour) return 'sender';
  await tx.insert(aimedMail).values({ mailbox, sender, kind, at: now });
  return 'ok';
}
