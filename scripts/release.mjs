#!/usr/bin/env node
// `npm run release` (after `npm run build`, which the npm script runs first): writes
// release/bookstore-<version>.tar.gz, a tree that `npm ci --omit=dev` installs and `npm start`,
// `npm run migrate`, `seed`, `create-admin`, `backup` and `restore` run with runtime dependencies only.
// It holds what the built store reads at run time and nothing to build it from.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const version = pkg('package.json').version ?? pkg('apps/api/package.json').version;
const name = `bookstore-${version}`;

const files = [
  // The install: the lockfile and every workspace's package.json (npm ci checks them against each other).
  'package.json',
  'package-lock.json',
  'packages/contract/package.json',
  'apps/api/package.json',
  'apps/web/package.json',
  // The builds: the API and the operator's commands (the contract package is bundled in), the storefront and its server renderer.
  'apps/api/dist',
  'apps/web/dist',
  // Read at run time: the migrations (apps/api/src/db/client.ts).
  'apps/api/drizzle',
  // `npm start` and the operator's commands.
  'scripts/start.mjs',
  'scripts/server-process.mjs',
  'scripts/run-command.mjs',
  // For the operator: settings, the deploy files and their guide.
  '.env.example',
  'deploy',
  'README.md',
  'docs/operations.md',
];
for (const required of ['apps/api/dist/server.js', 'apps/api/dist/migrate-cli.js', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(root, required))) {
    console.error(`${required} is missing: run \`npm run build\` first (\`npm run release\` does).`);
    process.exit(1);
  }
}
const present = files.filter((f) => existsSync(path.join(root, f)));

const out = path.join(root, 'release');
mkdirSync(out, { recursive: true });
const archive = path.join(out, `${name}.tar.gz`);
rmSync(archive, { force: true });
// GNU tar; every path under one folder named after the release.
execFileSync(
  'tar',
  ['-czf', archive, '--owner=0', '--group=0', '--transform', `s,^,${name}/,`, '-C', root, ...present],
  { stdio: 'inherit' },
);
console.log(
  `Release written: ${path.relative(process.cwd(), archive)} (unpack, then \`npm ci --omit=dev\` and \`npm start\`)`,
);
