import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { storeJobs } from '../../jobs.js';
import { logLines } from '../../test/log-lines.js';
import { createSecondServer, onPostgres, useTestApp } from '../../test/app.js';
import { type JobDeclaration, Scheduler, scheduledJobRows, startScheduler, wakeJob } from './index.js';

/**
 * The scheduler (docs/decisions/0032-one-scheduler.md) on a fake clock: a test moves `clock` and calls
 * `runDue()` where a worker's timer would fire. Two schedulers on one database stand for two workers.
 */
const t = useTestApp();
const app = () => t().app;

const SECOND = 1000;
let now = Date.parse('2027-06-01T10:00:00Z');
const realNow = clock.now;
clock.now = () => new Date(now);
const started: Scheduler[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
});
afterEach(() => {
  clock.now = () => new Date(now);
});
afterAll(() => {
  clock.now = realNow;
});

let n = 0;
/** A job of its own name for each test, counting its runs. */
function counted(schedule: string, run: JobDeclaration['run'] = async () => {}) {
  const job = { name: `test-job-${++n}`, schedule, runs: 0 } as JobDeclaration & { runs: number };
  job.run = async (context) => {
    job.runs += 1;
    return run(context);
  };
  return job;
}

async function worker(jobs: JobDeclaration[], on = app()) {
  const s = new Scheduler(on.db, on.log, jobs);
  await s.start({ timer: false });
  started.push(s);
  return s;
}

async function row(name: string) {
  const [found] = await app().db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return found!;
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('the scheduler', () => {
  it('runs a new job at once, then at the times of its pattern, once each', async () => {
    const job = counted('*/10 * * * * *');
    const s = await worker([job]);
    expect(await s.runDue()).toEqual([job.name]);
    expect(await s.runDue()).toEqual([]);
    expect((await row(job.name)).dueAt.getTime()).toBe(now + 10 * SECOND);
    now += 9 * SECOND;
    expect(await s.runDue()).toEqual([]);
    now += SECOND;
    expect(await s.runDue()).toEqual([job.name]);
    expect(job.runs).toBe(2);
    expect(await row(job.name)).toMatchObject({ runs: 2, failures: 0, runningUntil: null, lastError: null });
  });

  it('runs a job missed for hours once, not once per missed time, and then keeps its pattern', async () => {
    const job = counted('*/10 * * * * *');
    const s = await worker([job]);
    await s.runDue();
    now += 3 * 60 * 60 * SECOND + 3 * SECOND;
    expect(await s.runDue()).toEqual([job.name]);
    expect(job.runs).toBe(2);
    expect((await row(job.name)).dueAt.getTime()).toBe(now + 7 * SECOND);
  });

  it('runs each time of a job on one worker only, however many look at once', async () => {
    const gate = deferred();
    const job = counted('0 * * * * *', () => gate.promise);
    const one = await worker([job]);
    const two = await worker([job]);
    const first = one.runDue();
    await expect.poll(async () => (await row(job.name)).runner).toBe(one.id);
    // The other worker looks while the run is under way, and again once it is done: nothing to do either time.
    expect(await two.runDue()).toEqual([]);
    gate.release();
    expect(await first).toEqual([job.name]);
    expect(await two.runDue()).toEqual([]);
    now += 60 * SECOND;
    const ran = await Promise.all([one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
    expect(ran.flat()).toEqual([job.name]);
    expect(job.runs).toBe(2);
  });

  it.runIf(onPostgres)('runs each time once across two processes of the same database', async () => {
    const other = await createSecondServer(t());
    try {
      const job = counted('*/5 * * * * *');
      const mine = await worker([job]);
      const theirs = await worker([job], other.app);
      for (let i = 0; i < 5; i++) {
        const ran = await Promise.all([mine.runDue(), theirs.runDue(), mine.runDue(), theirs.runDue()]);
        expect(ran.flat()).toEqual([job.name]);
        now += 5 * SECOND;
      }
      expect(job.runs).toBe(5);
      expect((await row(job.name)).runs).toBe(5);
    } finally {
      await other.close();
    }
  });

  it("lets another worker take a job over when a run outlives its lease (its process died), and keeps the taker's record", async () => {
    const stuck = deferred();
    let calls = 0;
    const job = counted('0 0 * * * *', () => (++calls === 1 ? stuck.promise : Promise.resolve()));
    job.leaseMs = 60 * SECOND;
    const dead = await worker([job]);
    void dead.runDue();
    await expect.poll(async () => (await row(job.name)).runner).toBe(dead.id);
    const alive = await worker([job]);
    // Due again (woken), but the lease holds.
    await wakeJob(app().db, job.name, new Date(now));
    expect(await alive.runDue()).toEqual([]);
    now += 61 * SECOND;
    expect(await alive.runDue()).toEqual([job.name]);
    expect(await row(job.name)).toMatchObject({ runner: null, runningUntil: null, runs: 1 });
    // The first run ends at last: it records nothing over the run that took over.
    stuck.release();
    await expect.poll(() => calls).toBe(2);
    expect((await row(job.name)).runs).toBe(1);
  });

  it('logs a failed run, counts it, and runs the job again at its next time', async () => {
    const { lines, stream } = logLines();
    const job = counted('*/30 * * * * *', async () => {
      throw new Error('the provider did not answer');
    });
    const s = new Scheduler(app().db, pino(stream), [job]);
    await s.start({ timer: false });
    started.push(s);
    expect(await s.runDue()).toEqual([job.name]);
    expect(await row(job.name)).toMatchObject({ failures: 1, runs: 1, lastError: 'the provider did not answer' });
    const logged = lines.map((line) => JSON.parse(line) as { job?: string; msg: string; level: number });
    expect(logged).toContainEqual(
      expect.objectContaining({ job: job.name, level: 40, msg: expect.stringMatching(/scheduled job failed/) }),
    );
    now += 30 * SECOND;
    expect(await s.runDue()).toEqual([job.name]);
    expect((await row(job.name)).failures).toBe(2);
  });

  it('runs a job sooner when its run asks, or when any process wakes it', async () => {
    let asks = true;
    const job = counted('0 0 0 * * *', async ({ now: at }) => (asks ? new Date(at.getTime() + 5 * SECOND) : undefined));
    const s = await worker([job]);
    await s.runDue();
    expect((await row(job.name)).dueAt.getTime()).toBe(now + 5 * SECOND);
    now += 5 * SECOND;
    expect(await s.runDue()).toEqual([job.name]);
    asks = false;
    now += 5 * SECOND;
    expect(await s.runDue()).toEqual([job.name]);
    // Back on its pattern: the next midnight.
    const midnight = new Date(now);
    midnight.setUTCHours(24, 0, 0, 0);
    expect((await row(job.name)).dueAt.getTime()).toBe(midnight.getTime());
    await wakeJob(app().db, job.name, new Date(now + 2 * SECOND));
    expect((await row(job.name)).dueAt.getTime()).toBe(now + 2 * SECOND);
    // A later wake-up never puts it off.
    await wakeJob(app().db, job.name, new Date(now + 60 * SECOND));
    expect((await row(job.name)).dueAt.getTime()).toBe(now + 2 * SECOND);
  });

  it('brings a job forward at start when its pattern now comes sooner than the time it was due', async () => {
    const job = counted('0 0 0 1 1 *');
    const first = await worker([job]);
    await first.runDue();
    expect((await row(job.name)).dueAt.toISOString()).toBe('2028-01-01T00:00:00.000Z');
    await first.stop();
    const changed = { ...job, schedule: '0 * * * * *' };
    await worker([changed]);
    expect((await row(job.name)).dueAt.getTime()).toBe((Math.floor(now / 60_000) + 1) * 60_000);
  });

  it('refuses a pattern that is not one, or two jobs of one name, at start-up', () => {
    expect(() => new Scheduler(app().db, app().log, [counted('every minute')])).toThrow();
    const job = counted('* * * * * *');
    expect(() => new Scheduler(app().db, app().log, [job, { ...job }])).toThrow(/two scheduled jobs/);
  });

  it('runs due jobs by itself on its timer, and stops with the app', async () => {
    clock.now = realNow;
    const job = counted('* * * * * *');
    const s = await startScheduler(app().db, app().log, [job]);
    started.push(s);
    await expect.poll(() => job.runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await s.stop();
    const runs = job.runs;
    const rows = await scheduledJobRows(app().db);
    expect(rows.find((r) => r.name === job.name)?.runningUntil).toBeNull();
    expect(job.runs).toBe(runs);
  });

  it("declares the store's jobs with valid patterns and distinct names", () => {
    const jobs = storeJobs(app());
    expect(() => new Scheduler(app().db, app().log, jobs)).not.toThrow();
    expect(jobs.length).toBeGreaterThanOrEqual(6);
  });
});
