#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the store server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

function run(args, label) {
  console.log(`> ${label}`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const contract = rel('packages', 'contract', 'src');
if (stale(rel('apps', 'web', 'dist', 'index.html'), [rel('apps', 'web', 'src'), rel('apps', 'web', 'public'), contract])) {
  run(['run', 'build', '-w', '@bookstore/web'], 'building the storefront');
}
if (stale(rel('apps', 'api', 'dist', 'server.js'), [rel('apps', 'api', 'src'), contract])) {
  run(['run', 'build', '-w', '@bookstore/api'], 'building the API server');
}

process.env.NODE_ENV ??= 'production';
await import(rel('apps', 'api', 'dist', 'server.js'));
