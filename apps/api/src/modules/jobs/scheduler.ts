import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { scheduledJobs } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';

/**
 * One scheduler for the work done by time (docs/decisions/0032-one-scheduler.md). Jobs are declared, each
 * with a cron pattern (seconds first: `*\/30 * * * * *` is every 30 s, `0 0 0 * * *` midnight UTC), in
 * one place (src/jobs.ts). Every worker process runs a scheduler over the same declarations; the
 * `scheduled_jobs` table decides which runs each job when it is due:
 *
 * - a run is claimed by one UPDATE of the job's row (due, and nobody's lease running), so two workers
 *   never run the same job at once, however many share the database;
 * - the claim is a lease: a run still going when it ends (its process died, say) lets another worker take
 *   the job over;
 * - runs missed while no worker ran are not made up one by one: the job runs once, then keeps its pattern;
 * - a job may ask to run sooner than its pattern says (a sale that starts in five seconds), from its
 *   own run or from any process through `wakeJob`;
 * - time is `clock`'s: tests move the clock and call `runDue()` instead of waiting.
 */

export interface JobContext {
  /** The clock time the run was claimed at. */
  now: Date;
  /** Aborted when the process stops before the run ends. */
  signal: AbortSignal;
}

export interface JobDeclaration {
  /** Its row in scheduled_jobs; stable across releases. */
  name: string;
  /** A cron pattern with seconds, in UTC. */
  schedule: string;
  /** How long a run may take before another worker may take the job over. Default 5 minutes. */
  leaseMs?: number;
  /** The work. May return a time to run again before the pattern's next time. */
  run(context: JobContext): Promise<Date | null | void>;
}

/** How long a scheduler sleeps at most before it looks at the table again (wake-ups from other processes). */
export const LOOK_EVERY_MS = 5_000;
const DEFAULT_LEASE_MS = 5 * 60_000;
/** How long a stopping process lets runs under way finish before it aborts them. */
const STOP_GRACE_MS = 5_000;

interface Declared extends JobDeclaration {
  pattern: Cron;
}

/** The next time of a job's pattern after `after`. */
function nextTime(job: Declared, after: Date): Date {
  return job.pattern.nextRun(after) ?? new Date(after.getTime() + 365 * 24 * 60 * 60_000);
}

export function declareJobs(jobs: JobDeclaration[]): Declared[] {
  const names = new Set<string>();
  return jobs.map((job) => {
    if (names.has(job.name)) throw new Error(`two scheduled jobs are called ${job.name}`);
    names.add(job.name);
    // Throws at start-up for a pattern that is not one.
    return { ...job, pattern: new Cron(job.schedule, { paused: true, timezone: 'UTC', mode: '6-part' }) };
  });
}

const running = new WeakMap<Database, Scheduler>();

export class Scheduler {
  readonly id = randomUUID();
  private readonly jobs: Declared[];
  private readonly inFlight = new Map<string, { done: Promise<void>; controller: AbortController }>();
  private timer?: NodeJS.Timeout;
  private stopped = true;
  private looking?: Promise<void>;
  private again = false;
  private timed = true;
  private wakesAt = new Date(8.64e15);

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    jobs: JobDeclaration[],
  ) {
    this.jobs = declareJobs(jobs);
  }

  /**
   * Writes a row for each declared job (due now if it never ran; moved earlier if its pattern now comes
   * sooner than the time it was due), then runs what is due and keeps running it.
   */
  async start(options: { timer?: boolean } = {}): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    running.set(this.db, this);
    const now = clock.now();
    for (const job of this.jobs) {
      await this.db
        .insert(scheduledJobs)
        .values({ name: job.name, dueAt: now })
        .onConflictDoUpdate({
          target: scheduledJobs.name,
          set: { dueAt: sql`least(${scheduledJobs.dueAt}, ${nextTime(job, now).toISOString()}::timestamptz)` },
        });
    }
    // Tests leave the timer off and call runDue() on their own clock.
    this.timed = options.timer ?? true;
    this.look();
  }

  /** Stops claiming; runs under way get a moment, then are aborted (their leases run out and another worker takes over). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    if (running.get(this.db) === this) running.delete(this.db);
    await this.looking;
    const runs = [...this.inFlight.values()];
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(runs.map((r) => r.done)),
      new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
    ]);
    clearTimeout(grace);
    for (const r of runs) r.controller.abort(new Error('the server is shutting down'));
  }

  /**
   * Runs every job due at `now` that no one else is running, and resolves when those runs end. What the
   * timer calls; tests call it after moving the clock. Says which jobs it ran.
   */
  async runDue(now: Date = clock.now()): Promise<string[]> {
    const { claimed, runs } = await this.claimDue(now);
    await Promise.all(runs);
    return claimed;
  }

  private async claimDue(now: Date): Promise<{ claimed: string[]; runs: Promise<void>[] }> {
    const claimed: string[] = [];
    const runs: Promise<void>[] = [];
    for (const job of this.jobs) {
      if (this.inFlight.has(job.name)) continue;
      const lease = new Date(now.getTime() + (job.leaseMs ?? DEFAULT_LEASE_MS));
      const [row] = await this.db
        .update(scheduledJobs)
        .set({
          // The pattern's next time; a wake-up during the run may bring it sooner.
          dueAt: nextTime(job, now),
          runningUntil: lease,
          runner: this.id,
          lastStartedAt: now,
        })
        .where(
          and(
            eq(scheduledJobs.name, job.name),
            lte(scheduledJobs.dueAt, now),
            or(isNull(scheduledJobs.runningUntil), lte(scheduledJobs.runningUntil, now)),
          ),
        )
        .returning({ name: scheduledJobs.name });
      if (!row) continue;
      claimed.push(job.name);
      runs.push(this.runOne(job, now));
    }
    return { claimed, runs };
  }

  private runOne(job: Declared, now: Date): Promise<void> {
    const controller = new AbortController();
    const done = (async () => {
      let sooner: Date | null = null;
      let failure: string | null = null;
      try {
        sooner = (await job.run({ now, signal: controller.signal })) ?? null;
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err);
        this.log.warn({ err, job: job.name }, 'a scheduled job failed; it runs again at its next time');
      }
      try {
        await this.db
          .update(scheduledJobs)
          .set({
            dueAt: sooner ? sql`least(${scheduledJobs.dueAt}, ${sooner.toISOString()}::timestamptz)` : undefined,
            runningUntil: null,
            runner: null,
            lastFinishedAt: clock.now(),
            lastError: failure,
            runs: sql`${scheduledJobs.runs} + 1`,
            failures: failure ? sql`${scheduledJobs.failures} + 1` : undefined,
          })
          .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.runner, this.id)));
      } catch (err) {
        // Its lease runs out and the job runs again then.
        this.log.warn({ err, job: job.name }, 'could not record the end of a scheduled job');
      }
    })().finally(() => this.inFlight.delete(job.name));
    this.inFlight.set(job.name, { done, controller });
    return done;
  }

  /**
   * Runs what is due, then sleeps until the next due time (at most LOOK_EVERY_MS), and looks again
   * when a run ends (it may have asked to run again soon).
   */
  private look(): void {
    if (this.stopped || !this.timed) return;
    if (this.looking) {
      this.again = true;
      return;
    }
    this.again = false;
    clearTimeout(this.timer);
    this.looking = (async () => {
      try {
        const { runs } = await this.claimDue(clock.now());
        for (const run of runs) void run.then(() => this.look());
        // A job due but held by another worker's lease is looked at when the lease runs out.
        const [row] = await this.db
          .select({
            next: sql<
              string | null
            >`min(greatest(${scheduledJobs.dueAt}, coalesce(${scheduledJobs.runningUntil}, ${scheduledJobs.dueAt})))`,
          })
          .from(scheduledJobs)
          .where(
            inArray(
              scheduledJobs.name,
              this.jobs.map((j) => j.name),
            ),
          );
        this.plan(row?.next ? new Date(row.next) : null);
      } catch (err) {
        this.log.warn({ err }, 'the scheduler could not read its jobs; it looks again soon');
        this.plan(null);
      } finally {
        this.looking = undefined;
        if (this.again) this.look();
      }
    })();
  }

  private plan(next: Date | null): void {
    if (this.stopped) return;
    const now = clock.now().getTime();
    const at = Math.min(next?.getTime() ?? Infinity, now + LOOK_EVERY_MS);
    this.wakesAt = new Date(at);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.look(), Math.max(0, at - now)).unref();
  }

  /** This process's scheduler should look by `at` (a job was woken here). */
  lookBy(at: Date): void {
    if (!this.stopped && this.timed && at < this.wakesAt) this.plan(at);
  }
}

/** Starts a scheduler for these jobs on this database; stop it with `stopScheduler` when the app closes. */
export async function startScheduler(
  db: Database,
  log: FastifyBaseLogger,
  jobs: JobDeclaration[],
  options: { timer?: boolean } = {},
): Promise<Scheduler> {
  await stopScheduler(db);
  const scheduler = new Scheduler(db, log, jobs);
  await scheduler.start(options);
  return scheduler;
}

export async function stopScheduler(db: Database): Promise<void> {
  await running.get(db)?.stop();
}

/** This database's running scheduler in this process, if any. */
export function schedulerOf(db: Database): Scheduler | undefined {
  return running.get(db);
}

/**
 * Asks for job `name` to run by `at` (sooner than its pattern says), from any process: the row says so
 * for every worker, and this process's own scheduler, if it has one, wakes for it.
 */
export async function wakeJob(db: Database, name: string, at: Date): Promise<void> {
  await db
    .update(scheduledJobs)
    .set({ dueAt: sql`least(${scheduledJobs.dueAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(scheduledJobs.name, name));
  running.get(db)?.lookBy(at);
}

/** What the table says of each job (the staff's and the operator's view). */
export async function scheduledJobRows(db: Database) {
  return db.select().from(scheduledJobs).orderBy(scheduledJobs.name);
}
