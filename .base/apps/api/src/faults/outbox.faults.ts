import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { outboxDeliveries } from '../db/schema.js';
import type { ProbeLine } from './outbox-probe.js';
import { admin, call, killTestDatabases, useStores, waitFor } from './support.js';

/**
 * Fault suite: a server is killed -9 after a sign-up has committed its user.registered event and while
 * a subscriber is taking it (so its delivery is not recorded). After a restart the event is delivered,
 * once, under the same idempotency key: on the embedded database and on PostgreSQL.
 */
const probe = path.join(path.dirname(new URL(import.meta.url).pathname), 'outbox-probe.ts');
const work = mkdtempSync(path.join(tmpdir(), 'bookstore-outbox-faults-'));
const pgName = `bookstore_outbox_faults_${randomBytes(4).toString('hex')}`;
const LEASE_SECONDS = 3;

const startStore = useStores(async () => {
  if (process.env.TEST_DATABASE_URL) await admin(`drop database if exists "${pgName}" with (force)`).catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

const lines = (file: string): ProbeLine[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ProbeLine)
    : [];

const databases = killTestDatabases(work, pgName);

describe.each(databases)(
  'kill -9 between the commit of an event and its delivery, on $name',
  ({ name, skip, prepare }) => {
    it.skipIf(skip)('delivers the event once after a restart, under the same idempotency key', async () => {
      const { env, open } = await prepare();
      const log = path.join(work, `${name.replace(/\W+/g, '-')}.log`);
      const base = { ...env, OUTBOX_PROBE_LOG: log, OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS) };

      const first = await startStore({ ...base, OUTBOX_PROBE_HANG: '1' }, { imports: [probe] });
      const password = 'outbox-fault-password';
      const signUp = await call(first.url, 'POST', '/api/register/', {
        email: 'killed@example.test',
        username: 'killed_nine',
        firstName: 'Kill',
        lastName: 'Nine',
        password,
        password2: password,
      });
      expect(signUp.status, JSON.stringify(signUp.body) + first.output()).toBe(201);
      // The sign-up has answered, so its event has committed; the subscriber has started and hangs.
      await waitFor(() => lines(log).length > 0, 15_000, first.output);
      await first.kill9();
      const [started] = lines(log);
      expect(lines(log)).toEqual([expect.objectContaining({ pid: first.child.pid, attempt: 1, phase: 'start' })]);

      const second = await startStore({ ...base, OUTBOX_PROBE_HANG: '0' }, { imports: [probe] });
      await waitFor(() => lines(log).some((l) => l.phase === 'done'), (LEASE_SECONDS + 20) * 1000, second.output);
      // Longer than a poll and a lease: a second delivery would have happened by now.
      await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 1) * 1000));
      await second.stop();

      const after = lines(log).filter((l) => l.pid === second.child.pid);
      expect(after).toEqual([
        { pid: second.child.pid, event: started!.event, key: started!.key, attempt: 2, phase: 'start' },
        { pid: second.child.pid, event: started!.event, key: started!.key, attempt: 2, phase: 'done' },
      ]);
      const check = await openDatabase(open);
      try {
        // The probe's delivery (the store's own subscribers, the welcome e-mail, take the event too).
        const deliveries = await check.db
          .select()
          .from(outboxDeliveries)
          .where(and(eq(outboxDeliveries.eventId, started!.event), eq(outboxDeliveries.subscriber, 'fault-probe')));
        expect(deliveries).toEqual([
          expect.objectContaining({
            subscriber: 'fault-probe',
            status: 'delivered',
            attempts: 2,
            idempotencyKey: started!.key,
          }),
        ]);
      } finally {
        await check.close();
      }
    });
  },
);
