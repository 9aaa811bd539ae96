import pg from 'pg';

/**
 * Vitest's global setup for the API on PostgreSQL. Names this run (the workers' template database is
 * `bookstore_tmpl_<run>`, see `ensureTemplate` in ./app.ts) and drops that template when the run ends,
 * so a plain `npx vitest run` leaves no database behind (`npm test`, scripts/test.mjs, names its runs
 * itself and drops the template too).
 */
export default function setup(): () => Promise<void> {
  process.env.BOOKSTORE_TEST_RUN ??= String(process.pid);
  const run = process.env.BOOKSTORE_TEST_RUN;
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query(`drop database if exists "bookstore_tmpl_${run}" with (force)`);
    } catch {
      // leaving a template behind is untidy, not a failure
    } finally {
      await client.end().catch(() => {});
    }
  };
}
