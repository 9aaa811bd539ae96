import { spawn } from 'node:child_process';

// How the store's process is started: shared by `npm start` (scripts/start.mjs), the browser suite's
// server (apps/web/e2e/serve.mjs) and the benchmarks that measure the store as `npm start` ships it
// (bench/lib.mjs, bench/api.mjs).

/**
 * Settings the store's process needs from its first instruction and cannot give itself: glibc reads
 * its allocator's settings once, as the process starts (docs/decisions/0024-memory-allocator.md).
 *
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates an arena of its own, up to eight per
 * core, and keeps what is freed in it for that thread. libvips (sharp) decodes a cover in a thread of
 * its own, up to 73 MB of pixels for the largest a cover may claim, and that memory stayed with the
 * process after the upload: six such covers left the store 130-190 MB larger for good; with two
 * arenas, 10-20 MB. A variable already set in the environment wins.
 */
export const SERVER_PROCESS_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2' });

/**
 * Node's own settings for the store's process, put first in NODE_OPTIONS so any the caller sets there
 * come after and win (docs/decisions/0026-a-heap-ceiling.md).
 *
 * --max-old-space-size=1024: V8 lets the heap grow to a multiple of what was live after its last full
 * collection before it collects again, and that multiple follows the ceiling: 4 under the default
 * ceiling (about 4 GB on a machine with 24 GB), about 1.6 under 1 GB. Fresh pages asked 50 at a time
 * make a megabyte of short-lived objects each, and with the factor of 4 the store's heap reached 280 MB
 * around 76 MB of live objects before a collection; the store peaked at 432-512 MB in the whole
 * bench:api run at a million titles, and at 324-329 MB with this ceiling. The live heap is some
 * 80-160 MB (every cache the store keeps has a bound), so the ceiling is far above what it needs.
 */
export const SERVER_NODE_OPTIONS = Object.freeze(['--max-old-space-size=1024']);

/** The environment for the store's process: `env` over the process settings above. */
export function serverProcessEnv(env = process.env) {
  const nodeOptions = [...SERVER_NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' ');
  return { ...SERVER_PROCESS_ENV, ...env, NODE_OPTIONS: nodeOptions };
}

/**
 * Runs the store (`node …args`) in a process of its own with the settings above, passes SIGINT and
 * SIGTERM on to it, and ends this process as the store's ends (its exit code): `npm start` stops as
 * the store does, with every log line written (apps/api/src/start-process.test.ts).
 */
export function runStoreProcess(args, env = process.env) {
  const store = spawn(process.execPath, args, { stdio: 'inherit', env: serverProcessEnv(env) });
  // A terminal's Ctrl+C reaches both processes; the store stops once however many times it is told.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => store.kill(signal));
  store.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
  return store;
}
