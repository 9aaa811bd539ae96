#!/usr/bin/env node
// `npm run bench:api`: the catalogue API on PostgreSQL with a catalogue of 100,000 titles (200,000 editions), each call measured
// against a raw node:http server that answers the very same bytes (the referee, docs/decisions/0007):
//   - the store, the raw server and the load generator (autocannon) each run in a process of their own;
//   - every call is warmed up first; then, in each of ROUNDS rounds, the raw server is measured right
//     before the store, with the same path, bytes and connection count, and the ratio is taken per round;
//   - the store runs twice, at LOG_LEVEL=info (as `npm start` leaves it: every request logged, its log
//     redirected to a file) and at warn (problems only), each measured in every round right after the
//     raw server, so both ratios come from the same run (docs/decisions/0020-logging-and-a-million-titles.md);
//   - the table shows the median of the rounds, with the machine's load average (1 min) beside it;
//   - calls asked with addresses nobody asked before (fresh typo searches, facet combinations, book pages,
//     authors' pages), 50 at a time, each address once: their p99 against the targets for a catalogue of a
//     million titles (run it with BENCH_BOOKS=1000000 on a database of its own);
//   - the resident memory of each store process at the end (target under 400 MB);
//   - first searches for typos nobody asked before (fresh terms, so never cached) are timed one at a time;
//   - so are first renders of book pages nobody asked before (the server-rendered page of
//     docs/decisions/0010-server-rendering.md);
//   - /healthz is asked every 10 ms while 6 large covers (24.5 MP PNGs, the most a cover may claim) are
//     uploaded at once, and for as long at rest: its p99 must stay under 50 ms (docs/decisions/0015-trust-round-two.md).
//
//   DATABASE_URL   PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/bookstore_bench);
//                  the database is created, and seeded up to BENCH_BOOKS titles, when needed.
//   BENCH_BOOKS    catalogue size in titles (default 100000), each sold as two editions by the seed
//                  (apps/api/src/seed/synthetic.ts): BENCH_BOOKS=1000000 is 1M titles and 2M editions
//   BENCH_SECONDS  duration of each measurement (default 5); BENCH_CONNECTIONS (default 50);
//   BENCH_ROUNDS   rounds per call (default 3); BENCH_FRESH number of fresh typo searches, and of first book pages (default 100)
//   BENCH_ONLY     a part of a call's name: measure only the calls whose name holds it (the "never asked" and one-at-a-time rows too)
//   BENCH_LEVELS   the store's log levels to measure, side by side (default info,warn)
//   BENCH_EACH     how many fresh addresses each "never asked before" row asks (default 1000)
//   BENCH_SERVER   a server bundle to measure instead of apps/api/dist/server.js (an older build, say)
//
// Results are printed as a table and written to bench/results/api-<time>.json.
import { fork, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import {
  existsSync,
  mkdirSync,
  openSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverProcessEnv } from '../scripts/server-process.mjs';
import { largeCoverUploads, peakRssMegabytes, rssMegabytes } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bookstore_bench';
const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FRESH = Number(process.env.BENCH_FRESH ?? 100);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STORE_PORT = Number(process.env.BENCH_PORT ?? 3310);
const RAW_PORT = STORE_PORT + 1;
// The stores take STORE_PORT and STORE_PORT + 2 on; the floor (FLOOR_SERVER) the last of ten.
const FLOOR_PORT = STORE_PORT + 9;
const LEVELS = (process.env.BENCH_LEVELS ?? 'info,warn')
  .split(',')
  .map((l) => l.trim())
  .filter(Boolean);
const EACH = Number(process.env.BENCH_EACH ?? 1000);
const MAX_RSS_MB = 400;

/**
 * The calls measured; `{book}`, `{author}` and `{authorSlug}` are filled from the catalogue. Ratio targets
 * hold at LOG_LEVEL=info (docs/decisions/0020); p99 targets at 50 connections on a million titles.
 */
const CALLS = [
  { name: 'listing page 1', path: '/api/books/?page=1', minRatio: 0.8, maxP99: 20 },
  { name: 'listing page 50', path: '/api/books/?page=50' },
  { name: 'listing page 500', path: '/api/books/?page=500', maxP99: 20 },
  { name: "an author's page", path: '/api/authors/{authorSlug}/books/', maxP99: 20 },
  { name: 'search with a typo', path: '/api/books/?keyword=pride%20and%20prejudce', minRatio: 0.6, maxP99: 25 },
  { name: 'search for an author', path: '/api/books/?keyword={author}' },
  { name: 'featured', path: '/api/featured/', minRatio: 0.9 },
  { name: 'book by id', path: '/api/books/book/{book}/', minRatio: 0.8 },
  { name: 'related books', path: '/api/books/{book}/related/' },
  {
    name: 'filtered listing with facets',
    path: '/api/books/?category=romance&price_max=20&in_stock=1&facets=1',
    maxP99: 40,
    connections: 20,
  },
  {
    name: 'typo search, two filters',
    path: '/api/books/?keyword=pride%20and%20prejudce&category=romance&in_stock=1&facets=1',
    maxP99: 50,
    connections: 20,
  },
  // The server-rendered book page (HTML, as a crawler or a first visit gets it).
  { name: 'book page, server-rendered', path: '/book/{title}', maxP99: 40, connections: 20 },
];
const FRESH_TYPO_MAX_P50 = 30;
const COVERS_AT_ONCE = 6;
const HEALTHZ_MAX_P99 = 50;
const COVERS_ROW = `/healthz, ${COVERS_AT_ONCE} covers uploading (raw column: at rest)`;

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

async function withClient(fn) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const countBooks = () =>
  withClient(async (client) => {
    const res = await client.query("select to_regclass('public.books') is not null as ok");
    if (!res.rows[0].ok) return 0;
    return (await client.query('select count(*)::int as n from books')).rows[0].n;
  });

/** A book in the middle of the catalogue, the author with most books, and titles to misspell. */
const sampleCatalogue = () =>
  withClient(async (client) => {
    const { id: book, title } = (
      await client.query('select id, title from books order by id offset (select count(*) / 2 from books) limit 1')
    ).rows[0];
    const { name: author, slug: authorSlug } = (
      await client.query(
        'select a.name, a.slug from authors a join books b on b.author_id = a.id group by a.id order by count(*) desc, a.id limit 1',
      )
    ).rows[0];
    const authorSlugs = (await client.query('select slug from authors order by id')).rows.map((r) => r.slug);
    // Book pages nobody asked for: titles spread over the whole catalogue.
    const pageTitles = (
      await client.query(
        `select title from books where id % greatest(1, (select max(id) from books) / $1) = 3 order by id limit $1`,
        [Math.max(EACH, 1)],
      )
    ).rows.map((r) => r.title);
    const titles = (
      await client.query('select title from books where id % 997 = 0 order by id limit $1', [Math.max(FRESH, 1)])
    ).rows.map((r) => r.title);
    return { book, title, author, authorSlug, authorSlugs, titles, pageTitles };
  });

/**
 * A typo nobody asked for before: two words of a real title with one letter of the longer word swapped
 * for another, so the word must be corrected against the catalogue's words, and never found in a cache.
 */
function freshTypos(titles, count) {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const seen = new Set();
  const typos = [];
  for (let i = 0; typos.length < count && i < count * 20; i++) {
    const words = titles[i % titles.length]
      .toLowerCase()
      .replace(/[^a-z ]/g, ' ')
      .split(/\s+/)
      .filter((w) => w.length >= 4);
    if (words.length === 0) continue;
    const pair = words.slice(0, 2);
    const longest = pair.reduce((a, b) => (b.length > a.length ? b : a));
    const at = 1 + ((i * 7) % (longest.length - 2));
    const letter = letters[(i * 11 + at) % 26];
    if (letter === longest[at]) continue;
    const typo = pair.join(' ').replace(longest, longest.slice(0, at) + letter + longest.slice(at + 1));
    if (seen.has(typo)) continue;
    seen.add(typo);
    typos.push(`/api/books/?keyword=${encodeURIComponent(typo)}`);
  }
  return typos;
}

/**
 * Facet combinations nobody asked for before: a category, a price ceiling, a book type, a condition and
 * stock, with the facet counts (each combination once).
 */
function freshFacetCombinations(count) {
  const categories = [
    'literary-fiction',
    'romance',
    'mystery-crime',
    'science-fiction',
    'adventure',
    'gothic-horror',
    'childrens-classics',
    'short-fiction-drama',
  ];
  const types = ['Paperback', 'Hardcover', 'Board Book', 'Spiral Bound', 'Large Print', 'eBook'];
  const paths = [];
  for (let i = 0; paths.length < count && i < 8 * 6 * 30 * 2 * 2; i++) {
    const category = categories[i % 8];
    const type = types[Math.floor(i / 8) % 6];
    const priceMax = 6 + (Math.floor(i / 48) % 30);
    const used = Math.floor(i / 1440) % 2 === 1;
    const inStock = Math.floor(i / 2880) % 2 === 0;
    paths.push(
      `/api/books/?category=${category}&book_type=${encodeURIComponent(type)}&price_max=${priceMax}` +
        `${used ? '&condition=Used' : ''}${inStock ? '&in_stock=1' : ''}&facets=1`,
    );
  }
  return paths;
}

/** Resident memory of a process, in MB (Linux /proc), or null elsewhere. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** Runs `npm run build` of a workspace when its output is missing or older than its sources. */
function buildWhenStale(workspace, output, sources) {
  if (existsSync(output) && sources.every((s) => newest(s) <= statSync(output).mtimeMs)) return;
  log(`building ${workspace}`);
  const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`build of ${workspace} failed`);
}

/**
 * The server as `npm start` runs it: the esbuild bundle, and the storefront with its server renderer
 * (for the book page), each rebuilt when its sources are newer.
 */
function ensureBuilt() {
  const contract = path.join(root, 'packages', 'contract', 'src');
  const bundle = path.join(root, 'apps', 'api', 'dist', 'server.js');
  buildWhenStale('@bookstore/api', bundle, [path.join(root, 'apps', 'api', 'src'), contract]);
  const renderer = path.join(root, 'apps', 'web', 'dist', 'server', 'entry-server.js');
  buildWhenStale('@bookstore/web', renderer, [path.join(root, 'apps', 'web', 'src'), contract]);
  return bundle;
}

function startProcess(command, args, env, readyUrl, stdout = 'inherit') {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'inherit'],
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
const responses = JSON.parse(require('node:fs').readFileSync(process.env.RAW_RESPONSES, 'utf8'));
const byPath = new Map(responses.map((r) => [r.path, { headers: r.headers, body: Buffer.from(r.body, 'base64') }]));
http.createServer((req, res) => {
  const hit = byPath.get(req.url);
  if (!hit) { res.writeHead(404); return res.end(); }
  res.writeHead(200, hit.headers);
  res.end(hit.body);
}).listen(Number(process.env.RAW_PORT), '127.0.0.1');
`;

/**
 * The floor for an address nobody asked before: a node:http server in its own process that answers each
 * path with one statement to the same PostgreSQL (a book read by its primary key, the id drawn from the
 * path), through a pool of the store's size (10), as JSON. No framework, no log, no cache: what one fresh
 * answer costs at the least on this machine, beside which the store's "never asked" rows are read.
 */
const FLOOR_SERVER = `
const http = require('node:http');
const pg = require('pg');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
let top = 1;
pool.query('select max(id) as top from books').then((r) => { top = Number(r.rows[0].top) || 1; });
const hash = (s) => { let h = 7; for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0; return h; };
http.createServer((req, res) => {
  if (req.url === '/ready') { res.writeHead(200); return res.end('ok'); }
  pool.query('select id, title, price_cents from books where id = $1', [1 + (hash(req.url) % top)]).then(
    (r) => { const body = JSON.stringify({ data: r.rows }); res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }); res.end(body); },
    () => { res.writeHead(500); res.end(); },
  );
}).listen(Number(process.env.FLOOR_PORT), '127.0.0.1');
`;

function writeResponses(dir, responses) {
  const file = path.join(dir, 'raw-responses.json');
  writeFileSync(file, JSON.stringify(responses));
  return file;
}

/** The load generator's process (bench/load-generator.mjs), asked one thing at a time. */
function startGenerator() {
  const child = fork(path.join(root, 'bench', 'load-generator.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let queue = Promise.resolve();
  const ask = (message) => {
    const answer = queue.then(
      () =>
        new Promise((resolve, reject) => {
          child.once('message', (reply) => (reply.ok ? resolve(reply.result) : reject(new Error(reply.error))));
          child.send(message);
        }),
    );
    queue = answer.catch(() => {});
    return answer;
  };
  return { child, ask };
}

/** Exactly what autocannon will get: a plain GET with no Accept-Encoding. */
function capture(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** CPU time a process has used, in µs (Linux /proc; clock ticks of 10 ms), or null elsewhere. */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** GET /healthz over and over, every 10 ms, until `until` settles: each answer's latency in ms. */
async function healthzLatencies(base, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    await new Promise((resolve, reject) =>
      http.get(`${base}/healthz`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
    );
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  agent.destroy();
  return latencies;
}

/**
 * /healthz while COVERS_AT_ONCE large covers are uploaded at once by a fresh reader (their drafts are
 * removed after), and for as long at rest: the p99 of each.
 */
async function healthzWhileCoversUpload(base) {
  const { upload, titlesLike } = await largeCoverUploads(base);
  const started = performance.now();
  const uploads = Promise.all(Array.from({ length: COVERS_AT_ONCE }, (_, i) => upload(i)));
  const busy = await healthzLatencies(base, uploads);
  const statuses = await uploads;
  const seconds = (performance.now() - started) / 1000;
  const rest = await healthzLatencies(base, new Promise((resolve) => setTimeout(resolve, seconds * 1000)));
  await withClient((client) => client.query('delete from books where title like $1', [titlesLike]));
  return { busy, rest, statuses, seconds };
}

async function main() {
  await ensureDatabase();
  const present = await countBooks();
  if (present < BOOKS) {
    log(`the catalogue holds ${present} titles; seeding up to ${BOOKS} (two editions each)`);
    const seeded = spawnSync('npx', ['tsx', 'apps/api/src/seed/cli.ts', '--books', String(BOOKS)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL, DATA_DIR: path.join(root, 'data', 'bench') },
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }
  const bundle = process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-bench-'));
  /** One store process per log level, each on its own port; at info its log goes to a file, as in production. */
  const stores = LEVELS.map((level, i) => {
    const port = i === 0 ? STORE_PORT : STORE_PORT + 1 + i;
    const logFile = path.join(dataDir, `store-${level}.log`);
    const server = startProcess(
      process.execPath,
      [bundle],
      {
        // As scripts/start.mjs starts it (a setting in this environment wins: MALLOC_ARENA_MAX=16 is glibc's own on two cores).
        ...serverProcessEnv(process.env),
        NODE_ENV: 'production',
        EMBEDDED_IN_PRODUCTION: 'true',
        DATABASE_URL,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, level),
        LOG_LEVEL: level,
        SEED_DEMO: 'false',
      },
      `http://127.0.0.1:${port}/readyz`,
      openSync(logFile, 'w'),
    );
    return { ...server, level, port, logFile };
  });
  const store = stores[0];
  let raw;
  let floor;
  let generator;
  try {
    for (const s of stores) await s.ready;
    const sample = await sampleCatalogue();
    const fill = (p) =>
      p
        .replace('{book}', String(sample.book))
        .replace('{title}', encodeURIComponent(sample.title))
        .replace('{authorSlug}', encodeURIComponent(sample.authorSlug))
        .replace('{author}', encodeURIComponent(sample.author));
    const calls = CALLS.filter((c) => !process.env.BENCH_ONLY || c.name.includes(process.env.BENCH_ONLY)).map((c) => ({
      ...c,
      path: fill(c.path),
    }));
    const responses = [];
    for (const call of calls) {
      const answer = await capture(`http://127.0.0.1:${STORE_PORT}${call.path}`);
      if (answer.status !== 200) throw new Error(`${call.path} answered ${answer.status}`);
      const headers = {};
      for (const [key, value] of Object.entries(answer.headers)) {
        if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(key)) headers[key] = value;
      }
      headers['content-length'] = String(answer.body.length);
      responses.push({ path: call.path, headers, body: answer.body.toString('base64') });
      if (!String(answer.headers['content-type']).startsWith('application/json')) {
        log(`${call.name} ${call.path}: ${answer.body.length} bytes of ${answer.headers['content-type']}`);
        continue;
      }
      const json = JSON.parse(answer.body.toString('utf8'));
      const items = Array.isArray(json) ? json : (json.data ?? [json]);
      log(
        `${call.name} ${call.path}: ${answer.body.length} bytes, ${items.length} items${json.meta ? ` of ${json.meta.count}` : ''}`,
      );
    }
    raw =
      calls.length === 0
        ? undefined
        : startProcess(
            process.execPath,
            ['-e', RAW_SERVER],
            // A file, not the variable's value: nine 17 KB answers are more than one environment string may hold.
            { RAW_RESPONSES: writeResponses(dataDir, responses), RAW_PORT: String(RAW_PORT) },
            `http://127.0.0.1:${RAW_PORT}${calls[0]?.path}`,
          );
    await raw?.ready;
    generator = startGenerator();
    /** One autocannon run, with the CPU the server process spent per request. */
    const load = async (server, call, seconds = SECONDS) => {
      const port = server === raw ? RAW_PORT : server.port;
      const before = cpuMicros(server.child.pid);
      const result = await generator.ask({
        type: 'load',
        url: `http://127.0.0.1:${port}${call.path}`,
        connections: call.connections ?? CONNECTIONS,
        seconds,
      });
      const after = cpuMicros(server.child.pid);
      result.cpuPerRequest = before === null || after === null ? null : (after - before) / result.requests;
      return result;
    };

    const rows = [];
    const rounds = [];
    // The most memory each store has held so far, after each row: which row raised the peak.
    const peaks = [];
    const notePeak = (label) => {
      const held = Object.fromEntries(stores.map((s) => [s.level, peakRssMegabytes(s.child.pid)]));
      peaks.push({ after: label, ...held });
      log(`most memory held so far, after ${label}: ${stores.map((s) => `${s.level} ${held[s.level]} MB`).join(', ')}`);
    };
    const cpu = (values) => (values.includes(null) ? '-' : Math.round(median(values)));
    const blank = { 'raw req/s': '-', 'raw p99 ms': '-', 'raw CPU µs/req': '-' };
    for (const call of calls) {
      log(`${call.name}: warming up`);
      await load(raw, call, WARM_UP_SECONDS);
      for (const s of stores) await load(s, call, WARM_UP_SECONDS);
      const measured = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const loadAverage = loadavg()[0];
        const baseline = await load(raw, call);
        const real = {};
        for (const s of stores) {
          const result = await load(s, call);
          real[s.level] = { ...result, ratio: result.requestsPerSecond / baseline.requestsPerSecond };
        }
        measured.push({ real, baseline, loadAverage });
        log(
          `${call.name}, round ${round}: raw ${Math.round(baseline.requestsPerSecond)} req/s (p99 ${baseline.p99} ms); ` +
            stores
              .map(
                (s) =>
                  `${s.level} ${Math.round(real[s.level].requestsPerSecond)} req/s (p99 ${real[s.level].p99} ms), ratio ${real[s.level].ratio.toFixed(2)}`,
              )
              .join('; ') +
            `; load ${loadAverage.toFixed(1)}`,
        );
      }
      rounds.push({ call: call.name, path: call.path, measured });
      const row = { call: call.name };
      const checks = [];
      for (const s of stores) {
        const ratio = median(measured.map((m) => m.real[s.level].ratio));
        const p99 = median(measured.map((m) => m.real[s.level].p99));
        row[`ratio ${s.level}`] = Number(ratio.toFixed(2));
        row[`${s.level} req/s`] = Math.round(median(measured.map((m) => m.real[s.level].requestsPerSecond)));
        row[`${s.level} p99 ms`] = p99;
        row[`${s.level} CPU µs/req`] = cpu(measured.map((m) => m.real[s.level].cpuPerRequest));
        // Targets hold at the level `npm start` runs with (the first one measured, info by default).
        if (s === store) {
          if (call.minRatio !== undefined) checks.push(ratio >= call.minRatio ? 'ok' : `ratio < ${call.minRatio}`);
          if (call.maxP99 !== undefined) checks.push(p99 <= call.maxP99 ? 'ok' : `p99 > ${call.maxP99} ms`);
        }
      }
      Object.assign(row, {
        'raw req/s': Math.round(median(measured.map((m) => m.baseline.requestsPerSecond))),
        'raw p99 ms': median(measured.map((m) => m.baseline.p99)),
        'raw CPU µs/req': cpu(measured.map((m) => m.baseline.cpuPerRequest)),
        'load avg': Number(median(measured.map((m) => m.loadAverage)).toFixed(1)),
        errors: measured.reduce((n, m) => n + stores.reduce((k, s) => k + m.real[s.level].errors, 0), 0),
        target:
          [
            call.minRatio !== undefined ? `${store.level} ratio ≥ ${call.minRatio}` : null,
            call.maxP99 !== undefined ? `p99 ≤ ${call.maxP99}` : null,
          ]
            .filter(Boolean)
            .join(', ') || '-',
        met: checks.length ? [...new Set(checks)].join(', ') : '-',
      });
      rows.push(row);
      notePeak(call.name);
    }

    /**
     * Addresses nobody asked for before, CONNECTIONS at a time, each once, on the store at the first
     * level: nothing of them is kept yet, so every one is made (SQL, serialising, rendering).
     */
    const eachOnce = async (label, paths, maxP99) => {
      if (paths.length === 0) return undefined;
      if (process.env.BENCH_ONLY && !label.includes(process.env.BENCH_ONLY)) return undefined;
      const loadAverage = loadavg()[0];
      log(
        `${label}: ${paths.length} addresses nobody asked for (e.g. ${decodeURIComponent(paths[0])}), ${CONNECTIONS} at a time`,
      );
      const before = cpuMicros(store.child.pid);
      const result = await generator.ask({
        type: 'each',
        base: `http://127.0.0.1:${store.port}`,
        paths,
        connections: CONNECTIONS,
      });
      const after = cpuMicros(store.child.pid);
      // The floor, asked the same number of fresh addresses right after (see FLOOR_SERVER).
      const floorResult = await generator.ask({
        type: 'each',
        base: `http://127.0.0.1:${FLOOR_PORT}`,
        paths: paths.map((p) => `/floor${p}`),
        connections: CONNECTIONS,
      });
      rows.push({
        call: `${label} (each once, ${CONNECTIONS} conn; raw: one statement by id)`,
        [`${store.level} req/s`]: Math.round(result.requestsPerSecond),
        [`${store.level} p99 ms`]: result.p99,
        [`${store.level} CPU µs/req`]: before === null ? '-' : Math.round((after - before) / result.requests),
        ...blank,
        'raw req/s': Math.round(floorResult.requestsPerSecond),
        'raw p99 ms': floorResult.p99,
        'load avg': Number(loadAverage.toFixed(1)),
        errors: result.errors,
        target: `p99 ≤ ${maxP99}`,
        met: result.p99 <= maxP99 ? 'ok' : `p99 > ${maxP99} ms`,
      });
      notePeak(label);
      return { count: paths.length, ...result, loadAverage, floor: { p50: floorResult.p50, p99: floorResult.p99 } };
    };
    const firstEach = {};
    if (EACH > 0) {
      floor = startProcess(
        process.execPath,
        ['-e', FLOOR_SERVER],
        { DATABASE_URL, FLOOR_PORT: String(FLOOR_PORT) },
        `http://127.0.0.1:${FLOOR_PORT}/ready`,
      );
      await floor.ready;
      // Its pool's connections opened and its code warmed, as the store's are by then.
      await generator.ask({
        type: 'each',
        base: `http://127.0.0.1:${FLOOR_PORT}`,
        paths: Array.from({ length: 2000 }, (_, i) => `/warm/${i}`),
        connections: CONNECTIONS,
      });
      // Typos of titles not used by the one-at-a-time row below (those start at the first title).
      const typoTitles = sample.pageTitles.slice().reverse();
      firstEach.typos = await eachOnce('typo search never asked before', freshTypos(typoTitles, EACH), 60);
      // A facet combination reads every book of its category (hundreds of ms at a million titles, see
      // docs/benchmarks/million-titles.md): fewer of them, so the run does not hold the machine for minutes.
      firstEach.facets = await eachOnce(
        'facet combination never asked before',
        freshFacetCombinations(Math.min(EACH, 150)),
        80,
      );
      firstEach.authors = await eachOnce(
        "an author's page never asked before",
        sample.authorSlugs.map((slug) => `/api/authors/${encodeURIComponent(slug)}/books/`),
        20,
      );
      firstEach.pages = await eachOnce(
        'book page, server-rendered, never asked before',
        [...new Set(sample.pageTitles)]
          .slice(Math.floor(sample.pageTitles.length / 2))
          .map((t) => `/book/${encodeURIComponent(t)}`),
        40,
      );
    }

    /** Paths nobody asked for before, one at a time: each one's latency, summed up in a row. */
    const firstTimes = async (label, paths, maxP50) => {
      if (process.env.BENCH_ONLY && !label.includes(process.env.BENCH_ONLY)) return undefined;
      const loadAverage = loadavg()[0];
      log(`${label}: ${paths.length} of them (e.g. ${decodeURIComponent(paths[0])}), one at a time`);
      const { latencies, errors } = await generator.ask({
        type: 'sequential',
        base: `http://127.0.0.1:${store.port}`,
        paths,
      });
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      rows.push({
        call: `${label} (1 at a time, p50 ${p50.toFixed(1)} ms)`,
        [`${store.level} req/s`]: Math.round(1000 / (latencies.reduce((a, b) => a + b, 0) / latencies.length)),
        [`${store.level} p99 ms`]: Number(p99.toFixed(1)),
        ...blank,
        'load avg': Number(loadAverage.toFixed(1)),
        errors,
        target: maxP50 === undefined ? '-' : `p50 ≤ ${maxP50}`,
        met: maxP50 === undefined ? '-' : p50 <= maxP50 ? 'ok' : `p50 > ${maxP50} ms`,
      });
      return { count: paths.length, p50, p90: percentile(latencies, 90), p99, errors, loadAverage };
    };
    let fresh;
    let freshPages;
    if (FRESH > 0) {
      fresh = await firstTimes('first search, fresh typo', freshTypos(sample.titles, FRESH), FRESH_TYPO_MAX_P50);
      // A book page made for the first time: no cached answer and no cached page.
      const pages = [...new Set(sample.titles)].map((title) => `/book/${encodeURIComponent(title)}`);
      freshPages = await firstTimes('first render of a book page', pages);
      notePeak('the first-time rows, one at a time');
    }

    let covers;
    if (!process.env.BENCH_ONLY || COVERS_ROW.includes(process.env.BENCH_ONLY)) {
      log(`/healthz while ${COVERS_AT_ONCE} large covers upload at once, then at rest`);
      const loadAverage = loadavg()[0];
      const { busy, rest, statuses, seconds } = await healthzWhileCoversUpload(`http://127.0.0.1:${STORE_PORT}`);
      const p99 = percentile(busy, 99);
      covers = {
        statuses,
        seconds,
        busy: { count: busy.length, p50: percentile(busy, 50), p99 },
        rest: { count: rest.length, p50: percentile(rest, 50), p99: percentile(rest, 99) },
      };
      rows.push({
        call: COVERS_ROW,
        [`${store.level} p99 ms`]: Number(p99.toFixed(1)),
        ...blank,
        'raw p99 ms': Number(covers.rest.p99.toFixed(1)),
        'load avg': Number(loadAverage.toFixed(1)),
        errors: statuses.filter((s) => s !== 201).length,
        target: `p99 ≤ ${HEALTHZ_MAX_P99}`,
        met: p99 <= HEALTHZ_MAX_P99 ? 'ok' : `p99 > ${HEALTHZ_MAX_P99} ms`,
      });
      notePeak(COVERS_ROW);
    }

    // Resident memory of each store process after everything above, and the most it held on the way
    // (VmHWM): "stays under" is the peak.
    const memory = {};
    for (const s of stores) {
      const rss = rssMegabytes(s.child.pid);
      const peak = peakRssMegabytes(s.child.pid);
      memory[s.level] = { end: rss, peak };
      for (const [what, mb] of [
        ['at the end', rss],
        ['at most', peak],
      ]) {
        rows.push({
          call: `resident memory of the store (${s.level}) ${what}, MB`,
          [`${s.level} req/s`]: mb ?? '-',
          target: `< ${MAX_RSS_MB} MB`,
          met: mb === null ? '-' : mb < MAX_RSS_MB ? 'ok' : `${mb} MB ≥ ${MAX_RSS_MB}`,
        });
      }
    }

    log(
      `${BOOKS} titles (about ${2 * BOOKS} editions), ${CONNECTIONS} connections, ${SECONDS} s per measurement, median of ${ROUNDS} rounds; ` +
        `store at ${LEVELS.join(' and ')} beside the raw server in every round`,
    );
    console.table(rows);
    const resultsDir = path.join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          books: BOOKS,
          connections: CONNECTIONS,
          seconds: SECONDS,
          rounds: ROUNDS,
          results: rows,
          levels: LEVELS,
          fresh,
          freshPages,
          firstEach,
          covers,
          memory,
          peaks,
          measurements: rounds,
        },
        null,
        2,
      ),
    );
    log(`results written to ${path.relative(root, file)}`);
  } finally {
    generator?.child.kill('SIGTERM');
    raw?.child.kill('SIGTERM');
    floor?.child.kill('SIGTERM');
    for (const s of stores) s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error('[bench] failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
