#!/usr/bin/env node
// `node bench/log-destinations.mjs [FILE]`: what one request log line costs the thread that writes it,
// for each destination pino offers (docs/decisions/0020-logging-and-a-million-titles.md):
//   sync     pino's default: sonic-boom writing each line at once (a write system call per line);
//   async    sonic-boom with `sync: false, minLength: 4096`: lines gather, fs.write in the background;
//   worker   a transport (`pino/file` in a worker thread): lines are copied into a shared buffer;
//   batched  the server's own (apps/api/src/lib/log.ts, openLogStream): the same worker, handed the
//            lines in batches (BatchedLines) instead of once per turn of the event loop.
// Each writes 200,000 lines of a request's size to FILE (default a temporary file), yielding to the
// event loop every LINES_PER_TURN lines (default 2: one request's two lines, as a store answering
// 50 connections on two shared cores sees about one request a turn; 50 is the earlier setting), in a
// process of its own, 3 times; medians are printed, with the CPU of the writing thread and of the
// whole process (the worker's thread included).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LINES = 200_000;
const LINES_PER_TURN = Number(process.env.LINES_PER_TURN ?? 2);
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
        : mode === 'worker'
          ? pino.transport({ target: 'pino/file', options: { destination: dest } })
          : (await import('../apps/api/src/lib/log.ts')).openLogStream({
              target: 'pino/file',
              options: { destination: dest },
            }).stream;
  // CPU of this (the writing) thread, from Linux's /proc, in µs; null elsewhere.
  const threadMicros = () => {
    try {
      const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10_000;
    } catch {
      return null;
    }
  };
  await new Promise((r) => setTimeout(r, 300));
  const started = performance.now();
  const cpu = process.cpuUsage();
  const thread = threadMicros();
  for (let i = 0; i < LINES; i++) {
    stream.write(line);
    if (i % LINES_PER_TURN === 0) await new Promise(setImmediate);
  }
  const wall = performance.now() - started;
  const threadUsed = thread === null ? null : threadMicros() - thread;
  // Until the worker has written every line: its CPU belongs to these lines too.
  stream.flushSync?.();
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      mode,
      wallPerLine: (wall * 1000) / LINES,
      threadPerLine: threadUsed === null ? null : threadUsed / LINES,
      cpuPerLine: (used.user + used.system) / LINES,
    }),
  );
  process.exit(0);
}

const dir = mkdtempSync(path.join(tmpdir(), 'log-destinations-'));
const dest = process.argv[2] ?? path.join(dir, 'out.log');
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const rows = [];
for (const mode of ['sync', 'async', 'worker', 'batched']) {
  const runs = [];
  for (let round = 0; round < 3; round++) {
    // tsx for the server's own stream, written in TypeScript.
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode, dest],
      {
        encoding: 'utf8',
        env: { ...process.env, LINES_PER_TURN: String(LINES_PER_TURN) },
      },
    );
    runs.push(JSON.parse(child.stdout.trim().split('\n').at(-1)));
  }
  rows.push({
    destination: mode,
    'µs a line on the writing thread (median of 3)': Number(median(runs.map((r) => r.wallPerLine)).toFixed(2)),
    "writing thread's CPU µs a line": runs.some((r) => r.threadPerLine === null)
      ? '-'
      : Number(median(runs.map((r) => r.threadPerLine)).toFixed(2)),
    'process CPU µs a line (all threads)': Number(median(runs.map((r) => r.cpuPerLine)).toFixed(2)),
  });
}
console.log(`${LINES} lines, ${LINES_PER_TURN} a turn of the event loop`);
console.table(rows);
rmSync(dir, { recursive: true, force: true });
