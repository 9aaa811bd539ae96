// What the benchmarks share: the repository's folders, their `--name=value` options, a free port,
// and the API server started from source on one of them.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const api = path.join(root, 'apps', 'api');

/** The command line's `--name=value` options (`--flag` alone is 'true'). */
export const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the API server from source (`tsx src/server.ts`, production mode, quiet, no demo catalogue,
 * no Redis, no first staff account) on `port` with `env` on top, and waits until /readyz answers.
 * `started` (if given) gets the child process at once, so a caller can stop it even when it never
 * becomes ready. Returns the child and its base address.
 */
export async function startApiServer(port, env, { name = 'server', tries = 300, started } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: api,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      REDIS_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  started?.(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < tries; i += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not start: ${stderr}`);
}

/** Writes `bench/results/<file>` (the `--json` option of the benchmarks). */
export function writeResult(file, text) {
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'results', file), text);
}
