import type { ContactRequest } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { contactMessages } from '../../db/schema.js';

/**
 * The one answer to a subscription, whether the address was on the list or not: the answer must not
 * tell a stranger who reads the newsletter. (Confirming by e-mail, double opt-in, comes with the
 * shop's e-mail: docs/decisions/0015-trust-round-two.md.)
 */
export const SUBSCRIBED = 'Thanks for subscribing! New arrivals and offers will come to your inbox.';

export async function saveContactMessage(db: Database, message: ContactRequest) {
  await db.insert(contactMessages).values(message);
}

/** Subscribes an email once, whatever its case; subscribing again changes nothing. */
export async function subscribe(db: Database, email: string): Promise<void> {
  await rows<{ id: number }>(
    db,
    sql`INSERT INTO newsletter_subscribers (email) VALUES (${email})
        ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
  );
}
