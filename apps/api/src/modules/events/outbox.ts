import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { currentTraceparent } from '../../lib/tracing.js';

/**
 * Every event the store records and what it carries. A new producer adds its line here; its
 * subscribers then get the payload typed.
 */
export interface EventTypes {
  'user.registered': { userId: number; username: string; email: string };
  'order.placed': { orderId: number; userId: number; totalCents: number; currency: string };
  /** `status`: 'completed', or 'backordered' when a late payment found the copies gone. */
  'order.paid': {
    orderId: number;
    userId: number;
    reference: string;
    totalCents: number;
    currency: string;
    status: 'completed' | 'backordered';
  };
  'order.expired': { orderId: number; userId: number };
  /** A book was added, changed or deleted by its writer (the books module). */
  'book.changed': { bookId: number; change: 'added' | 'changed' | 'deleted'; by: number };
  /** A verification link asked for again (the profile's "Resend"). */
  'user.verification-requested': { userId: number };
  /**
   * "Forgot password?" for any address, an account's or not: the subscriber looks the account up. (Events
   * recorded before this named the account: `userId`.)
   */
  'user.password-reset-requested': { email: string } | { userId: number };
  /** By a reset or on the profile. */
  'user.password-changed': { userId: number; how: 'reset' | 'profile' };
  /** The new address waits for its owner to open the link mailed to it. */
  'user.email-change-requested': { userId: number; newEmail: string };
  'user.email-changed': { userId: number; oldEmail: string; newEmail: string };
  /** The following four come from the fulfilment and refunds of orders. */
  'order.shipped': { orderId: number; carrier: string; trackingNumber: string; trackingUrl?: string };
  /** digital: an order of eBooks only, delivered the moment it was paid (its links are in the confirmation). */
  'order.delivered': { orderId: number; digital?: boolean };
  /**
   * An eBook edition's file arrived while paid orders were waiting for it (downloads' `saveEbookFile`):
   * these lines of the order (`items`) can now be downloaded.
   */
  'ebook.ready': { orderId: number; editionId: number; items: number[] };
  'order.cancelled': { orderId: number; reason?: string };
  'order.refunded': { orderId: number; amountCents: number };
  'contact.received': { messageId: number };
  'newsletter.subscription-requested': { email: string };
  /** A book's stock went from 0 to more. */
  'book.restocked': { bookId: number; stock: number };
  /** Once a day (whichever process gets there first): time for the low-stock digest. */
  'stock.digest-due': { day: string };
  /** An e-mail was written and waits to be sent (modules/mail). */
  'mail.queued': { mailId: number };
}
export type EventType = keyof EventTypes;

export interface OutboxEvent<T extends EventType = EventType> {
  id: number;
  type: T;
  /** What the event is about: a user's or an order's id. */
  key: string;
  payload: EventTypes[T];
  createdAt: Date;
}

export interface Delivery {
  /** The same on every attempt of one event to one subscriber: give it to an e-mail or payment API. */
  idempotencyKey: string;
  /** 1 on the first attempt. */
  attempt: number;
  /** This is the last attempt: if it fails too, the delivery is dead. */
  final: boolean;
  /** Aborted when the attempt outlives its lease or the server shuts down. */
  signal: AbortSignal;
  app: FastifyInstance;
}

export type EventHandler<T extends EventType = EventType> = (
  event: OutboxEvent<T>,
  delivery: Delivery,
) => Promise<void>;

/** PostgreSQL wakes every process's dispatcher on it when a transaction that recorded an event commits. */
export const OUTBOX_CHANNEL = 'bookstore_outbox';

/**
 * Subscribers are declared once per process, when their module loads, like routes: the registry is
 * the code, not the database. Event type -> subscriber name -> handler.
 */
const subscribers = new Map<string, Map<string, EventHandler>>();
const SUBSCRIBER_NAME = /^[a-z0-9][a-z0-9.-]{0,62}$/;

/**
 * Runs `handler` after commit for every `type` event recorded from now on, at least once, until it
 * succeeds (or gives up after the last attempt, see dispatcher.ts). `name` is stable: deliveries
 * waiting in the database are found by it after a restart. Returns a function that unsubscribes.
 */
export function subscribe<T extends EventType>(type: T, name: string, handler: EventHandler<T>): () => void {
  if (!SUBSCRIBER_NAME.test(name))
    throw new Error(`Subscriber name "${name}" must be lower-case letters, digits, '.' or '-'`);
  let byName = subscribers.get(type);
  if (!byName) subscribers.set(type, (byName = new Map()));
  if (byName.has(name)) throw new Error(`A subscriber named "${name}" already takes ${type}`);
  byName.set(name, handler as EventHandler);
  return () => byName.delete(name);
}

export function handlerOf(type: string, name: string): EventHandler | undefined {
  return subscribers.get(type)?.get(name);
}

/** Every subscriber name this process can run, whatever the event. */
export function subscriberNames(): string[] {
  return [...new Set([...subscribers.values()].flatMap((byName) => [...byName.keys()]))];
}

/** Dispatchers of this process on the embedded database, woken by recordEvent (see there). */
export const localWakers = new Set<() => void>();

/**
 * Records an event in the caller's transaction, with one delivery for each of its subscribers: the
 * event exists if and only if the change it reports commits. Returns the event's id.
 */
export async function recordEvent<T extends EventType>(
  tx: Transaction,
  event: { type: T; key: string | number; payload: EventTypes[T] },
): Promise<number> {
  const names = [...(subscribers.get(event.type)?.keys() ?? [])];
  // With tracing on, the recording span's context travels with the event: its deliveries join its trace.
  const inserted = sql`INSERT INTO outbox_events (type, key, payload, traceparent)
    VALUES (${event.type}, ${String(event.key)}, ${JSON.stringify(event.payload)}::jsonb,
            ${currentTraceparent() ?? null}) RETURNING id`;
  const [row] =
    names.length === 0
      ? await rows<{ id: number }>(tx, inserted)
      : await rows<{ id: number }>(
          tx,
          sql`WITH event AS (${inserted}), deliveries AS (
                INSERT INTO outbox_deliveries (event_id, subscriber)
                SELECT event.id, s.name FROM event, (VALUES ${sql.join(
                  names.map((name) => sql`(${name})`),
                  sql`, `,
                )}) AS s(name)
              )
              SELECT id, pg_notify(${OUTBOX_CHANNEL}, '') FROM event`,
        );
  // PostgreSQL's NOTIFY above is sent at commit, never for a rollback. The embedded database runs one
  // statement at a time and a transaction holds it to the end, so a dispatcher woken now claims only
  // after this transaction has committed (and finds nothing if it rolled back).
  if (names.length > 0) for (const wake of localWakers) wake();
  return row!.id;
}
