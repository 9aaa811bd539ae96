#!/usr/bin/env node
// The store's CPU per fresh server-rendered book page (docs/benchmarks/million-titles.md, "A fresh
// book page's CPU"), for one or more server bundles side by side, the bundles taking turns in each round:
//
//   DATABASE_URL=… node bench/render-cpu.mjs [bundle[@item,…] …]   (default apps/api/dist/server.js)
//
// Items as in bench/render-memory.mjs: `NAME=value` sets a variable for that bundle (WEB_DIST=… renders
// with another storefront build), anything else is a flag of node's. RENDER_PROFILE=dir adds
// `--cpu-prof` (read the profile with `node bench/cpu-top.mjs`).
// Each round starts every bundle afresh (NODE_ENV=production, LOG_LEVEL=info, its log to a file, as
// `npm start` runs), renders 50 pages to warm it up, then asks RENDER_PAGES (default 600) book pages
// nobody asked before, RENDER_AT_ONCE (default 4) at a time, with no Accept-Encoding (as bench/api.mjs
// asks), and reads the process's CPU time (its threads too: the log worker) from /proc before and
// after. Every bundle gets the same pages in a round, another slice of the catalogue each round.
// Prints each round and the medians of RENDER_ROUNDS (default 3).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bookstore_bench';
const PORT = Number(process.env.BENCH_PORT ?? 3330);
const PAGES = Number(process.env.RENDER_PAGES ?? 600);
const WARM = 50;
const AT_ONCE = Number(process.env.RENDER_AT_ONCE ?? 4);
const ROUNDS = Number(process.env.RENDER_ROUNDS ?? 3);
const PROFILE = process.env.RENDER_PROFILE;
const TICK_MS = 1000 / 100; // /proc/<pid>/stat counts CPU in clock ticks of 10 ms (USER_HZ)
const bundles = (process.argv.slice(2).length ? process.argv.slice(2) : ['apps/api/dist/server.js']).map((arg) => {
  const [file, rest] = arg.split('@');
  const items = rest ? rest.split(',') : [];
  const env = Object.fromEntries(items.filter((i) => /^[A-Z_]+=/.test(i)).map((i) => i.split(/=(.*)/s).slice(0, 2)));
  const flags = items.filter((i) => !/^[A-Z_]+=/.test(i));
  return { file: path.resolve(file), flags, env, name: arg };
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** User plus system CPU of the whole process (all its threads), in ms. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

async function titles(round) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select title from books where review_status = 'approved' and id % 7 = $1 order by id limit $2`,
      [round % 7, WARM + PAGES],
    );
    return rows.map((r) => r.title);
  } finally {
    await client.end();
  }
}

async function ask(port, pages, atOnce) {
  let next = 0;
  let failed = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      while (next < pages.length) {
        const title = pages[next++];
        const res = await fetch(`http://127.0.0.1:${port}/book/${encodeURIComponent(title)}`, {
          headers: { 'accept-encoding': 'identity' },
        });
        bytes += (await res.arrayBuffer()).byteLength;
        if (res.status !== 200) failed++;
      }
    }),
  );
  return { failed, bytes };
}

async function measure(bundle, pages, port) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-render-cpu-'));
  const profile = PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE)] : [];
  const child = spawn(process.execPath, [...bundle.flags, ...profile, bundle.file], {
    cwd: root,
    env: {
      ...process.env,
      ...bundle.env,
      NODE_ENV: 'production',
      DATABASE_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', openSync(path.join(dataDir, 'log'), 'w'), 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error(`${bundle.name} did not start`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    await ask(port, pages.slice(0, WARM), AT_ONCE);
    const measured = pages.slice(WARM);
    const before = cpuMs(child.pid);
    const started = performance.now();
    const { failed, bytes } = await ask(port, measured, AT_ONCE);
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuMs(child.pid) - before;
    return {
      cpuMsPerPage: Number((cpu / measured.length).toFixed(2)),
      pagesPerSecond: Math.round(measured.length / seconds),
      bytesPerPage: Math.round(bytes / measured.length),
      failed,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = bundles.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  const pages = await titles(round);
  // Taking turns, the first bundle not always first.
  const order = bundles.map((_, k) => k);
  if (round % 2 === 1) order.reverse();
  for (const k of order) {
    const r = await measure(bundles[k], pages, PORT + k);
    results[k].push(r);
    console.log(`round ${round + 1} ${bundles[k].name}: ${JSON.stringify(r)}`);
  }
}
for (const [k, bundle] of bundles.entries()) {
  const pick = (f) => median(results[k].map((r) => r[f]));
  console.log(
    `median of ${ROUNDS}, ${bundle.name}: ${pick('cpuMsPerPage')} ms of CPU per fresh book page ` +
      `(${PAGES} pages, ${AT_ONCE} at a time, ${pick('bytesPerPage')} bytes each), ${pick('pagesPerSecond')} pages/s`,
  );
}
