import type { FastifyInstance } from 'fastify';
import { dailyRuns } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { recordEvent } from '../events/index.js';

/**
 * Records 'stock.digest-due' for the day of `now`, once (the row in daily_runs makes it once, whatever
 * runs it twice). Scheduled at midnight UTC (src/jobs.ts); a scheduler that was down then runs it when it
 * starts, so the day is caught up.
 */
export async function runDailyJobs(app: FastifyInstance, now = clock.now()): Promise<boolean> {
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
