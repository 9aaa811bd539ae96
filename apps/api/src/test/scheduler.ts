import { storeJobs } from '../jobs.js';
import { type JobDeclaration, type Scheduler, startScheduler } from '../modules/jobs/index.js';
import type { App } from './app.js';

/**
 * The scheduler a worker runs, with every job of src/jobs.ts (or `jobs`), without its timer: a test moves
 * `clock` and calls `runDue()` where a worker's timer would fire. Stopped when the app closes.
 */
export function testScheduler(app: App, jobs: JobDeclaration[] = storeJobs(app)): Promise<Scheduler> {
  return startScheduler(app.db, app.log, jobs, { timer: false });
}
