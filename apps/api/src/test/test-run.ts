import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The names of this run's test databases start so (the run: BOOKSTORE_TEST_RUN, set below). */
export function testDatabasePrefix(run = process.env.BOOKSTORE_TEST_RUN ?? String(process.ppid)): string {
  return `bookstore_t_${run}_`;
}

/**
 * Vitest's global setup for the API's tests (vitest.config.ts, vitest.faults.config.ts): a run's
 * beginning and its end.
 *
 * - Names this run unless `npm test` (scripts/test.mjs) already did: the workers' template database is
 *   `bookstore_tmpl_<run>` (`ensureTemplate` in ./app.ts).
 * - Makes the run's own temporary folder (BOOKSTORE_TEST_RUN_DIR), where what the run's tests share is
 *   kept (the migrated PGlite snapshot of `pgliteSnapshot` in ./app.ts), and removes it at the end.
 * - At the end, on PostgreSQL, drops the template and every test database of the run
 *   (`createTestDatabase`), those a test did not drop included (a store killed mid-test in the fault
 *   suite).
 *
 * So no run, `npm test` or a plain `npx vitest run`, leaves a folder or a database behind.
 */
export default function setup(): () => Promise<void> {
  process.env.BOOKSTORE_TEST_RUN ??= String(process.pid);
  const run = process.env.BOOKSTORE_TEST_RUN;
  // Each project of a run (the API on PGlite, on PostgreSQL) calls this; the first one makes the folder.
  const made = process.env.BOOKSTORE_TEST_RUN_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'bookstore-test-run-'));
  process.env.BOOKSTORE_TEST_RUN_DIR ??= made;
  return async () => {
    if (made) rmSync(made, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where starts_with(datname, $1)`,
        [testDatabasePrefix(run)],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
      await client.query(`drop database if exists "bookstore_tmpl_${run}" with (force)`);
    } catch {
      // leaving a template behind is untidy, not a failure
    } finally {
      await client.end().catch(() => {});
    }
  };
}
