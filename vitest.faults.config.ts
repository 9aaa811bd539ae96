import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the fault suite. Real server processes killed with SIGKILL: the
 * embedded database during a burst of writes, and one of two processes on PostgreSQL during checkouts
 * (skipped without TEST_DATABASE_URL). One file at a time, each bounded.
 */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['apps/api/src/faults/**/*.faults.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
    // Drops this run's template database at the end (when the suite made one on PostgreSQL).
    globalSetup: ['apps/api/src/test/test-run.ts'],
  },
});
