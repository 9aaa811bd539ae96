import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags } from './e2e/chromium.mjs';
import type { ShopperOptions } from './e2e/fixtures';

/**
 * Browser journeys on Debian's Chromium against the real server (built app, real API, a fresh
 * embedded database with the demo catalogue), at a desktop and a phone size.
 */
// A port nobody listens on, chosen once by the runner (its workers inherit it): a port drawn from a fixed
// range met another service's once (Erlang's epmd on 4369, beside RabbitMQ), and the suite could not start.
process.env.E2E_PORT ??= execFileSync(
  process.execPath,
  [
    '-e',
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
  ],
  { encoding: 'utf8' },
).trim();
const port = Number(process.env.E2E_PORT);
// Where e2e/serve.mjs's mail server writes what arrives, for the journeys that read their e-mail (e2e/mailbox.ts).
process.env.E2E_MAIL_DIR ??= path.join(tmpdir(), `bookstore-e2e-mail-${port}`);
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

const EARLY_TAPS = /early-taps\.spec\.ts$/;

const launchOptions = {
  executablePath: chromium,
  args: chromiumFlags,
};

export default defineConfig<ShopperOptions>({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // Two shared cores run the server, the browsers and axe: generous limits, fast when all is well.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace of the retry, not of every test: recording every test halved the suite's speed on two
    // cores (accounts.spec.ts, desktop: 2.1 min recording all, 1.2 min recording retries only).
    // `npx playwright test --trace on` records everything when chasing a failure locally.
    trace: 'on-first-retry',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: EARLY_TAPS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      testIgnore: EARLY_TAPS,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
    },
    // A shopper on a phone-speed CPU (4x slower) who taps what the server's page shows at once,
    // without waiting for the app (e2e/early-taps.spec.ts). Five times each in CI, no retry: an
    // early tap that is lost one time in five is a lost sale.
    {
      name: 'slow',
      testMatch: EARLY_TAPS,
      repeatEach: process.env.CI ? 5 : 1,
      retries: 0,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions,
        waitForHydration: false,
        cpuSlowdown: 4,
      },
    },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port), E2E_MAIL_DIR: process.env.E2E_MAIL_DIR },
    // Stopped as a terminal stops it, not killed: e2e/serve.mjs then removes its work folder (the
    // build, the database, the media) and the mail folder, instead of leaving them in the temp folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
