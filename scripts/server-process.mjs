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

/** The environment for the store's process: `env` over the process settings above. */
export function serverProcessEnv(env = process.env) {
  return { ...SERVER_PROCESS_ENV, ...env };
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
