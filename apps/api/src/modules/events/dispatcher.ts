import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Listener } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { inSpan, SpanKind, withTraceparent } from '../../lib/tracing.js';
import { handlerOf, localWakers, OUTBOX_CHANNEL, type OutboxEvent, subscriberNames } from './outbox.js';

export interface DispatcherOptions {
  /** How often to look for work that no wake-up announced: retries that came due, other processes' events. */
  pollMs: number;
  /** How long a claim holds a delivery; an attempt still running then has failed (and a crashed claimer's work is free again). */
  leaseMs: number;
  /** Deliveries claimed at once, and so handlers running at once. */
  batchSize: number;
  /** Attempts before a delivery is dead. */
  maxAttempts: number;
  /** The wait before retry number `attempt + 1`, before jitter. */
  backoffMs: (attempt: number) => number;
}

/** 5 s, 10 s, 20 s, … up to an hour: ten attempts span about an hour and a half. */
const exponential = (attempt: number) => Math.min(3_600_000, 5_000 * 2 ** (attempt - 1));

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  pollMs: 1_000,
  leaseMs: 60_000,
  batchSize: 20,
  maxAttempts: 10,
  backoffMs: exponential,
};

/** Delivered events older than this are deleted. */
export const OUTBOX_RETENTION_DAYS = 7;
const CLEANUP_BATCH = 1_000;
/** How long a stopping server lets running handlers finish before it aborts them. */
const STOP_GRACE_MS = 5_000;

interface Claimed {
  id: number;
  subscriber: string;
  attempts: number;
  idempotencyKey: string;
  eventId: number;
  type: string;
  key: string;
  payload: unknown;
  createdAt: Date | string;
  /** The recording span's context (tracing on), else null. */
  traceparent: string | null;
}

/**
 * Delivers recorded events to their subscribers after commit, at least once. Each round claims due
 * deliveries in one short statement (`FOR UPDATE SKIP LOCKED`, so processes sharing a PostgreSQL never
 * claim the same one), runs the handlers with no transaction open, and records each outcome in
 * another short statement. A claim is a lease: if its process dies, the delivery is due again when the
 * lease runs out. Failures wait (exponential backoff with jitter) and end 'dead' after the last attempt.
 *
 * It wakes when an event is committed (PostgreSQL NOTIFY, which also wakes the other processes; on the
 * embedded database, recordEvent itself) and polls for retries that came due.
 */
export class EventDispatcher {
  readonly options: DispatcherOptions;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private poll?: NodeJS.Timeout;
  private listener?: Listener;
  private readonly inFlight = new Set<AbortController>();
  private readonly delivered: Claimed[] = [];
  private flush?: Promise<void>;
  private readonly wakeUp = () => this.wake();

  constructor(
    private readonly app: FastifyInstance,
    options: Partial<DispatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
  }

  private get db(): Database {
    return this.app.db;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    const { database, log } = this.app;
    if (database.listen) {
      this.listener = await database.listen(OUTBOX_CHANNEL, {
        message: this.wakeUp,
        // (Again) listening: whatever was announced meanwhile is in the table.
        listening: this.wakeUp,
        lost: (err) => log.warn({ err }, 'outbox wake-ups lost; polling until they are back'),
      });
    } else {
      localWakers.add(this.wakeUp);
    }
    this.poll = setInterval(this.wakeUp, this.options.pollMs).unref();
    this.wake();
  }

  /** Stops claiming; handlers still running get a moment, then are aborted (their leases run out and others retry them). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.poll);
    localWakers.delete(this.wakeUp);
    await this.listener?.close();
    this.listener = undefined;
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS)))]);
    clearTimeout(grace);
    for (const controller of this.inFlight) controller.abort(new Error('the server is shutting down'));
  }

  /** Looks for work now (or right after the round under way). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.again = false;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) this.wake();
    });
  }

  /** Resolves when no round is under way (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    const names = subscriberNames();
    if (names.length === 0) return;
    while (!this.stopped) {
      let claimed: Claimed[];
      try {
        claimed = await this.claim(names);
      } catch (err) {
        this.app.log.warn({ err }, 'could not claim outbox deliveries; will retry');
        return;
      }
      await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
      if (claimed.length < this.options.batchSize) return;
    }
  }

  private claim(names: string[]): Promise<Claimed[]> {
    const { batchSize, leaseMs } = this.options;
    return rows<Claimed>(
      this.db,
      sql`WITH due AS (
            SELECT id FROM outbox_deliveries
            WHERE status = 'pending' AND next_attempt_at <= now()
              AND subscriber IN (${sql.join(
                names.map((name) => sql`${name}`),
                sql`, `,
              )})
            ORDER BY next_attempt_at
            LIMIT ${batchSize}
            FOR UPDATE SKIP LOCKED
          ), claimed AS (
            UPDATE outbox_deliveries d
            SET attempts = d.attempts + 1, next_attempt_at = now() + ${leaseMs}::float8 * interval '1 millisecond'
            FROM due WHERE d.id = due.id
            RETURNING d.id, d.event_id, d.subscriber, d.attempts, d.idempotency_key
          )
          SELECT c.id, c.subscriber, c.attempts, c.idempotency_key AS "idempotencyKey", e.id AS "eventId",
                 e.type, e.key, e.payload, e.created_at AS "createdAt", e.traceparent
          FROM claimed c JOIN outbox_events e ON e.id = c.event_id`,
    );
  }

  private async deliver(claimed: Claimed): Promise<void> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const event: OutboxEvent = {
      id: claimed.eventId,
      type: claimed.type as OutboxEvent['type'],
      key: claimed.key,
      payload: claimed.payload as OutboxEvent['payload'],
      createdAt: new Date(claimed.createdAt),
    };
    let failure: unknown;
    let timeout: NodeJS.Timeout | undefined;
    try {
      const handler = handlerOf(claimed.type, claimed.subscriber);
      if (!handler) throw new Error(`no subscriber "${claimed.subscriber}" takes ${claimed.type} in this process`);
      const timedOut = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => {
          const err = new Error(`took longer than its lease (${this.options.leaseMs} ms)`);
          controller.abort(err);
          reject(err);
        }, this.options.leaseMs);
      });
      const delivery = {
        idempotencyKey: claimed.idempotencyKey,
        attempt: claimed.attempts,
        final: claimed.attempts >= this.options.maxAttempts,
        signal: controller.signal,
        app: this.app,
      };
      // A span per delivery, named by its subscriber, a child of the span that recorded the event
      // (lib/tracing.ts): a checkout's request and its confirmation mail are one trace.
      await withTraceparent(claimed.traceparent, () =>
        inSpan(
          `outbox ${claimed.subscriber}`,
          {
            'messaging.system': 'outbox',
            'messaging.operation.type': 'process',
            'messaging.destination.name': claimed.type,
            'messaging.message.id': String(claimed.eventId),
            'bookstore.outbox.subscriber': claimed.subscriber,
            'bookstore.outbox.attempt': claimed.attempts,
          },
          () => Promise.race([handler(event, delivery), timedOut]),
          SpanKind.CONSUMER,
        ),
      );
    } catch (err) {
      failure = err;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    try {
      await this.settle(claimed, failure);
    } catch (err) {
      this.app.log.warn(
        { err, delivery: claimed.id },
        'could not record an outbox delivery; it is retried when its lease runs out',
      );
    }
  }

  /** The outcome counts only if this claim still holds the delivery (`attempts` unchanged since). */
  private async settle(claimed: Claimed, failure: unknown): Promise<void> {
    if (failure === undefined) return this.settleDelivered(claimed);
    const mine = sql`id = ${claimed.id} AND attempts = ${claimed.attempts} AND status = 'pending'`;
    const dead = claimed.attempts >= this.options.maxAttempts;
    const wait = this.options.backoffMs(claimed.attempts);
    // Equal jitter: half the wait, plus up to the other half at random, so failures that came
    // together do not all retry together.
    const delay = wait / 2 + Math.random() * (wait / 2);
    const message = (failure instanceof Error ? failure.message : String(failure)).slice(0, 2_000);
    await this.db.execute(
      sql`UPDATE outbox_deliveries
          SET status = ${dead ? 'dead' : 'pending'}, last_error = ${message},
              next_attempt_at = now() + ${delay}::float8 * interval '1 millisecond'
          WHERE ${mine}`,
    );
    const context = {
      err: failure,
      event: claimed.eventId,
      type: claimed.type,
      subscriber: claimed.subscriber,
      attempt: claimed.attempts,
    };
    if (dead) this.app.log.error(context, 'an event subscriber gave up after its last attempt; staff can retry it');
    else this.app.log.warn(context, 'an event subscriber failed; it will be retried');
  }

  /**
   * Successes that finish together (the same turn of the event loop) are recorded in one statement: a
   * round of quick handlers costs two statements, not one per delivery. A slow handler is not waited for.
   */
  private settleDelivered(claimed: Claimed): Promise<void> {
    this.delivered.push(claimed);
    this.flush ??= new Promise((resolve) => setImmediate(resolve)).then(async () => {
      const mine = this.delivered.splice(0);
      this.flush = undefined;
      await this.db.execute(
        sql`UPDATE outbox_deliveries d SET status = 'delivered', delivered_at = now(), last_error = NULL
            FROM (VALUES ${sql.join(
              mine.map((c) => sql`(${c.id}::int, ${c.attempts}::int)`),
              sql`, `,
            )}) AS mine(id, attempts)
            WHERE d.id = mine.id AND d.attempts = mine.attempts AND d.status = 'pending'`,
      );
    });
    return this.flush;
  }
}

/**
 * Retention (the scheduled job `outbox-cleanup`, src/jobs.ts): events whose every delivery is done go
 * after `retentionDays`; pending and dead ones stay. Deletes in batches until none is left or `signal`
 * says the process is stopping. Returns how many went.
 */
export async function deleteDeliveredEvents(
  db: Database,
  retentionDays = OUTBOX_RETENTION_DAYS,
  signal?: AbortSignal,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await rows<{ id: number }>(
      db,
      sql`DELETE FROM outbox_events WHERE id IN (
            SELECT e.id FROM outbox_events e
            WHERE e.created_at < now() - ${retentionDays}::float8 * interval '1 day'
              AND NOT EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.event_id = e.id AND d.status <> 'delivered')
            ORDER BY e.created_at
            LIMIT ${CLEANUP_BATCH}
          ) RETURNING id`,
    );
    total += deleted.length;
    if (deleted.length < CLEANUP_BATCH || signal?.aborted) return total;
  }
}
