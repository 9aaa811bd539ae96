// What the benchmarks share: the repository's folders, their `--name=value` options, a free port,
// the API server started from source on one of them, and built bundles started side by side.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverProcessEnv } from '../scripts/server-process.mjs';

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
      EMBEDDED_IN_PRODUCTION: 'true',
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

/**
 * Server bundles named on the command line (`file[@item,…]`), for the benches that compare builds side
 * by side (render-cpu.mjs, render-memory.mjs): an item `NAME=value` sets that variable for the bundle
 * (`WEB_DIST=…` renders with another storefront build), anything else is a flag of node's.
 */
export function bundlesFromArgs(argv, fallback = 'apps/api/dist/server.js') {
  return (argv.length ? argv : [fallback]).map((arg) => {
    const [file, rest] = arg.split('@');
    const items = rest ? rest.split(',') : [];
    const env = Object.fromEntries(items.filter((i) => /^[A-Z_]+=/.test(i)).map((i) => i.split(/=(.*)/s).slice(0, 2)));
    const flags = items.filter((i) => !/^[A-Z_]+=/.test(i));
    return { file: path.resolve(file), flags, env, name: arg };
  });
}

/**
 * Starts a built server bundle as `npm start` runs it (NODE_ENV=production, LOG_LEVEL=info, its log to a
 * file in a throwaway DATA_DIR, no demo catalogue) on `port` against `databaseUrl`, with the bundle's
 * own flags and variables (bundlesFromArgs) and `extraFlags`, and waits until /readyz answers. `stop()`
 * ends it and removes its folder.
 */
export async function startBundle(bundle, { port, databaseUrl, prefix = 'bookstore-bench-', extraFlags = [] }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const child = spawn(process.execPath, [...bundle.flags, ...extraFlags, bundle.file], {
    cwd: root,
    env: {
      ...serverProcessEnv(),
      ...bundle.env,
      NODE_ENV: 'production',
      EMBEDDED_IN_PRODUCTION: 'true',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', openSync(path.join(dataDir, 'log'), 'w'), 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (i > 300 || child.exitCode !== null) {
      await stop();
      throw new Error(`${bundle.name} did not start`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, stop };
}

/**
 * Rounds of an A/B between bundles, taking turns (the order reversed every other round, so no bundle is
 * always first): `measure(bundle, input, port)` for each, `input` from `inputFor(round)` (the same for
 * every bundle in a round), the k-th bundle on `port + k`. Prints each result; returns each bundle
 * with the median of a field over its rounds.
 */
export async function inTurns(bundles, { rounds, port, inputFor, measure }) {
  const results = bundles.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const input = await inputFor(round);
    const order = bundles.map((_, k) => k);
    if (round % 2 === 1) order.reverse();
    for (const k of order) {
      const r = await measure(bundles[k], input, port + k);
      results[k].push(r);
      console.log(`round ${round + 1} ${bundles[k].name}: ${JSON.stringify(r)}`);
    }
  }
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return bundles.map((bundle, k) => ({ bundle, median: (field) => median(results[k].map((r) => r[field])) }));
}

/**
 * Uploads of the largest cover a book may claim (24.5 million pixels, PNG) by a fresh reader of the
 * store at `base`: `upload(i)` sends the i-th as a new book's draft and settles with the answer's
 * status. The drafts' titles are `LIKE titlesLike`, for the caller to remove after.
 */
export async function largeCoverUploads(base) {
  const username = `bench${Date.now().toString(36)}`.slice(0, 12);
  const password = 'bench-covers-password-1';
  const post = (url, body, headers = {}) => fetch(`${base}${url}`, { method: 'POST', body, headers });
  const json = (data) => [JSON.stringify(data), { 'content-type': 'application/json' }];
  const registered = await post(
    '/api/register/',
    ...json({
      email: `${username}@bench.test`,
      username,
      firstName: 'Bench',
      lastName: 'Reader',
      password,
      password2: password,
    }),
  );
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { access } = await (await post('/api/login/', ...json({ emailOrUsername: username, password }))).json();
  const [category] = await (await fetch(`${base}/api/categories/`)).json();
  // Loaded here, not with the file: only the benches that upload covers need the image library.
  const { default: sharp } = await import('sharp');
  const cover = await sharp({
    create: { width: 4900, height: 5000, channels: 3, background: { r: 40, g: 90, b: 150 } },
  })
    .png()
    .toBuffer();
  const upload = (i) => {
    const form = new FormData();
    const fields = {
      title: `Bench Cover ${username} ${i}`,
      publisher: 'Bench',
      published_date: '2024-01-01',
      isbn: '9780141439518',
      genre: 'Bench',
      author: '0',
      category: String(category.id),
      book_type: 'Paperback',
      condition: 'New',
      original_price: '0',
      price: '9.99',
      stock_amount: '1',
      description: 'Measured.',
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('image', new Blob([cover], { type: 'image/png' }), 'cover.png');
    return post('/api/books/', form, { authorization: `Bearer ${access}` }).then((r) => r.status);
  };
  return { upload, titlesLike: `Bench Cover ${username} %` };
}

/**
 * A process's resident memory in MB (Linux /proc), or null where it cannot be read: `VmRSS` now, or
 * `VmHWM`, the most it has held since it started (the kernel's high-water mark).
 */
export function rssMegabytes(pid, field = 'VmRSS') {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return Math.round(Number(line.split(/\s+/)[1]) / 1024);
  } catch {
    return null;
  }
}

/** The most resident memory the process has held since it started, in MB (`VmHWM`), or null. */
export const peakRssMegabytes = (pid) => rssMegabytes(pid, 'VmHWM');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a bench's `main`; whether it passes or fails, stops the server `server()` gives (if any) and then
 * removes the bench's `work` folder. A failure sets the exit code.
 */
export function runBench(main, { server, work }) {
  main()
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => {
      server()?.child.kill('SIGTERM');
      setTimeout(() => rmSync(work, { recursive: true, force: true }), 500);
    });
}
