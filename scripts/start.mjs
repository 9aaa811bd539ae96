#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources (saying so in one line) where the
// build tools are installed, then runs
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
// Each build: its workspace, the tool it needs, the file it writes last and the sources it is made from.
const builds = [
  {
    workspace: '@bookstore/web',
    tool: 'vite',
    output: rel('apps', 'web', 'dist', 'index.html'),
    sources: [rel('apps', 'web', 'src'), rel('apps', 'web', 'public'), contract],
  },
  {
    workspace: '@bookstore/api',
    tool: 'esbuild',
    output: rel('apps', 'api', 'dist', 'server.js'),
    sources: [rel('apps', 'api', 'src'), contract],
  },
].filter((b) => stale(b.output, b.sources));
// A release installed with runtime dependencies only (`npm ci --omit=dev`) has no build tools: what it
// has built runs as it is, and without a build it cannot start.
const withoutTools = builds.filter((b) => !existsSync(rel('node_modules', '.bin', b.tool)));
const missing = withoutTools.filter((b) => !existsSync(b.output));
if (missing.length > 0) {
  console.error(
    `${missing.map((b) => path.relative(root, b.output)).join(' and ')} missing, and ${missing.map((b) => b.tool).join(' and ')} ` +
      'not installed here: run `npm run build` where the development dependencies are installed (`npm ci`), ' +
      'or install them here.',
  );
  process.exit(1);
}
const toBuild = builds.filter((b) => !withoutTools.includes(b));
if (toBuild.length > 0) {
  console.log('Building the storefront…');
  for (const { workspace } of toBuild) build(workspace);
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
