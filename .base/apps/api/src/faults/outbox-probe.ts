import { appendFileSync } from 'node:fs';
import { subscribe } from '../modules/events/index.js';

/**
 * Loaded into a fault-suite server with `node --import` (the store itself never loads it): a
 * subscriber to user.registered that writes each attempt to the file OUTBOX_PROBE_LOG, and with
 * OUTBOX_PROBE_HANG=1 never finishes, so that the test can kill the server after the event has
 * committed and before its delivery is recorded.
 */
const log = process.env.OUTBOX_PROBE_LOG;
const hang = process.env.OUTBOX_PROBE_HANG === '1';

export interface ProbeLine {
  pid: number;
  event: number;
  key: string;
  attempt: number;
  phase: 'start' | 'done';
}

if (log) {
  subscribe('user.registered', 'fault-probe', async (event, { idempotencyKey, attempt }) => {
    const line = (phase: ProbeLine['phase']) =>
      appendFileSync(
        log,
        `${JSON.stringify({ pid: process.pid, event: event.id, key: idempotencyKey, attempt, phase })}\n`,
      );
    line('start');
    if (hang) await new Promise(() => {});
    line('done');
  });
}
