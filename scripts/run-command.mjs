#!/usr/bin/env node
// The operator's commands (`npm run migrate|seed|create-admin|backup|restore`), in a fresh clone and in
// a built release alike. The rule: where tsx is installed (`npm ci`, development dependencies), the
// command runs its TypeScript source through tsx, as it always did, so it is never older than the code;
// where it is not (`npm ci --omit=dev`, a release), it runs the file `npm run build` wrote into
// apps/api/dist with node. Arguments after `--` are passed on: `npm run seed -- --books 0`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps', 'api');

/** Each command: its source under apps/api/src, the bundle's file under apps/api/dist, and its own first arguments. */
const commands = {
  migrate: { source: 'src/ops/migrate-cli.ts', built: 'dist/migrate-cli.js', args: [] },
  seed: { source: 'src/seed/cli.ts', built: 'dist/cli.js', args: [] },
  'create-admin': { source: 'src/modules/accounts/create-admin.ts', built: 'dist/create-admin.js', args: [] },
  backup: { source: 'src/ops/backup-cli.ts', built: 'dist/backup-cli.js', args: ['backup'] },
  restore: { source: 'src/ops/backup-cli.ts', built: 'dist/backup-cli.js', args: ['restore'] },
};

const [name, ...rest] = process.argv.slice(2);
const command = commands[name];
if (!command) {
  console.error(`Usage: node scripts/run-command.mjs <${Object.keys(commands).join('|')}> [arguments]`);
  process.exit(2);
}

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const source = path.join(api, command.source);
const built = path.join(api, command.built);
let argv;
if (existsSync(tsx) && existsSync(source)) {
  argv = [tsx, '--tsconfig', path.join(api, 'tsconfig.json'), source];
} else if (existsSync(built)) {
  argv = [process.execPath, built];
} else {
  console.error(
    `npm run ${name}: tsx is not installed and ${path.relative(root, built)} is missing. ` +
      'Run `npm run build` where the development dependencies are installed (`npm ci`), or install them here.',
  );
  process.exit(1);
}

const child = spawn(argv[0], [...argv.slice(1), ...command.args, ...rest], { stdio: 'inherit' });
// Ctrl-C reaches the command too (same process group): this process waits for it to end and ends as it does.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
