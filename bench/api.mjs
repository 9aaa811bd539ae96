#!/usr/bin/env node
// `npm run bench:api`: the catalogue API on PostgreSQL with a 100,000-book catalogue, side by side with a
// raw node:http server that answers the very same bytes, under autocannon (50 connections, 10 s each).
//
//   DATABASE_URL   PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/bookstore_bench);
//                  the database is created, and seeded up to BENCH_BOOKS books, when needed.
//   BENCH_BOOKS    catalogue size (default 100000)
//   BENCH_SECONDS  duration of each run (default 10); BENCH_CONNECTIONS (default 50)
//   LOG_LEVEL      the store server's log level (default warn: no line per request)
//
// Results are printed as a table and written to bench/results/api-<time>.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bookstore_bench';
const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STORE_PORT = Number(process.env.BENCH_PORT ?? 3310);
const RAW_PORT = STORE_PORT + 1;

const TARGETS = [
  { name: 'listing page 1', path: '/api/books/?page=1', minRatio: 0.5, maxP99: 20 },
  { name: 'search with a typo', path: '/api/books/?keyword=pride%20and%20prejudce', maxP99: 25 },
  { name: 'featured', path: '/api/featured/' },
  { name: 'filtered listing with facets', path: '/api/books/?category=romance&price_max=20&in_stock=1&facets=1', maxP99: 40 },
  { name: 'typo search, two filters', path: '/api/books/?keyword=pride%20and%20prejudce&category=romance&in_stock=1&facets=1', maxP99: 50 },
];

const log = (...args) => console.log('[bench]', ...args);

async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      log(`creating database ${name}`);
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

async function countBooks() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const res = await client.query("select to_regclass('public.books') is not null as ok");
    if (!res.rows[0].ok) return 0;
    return (await client.query('select count(*)::int as n from books')).rows[0].n;
  } finally {
    await client.end();
  }
}

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** The server as `npm start` runs it: the esbuild bundle, rebuilt when its sources are newer. */
function ensureBuilt() {
  const bundle = path.join(root, 'apps', 'api', 'dist', 'server.js');
  const sources = [path.join(root, 'apps', 'api', 'src'), path.join(root, 'packages', 'contract', 'src')];
  if (!existsSync(bundle) || sources.some((s) => newest(s) > statSync(bundle).mtimeMs)) {
    log('building the API server');
    const built = spawnSync('npm', ['run', 'build', '-w', '@bookstore/api'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
  }
  return bundle;
}

function startProcess(command, args, env, readyUrl) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ready = (async () => {
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      try {
        const res = await fetch(readyUrl);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${readyUrl} did not answer`);
  })();
  return { child, ready };
}

/** A node:http server in its own process answering each path with the bytes captured from the store. */
const RAW_SERVER = `
const http = require('node:http');
const responses = JSON.parse(process.env.RAW_RESPONSES);
const byPath = new Map(responses.map((r) => [r.path, { headers: r.headers, body: Buffer.from(r.body, 'base64') }]));
http.createServer((req, res) => {
  const hit = byPath.get(req.url);
  if (!hit) { res.writeHead(404); return res.end(); }
  res.writeHead(200, hit.headers);
  res.end(hit.body);
}).listen(Number(process.env.RAW_PORT), '127.0.0.1');
`;

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function measure(url) {
  await new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: 2 }, (err) => (err ? reject(err) : resolve())),
  );
  const result = await run(url);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  await ensureDatabase();
  const present = await countBooks();
  if (present < BOOKS) {
    log(`the catalogue holds ${present} books; seeding up to ${BOOKS}`);
    const seeded = spawnSync('npx', ['tsx', 'apps/api/src/db/seed/cli.ts', '--books', String(BOOKS)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL, DATA_DIR: path.join(root, 'data', 'bench') },
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }
  const bundle = ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-bench-'));
  const store = startProcess(
    process.execPath,
    [bundle],
    {
      NODE_ENV: 'production',
      DATABASE_URL,
      PORT: String(STORE_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SEED_DEMO: 'false',
    },
    `http://127.0.0.1:${STORE_PORT}/readyz`,
  );
  let raw;
  try {
    await store.ready;
    const responses = [];
    for (const target of TARGETS) {
      const res = await fetch(`http://127.0.0.1:${STORE_PORT}${target.path}`);
      if (!res.ok) throw new Error(`${target.path} answered ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      const headers = {};
      for (const [key, value] of res.headers) {
        if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(key)) headers[key] = value;
      }
      headers['content-length'] = String(body.length);
      responses.push({ path: target.path, headers, body: body.toString('base64') });
      const json = JSON.parse(body.toString('utf8'));
      const items = Array.isArray(json) ? json : json.data;
      log(`${target.path}: ${body.length} bytes, ${items.length} books${json.meta ? ` of ${json.meta.count}` : ''}`);
    }
    raw = startProcess(
      process.execPath,
      ['-e', RAW_SERVER],
      { RAW_RESPONSES: JSON.stringify(responses), RAW_PORT: String(RAW_PORT) },
      `http://127.0.0.1:${RAW_PORT}${TARGETS[0].path}`,
    );
    await raw.ready;

    const rows = [];
    for (const target of TARGETS) {
      log(`${target.name}: store…`);
      const real = await measure(`http://127.0.0.1:${STORE_PORT}${target.path}`);
      log(`${target.name}: raw node:http…`);
      const baseline = await measure(`http://127.0.0.1:${RAW_PORT}${target.path}`);
      const ratio = real.requestsPerSecond / baseline.requestsPerSecond;
      const checks = [];
      if (target.minRatio !== undefined) checks.push(ratio >= target.minRatio ? 'ok' : `ratio < ${target.minRatio}`);
      if (target.maxP99 !== undefined) checks.push(real.p99 <= target.maxP99 ? 'ok' : `p99 > ${target.maxP99} ms`);
      rows.push({
        endpoint: target.name,
        path: target.path,
        'store req/s': real.requestsPerSecond,
        'store p50 ms': real.p50,
        'store p99 ms': real.p99,
        'raw req/s': baseline.requestsPerSecond,
        'raw p99 ms': baseline.p99,
        ratio: Number(ratio.toFixed(2)),
        errors: real.errors,
        target: checks.length ? [...new Set(checks)].join(', ') : '-',
      });
    }
    console.table(rows.map(({ path: _path, ...row }) => row));
    const resultsDir = path.join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        { date: new Date().toISOString(), books: BOOKS, connections: CONNECTIONS, seconds: SECONDS, results: rows },
        null,
        2,
      ),
    );
    log(`results written to ${path.relative(root, file)}`);
  } finally {
    raw?.child.kill('SIGTERM');
    store.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('[bench] failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
