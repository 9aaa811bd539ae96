import type { ContactRequest } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { contactMessages } from '../../db/schema.js';
import { recordEvent } from '../events/index.js';
import { type TokenCheck, useToken } from '../links/index.js';
import { takeAimedMail } from '../mailboxes/index.js';

/**
 * The one answer to a subscription, whether the address was on the list, waiting for its owner, or
 * new: the answer must not tell a stranger who reads the newsletter. Only an address whose owner
 * opened the link mailed to it counts (double opt-in, docs/decisions/0016-mail.md).
 */
export const SUBSCRIBED = 'Thanks for subscribing! Please confirm with the link we have sent to your inbox.';

/** The message and its e-mail to the shop (CONTACT_TO) in one transaction: the mail goes after commit. */
export async function saveContactMessage(db: Database, message: ContactRequest) {
  await db.transaction(async (tx) => {
    const [saved] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    await recordEvent(tx, { type: 'contact.received', key: saved!.id, payload: { messageId: saved!.id } });
  });
}

/**
 * Puts an address on the list, unconfirmed, and asks for its owner to be mailed a confirmation link;
 * a mailbox that had its share of mail asked for by others, or a `sender` (the caller's address) that
 * asked for its share (modules/mailboxes), gets nothing: silently, as the answer is the same for every
 * address. The same work for an address already confirmed: whether it is is read after the answer,
 * by the mail (mail/messages.ts), so neither the answer nor its time tells who is subscribed.
 */
export async function subscribe(db: Database, email: string, sender: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO newsletter_subscribers (email) VALUES (${email}) ON CONFLICT ((lower(email))) DO NOTHING`,
  );
  await db.transaction(async (tx) => {
    if ((await takeAimedMail(tx, { to: email, sender, kind: 'newsletter' })) !== 'ok') return;
    await recordEvent(tx, { type: 'newsletter.subscription-requested', key: email.toLowerCase(), payload: { email } });
  });
}

/** Whether the address is on the list and confirmed. */
export async function isConfirmedSubscriber(db: Database, email: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM newsletter_subscribers WHERE lower(email) = lower(${email}) AND confirmed_at IS NOT NULL`,
  );
  return found.length > 0;
}

/** Opens a confirmation link: the address counts from now. */
export async function confirmSubscription(db: Database, token: string): Promise<TokenCheck> {
  return db.transaction(async (tx) => {
    const used = await useToken(tx, 'newsletter', token);
    if (used.ok) {
      await tx.execute(
        sql`UPDATE newsletter_subscribers SET confirmed_at = coalesce(confirmed_at, now()) WHERE lower(email) = lower(${used.row.email})`,
      );
    }
    return used;
  });
}
