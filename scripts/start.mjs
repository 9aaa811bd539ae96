#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources (saying so in one line), then runs
// the store server in a process of its own, whose logs are readable in a terminal and JSON when redirected (apps/api/src/server.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStoreProcess } from './server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (...p) => path.join(root, ...p);

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newest(s) > built);
}

/** Runs one build quietly: its own output is shown only if it fails. */
function build(workspace) {
  const result = spawnSync('npm', ['--silent', 'run', 'build', '-w', workspace], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status === 0) return;
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  console.error(`The build of ${workspace} failed${result.error ? `: ${result.error.message}` : ''}.`);
  process.exit(result.status ?? 1);
}

const contract = rel('packages', 'contract', 'src');
const builds = [
  [
    '@bookstore/web',
    stale(rel('apps', 'web', 'dist', 'index.html'), [
      rel('apps', 'web', 'src'),
      rel('apps', 'web', 'public'),
      contract,
    ]),
  ],
  ['@bookstore/api', stale(rel('apps', 'api', 'dist', 'server.js'), [rel('apps', 'api', 'src'), contract])],
].filter(([, needed]) => needed);
if (builds.length > 0) {
  console.log('Building the storefront…');
  for (const [workspace] of builds) build(workspace);
}

// The settings in ./.env count as the caller's (a variable set in the environment wins), so that what
// follows sees a NODE_ENV chosen there.
if (existsSync('.env')) process.loadEnvFile('.env');
// Without a NODE_ENV of the caller's, `npm start` is the store of a fresh clone: production, on the
// embedded database, with the demo catalogue. A caller who sets NODE_ENV (production with DATABASE_URL,
// PUBLIC_URL and JWT_SECRET) gets exactly what they set (docs/decisions/0029-roles-and-production-settings.md).
const ownDefaults = process.env.NODE_ENV
  ? {}
  : {
      NODE_ENV: 'production',
      EMBEDDED_IN_PRODUCTION: process.env.EMBEDDED_IN_PRODUCTION || 'true',
      SEED_DEMO: process.env.SEED_DEMO || 'true',
    };

// The server runs in a process of its own, started with the settings it cannot give itself
// (scripts/server-process.mjs); this one passes the signals on and ends as it does.
runStoreProcess([...process.execArgv, rel('apps', 'api', 'dist', 'server.js')], { ...process.env, ...ownDefaults });
