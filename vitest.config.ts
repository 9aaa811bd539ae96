import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, several projects: the contract, the API on PGlite, the API again on PostgreSQL when
 * TEST_DATABASE_URL is set, and the web app's component tests in jsdom. Browser journeys are
 * Playwright's (apps/web/e2e), not Vitest's.
 */
const apiTests = ['apps/api/src/**/*.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          globalSetup: ['apps/api/src/test/test-run.ts'],
          environment: 'node',
          env: { TEST_DATABASE_URL: '' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                globalSetup: ['apps/api/src/test/test-run.ts'],
                environment: 'node',
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
