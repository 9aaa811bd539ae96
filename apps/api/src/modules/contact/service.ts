import type { ContactRequest } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { contactMessages } from '../../db/schema.js';

export const SUBSCRIBED = 'Thanks for subscribing! New arrivals and offers will come to your inbox.';
export const ALREADY_SUBSCRIBED = 'You are already subscribed to our newsletter.';

export async function saveContactMessage(db: Database, message: ContactRequest) {
  await db.insert(contactMessages).values(message);
}

/** Subscribes an email once, whatever its case. Returns false when it was already subscribed. */
export async function subscribe(db: Database, email: string): Promise<boolean> {
  const inserted = await rows<{ id: number }>(
    db,
    sql`INSERT INTO newsletter_subscribers (email) VALUES (${email})
        ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
  );
  return inserted.length > 0;
}
