/**
 * The scheduler (docs/decisions/0032-one-scheduler.md): jobs declared with a cron pattern, one run of
 * each at a time across every worker. The jobs themselves are declared in one place, src/jobs.ts. The
 * only door into this module.
 */
export {
  type JobContext,
  type JobDeclaration,
  LOOK_EVERY_MS,
  Scheduler,
  scheduledJobRows,
  schedulerOf,
  startScheduler,
  stopScheduler,
  wakeJob,
} from './scheduler.js';
