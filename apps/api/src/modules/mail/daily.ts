import type { FastifyInstance } from 'fastify';
import { dailyRuns } from '../../db/schema.js';
import { recordEvent } from '../events/index.js';

/**
 * Once a day, whichever process gets there first records 'stock.digest-due' (the row in daily_runs
 * makes it once). Checked at start and every hour, so a process that was down at midnight catches up.
 */
const CHECK_EVERY_MS = 60 * 60_000;
// Found by the app's database: the mail routes' onClose hook is given their own Fastify instance, not the app.
const timers = new WeakMap<FastifyInstance['db'], NodeJS.Timeout>();

export async function runDailyJobs(app: FastifyInstance, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  return app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(dailyRuns)
      .values({ job: 'low-stock-digest', day })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return false;
    await recordEvent(tx, { type: 'stock.digest-due', key: day, payload: { day } });
    return true;
  });
}

export function startDailyJobs(app: FastifyInstance) {
  stopDailyJobs(app);
  const run = () =>
    void runDailyJobs(app).catch((err) => app.log.warn({ err }, 'could not check the daily low-stock digest'));
  timers.set(app.db, setInterval(run, CHECK_EVERY_MS).unref());
  run();
}

export function stopDailyJobs(app: FastifyInstance) {
  clearInterval(timers.get(app.db));
  timers.delete(app.db);
}
