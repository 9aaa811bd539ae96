#!/usr/bin/env node
// `node bench/log-destinations.mjs [FILE]`: what one request log line costs the thread that writes it,
// for each destination pino offers (docs/decisions/0020-logging-and-a-million-titles.md):
//   sync     pino's default: sonic-boom writing each line at once (a write system call per line);
//   async    sonic-boom with `sync: false, minLength: 4096`: lines gather, fs.write in the background;
//   worker   a transport (`pino/file` in a worker thread): lines are copied into a shared buffer.
// Each writes 200,000 lines of a request's size to FILE (default a temporary file), yielding to the
// event loop every 50 lines as a server does, in a process of its own, 3 times; medians are printed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LINES = 200_000;
const line =
  '{"level":30,"time":1795522665495,"pid":18261,"hostname":"vm","reqId":"req-4","req":{"method":"GET",' +
  '"url":"/api/featured/","host":"127.0.0.1:3391","remoteAddress":"127.0.0.1","remotePort":34492},"msg":"incoming request"}\n';

if (process.argv[2] === '--child') {
  const require = createRequire(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'api', 'package.json'),
  );
  const pino = require('pino');
  const [, , , mode, dest] = process.argv;
  const stream =
    mode === 'sync'
      ? pino.destination({ dest, sync: true })
      : mode === 'async'
        ? pino.destination({ dest, sync: false, minLength: 4096 })
        : pino.transport({ target: 'pino/file', options: { destination: dest } });
  await new Promise((r) => setTimeout(r, 300));
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < LINES; i++) {
    stream.write(line);
    if (i % 50 === 0) await new Promise(setImmediate);
  }
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({ mode, wallPerLine: (wall * 1000) / LINES, cpuPerLine: (used.user + used.system) / LINES }),
  );
  process.exit(0);
}

const dir = mkdtempSync(path.join(tmpdir(), 'log-destinations-'));
const dest = process.argv[2] ?? path.join(dir, 'out.log');
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const rows = [];
for (const mode of ['sync', 'async', 'worker']) {
  const runs = [];
  for (let round = 0; round < 3; round++) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', mode, dest], {
      encoding: 'utf8',
    });
    runs.push(JSON.parse(child.stdout.trim().split('\n').at(-1)));
  }
  rows.push({
    destination: mode,
    'µs a line on the writing thread (median of 3)': Number(median(runs.map((r) => r.wallPerLine)).toFixed(2)),
    'process CPU µs a line (all threads)': Number(median(runs.map((r) => r.cpuPerLine)).toFixed(2)),
  });
}
console.table(rows);
rmSync(dir, { recursive: true, force: true });
