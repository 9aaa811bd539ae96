#!/usr/bin/env node
// `npm test`: every suite, then one line `N passed, N failed` adding them all up.
//  1. Vitest: contract, API on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), web components;
//     then the fault suite (`npm run test:faults`: kill -9 on the embedded database, and on one of two
//     processes on PostgreSQL when TEST_DATABASE_URL is set).
//  2. Playwright: the browser journeys on Debian's Chromium, or a clear note that they were skipped.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const run = randomBytes(4).toString('hex');
const env = { ...process.env, BOOKSTORE_TEST_RUN: run };
let passed = 0;
let failed = 0;
let skipped = 0;
// What failed, named again just above the last line: a CI log is often kept only by its tail.
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

// 1. Vitest, then the fault suite (real server processes killed with SIGKILL; see vitest.faults.config.ts)
function vitestSuite(label, extraArgs) {
  const json = path.join(out, `${label}.json`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...extraArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    { cwd: root, stdio: 'inherit', env },
  );
  if (existsSync(json)) {
    const report = JSON.parse(readFileSync(json, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults) {
      const where = path.relative(root, file.name);
      // A file that failed to load has no tests to count; count it as one failure.
      if (file.status === 'failed' && file.assertionResults.length === 0) {
        failed += 1;
        failures.push(`${label}: ${where}: ${firstLine(file.message)}`);
      }
      for (const test of file.assertionResults) {
        if (test.status === 'failed') {
          failures.push(`${label}: ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
        }
      }
    }
  } else {
    failed += 1;
    console.error('Vitest (%s) produced no report (exit code %s)', label, result.status);
  }
}
vitestSuite('vitest', []);
vitestSuite('faults', ['--config', 'vitest.faults.config.ts']);

// 2. Playwright
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
if (!chromium || !existsSync(chromium)) {
  console.log('\nThe browser suite was SKIPPED: Chromium was not found at /usr/bin/chromium.');
  console.log(
    'Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH, then run `npm test` again.\n',
  );
} else {
  const pwJson = path.join(out, 'playwright.json');
  const pw = spawnSync('npx', ['playwright', 'test'], {
    cwd: path.join(root, 'apps', 'web'),
    stdio: 'inherit',
    env: { ...env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  });
  if (existsSync(pwJson)) {
    const { stats, errors, suites } = JSON.parse(readFileSync(pwJson, 'utf8'));
    const visit = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const last = test.results?.at(-1);
          failures.push(
            `playwright: [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(last?.error?.message)}`,
          );
        }
      }
      (suite.suites ?? []).forEach(visit);
    };
    (suites ?? []).forEach(visit);
    for (const error of errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected + (stats.expected + stats.unexpected + stats.flaky === 0 ? 1 : 0);
    failed += errors?.length && stats.unexpected === 0 ? 1 : 0;
    skipped += stats.skipped;
  } else {
    failed += 1;
    console.error('Playwright produced no report (exit code %s)', pw.status);
  }
}

if (failures.length > 0) {
  // eslint-disable-next-line no-control-regex -- colours from the reporters' messages
  console.log(`\nFailed:\n${failures.map((line) => `  ${line.replace(/\u001b\[[0-9;]*m/g, '')}`).join('\n')}`);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
