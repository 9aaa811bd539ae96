#!/usr/bin/env node
// The resident memory of the store after server renders of book pages nobody asked before, 50 at a
// time (docs/benchmarks/million-titles.md, "Resident memory"), with their p99 and throughput, for one
// or more server bundles side by side, the bundles taking turns in each round:
//
//   DATABASE_URL=… node bench/render-memory.mjs [bundle[@node-flag,…] …]   (default apps/api/dist/server.js)
//
// (`server.js@--max-old-space-size=256` runs that bundle with that flag of node's; an item NAME=value
// sets that variable for it instead, e.g. `server.js@WEB_DIST=/tmp/other-build` renders with another
// storefront build.)
// Each round starts every bundle afresh (as bench/api.mjs does: NODE_ENV=production, LOG_LEVEL=info,
// its log to a file), reads its VmRSS after start, asks RENDER_PAGES (default 300) book pages, a
// different slice of the catalogue each round, RENDER_AT_ONCE (default 50) at a time, and reads VmRSS
// again a second later. Prints each round and the medians of RENDER_ROUNDS (default 3).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bookstore_bench';
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const PAGES = Number(process.env.RENDER_PAGES ?? 300);
const AT_ONCE = Number(process.env.RENDER_AT_ONCE ?? 50);
const ROUNDS = Number(process.env.RENDER_ROUNDS ?? 3);
const bundles = (process.argv.slice(2).length ? process.argv.slice(2) : ['apps/api/dist/server.js']).map((arg) => {
  const [file, rest] = arg.split('@');
  const items = rest ? rest.split(',') : [];
  const env = Object.fromEntries(items.filter((i) => /^[A-Z_]+=/.test(i)).map((i) => i.split(/=(.*)/s).slice(0, 2)));
  const flags = items.filter((i) => !/^[A-Z_]+=/.test(i));
  return { file: path.resolve(file), flags, env, name: arg };
});

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function titles(round) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select title from books where review_status = 'approved' and id % 7 = $1 order by id limit $2`,
      [round % 7, PAGES],
    );
    return rows.map((r) => r.title);
  } finally {
    await client.end();
  }
}

async function measure(bundle, pages, port) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-render-memory-'));
  const child = spawn(process.execPath, [...bundle.flags, bundle.file], {
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
    await sleep(500);
    const atStart = rssMb(child.pid);
    const times = [];
    let failed = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < pages.length) {
          const title = pages[next++];
          const t = performance.now();
          const res = await fetch(`http://127.0.0.1:${port}/book/${encodeURIComponent(title)}`);
          await res.arrayBuffer();
          if (res.status !== 200) failed++;
          times.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await sleep(1000);
    times.sort((a, b) => a - b);
    return {
      atStart,
      atEnd: rssMb(child.pid),
      p50: Math.round(times[Math.floor(times.length * 0.5)]),
      p99: Math.round(times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]),
      perSecond: Math.round(pages.length / seconds),
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
  for (const [k, bundle] of bundles.entries()) {
    const r = await measure(bundle, pages, PORT + k);
    results[k].push(r);
    console.log(`round ${round + 1} ${bundle.name}: ${JSON.stringify(r)}`);
  }
}
for (const [k, bundle] of bundles.entries()) {
  const pick = (f) => median(results[k].map((r) => r[f]));
  console.log(
    `median of ${ROUNDS}, ${bundle.name}: RSS at start ${pick('atStart')} MB, at the end ${pick('atEnd')} MB; ` +
      `${PAGES} fresh book pages ${AT_ONCE} at a time: p50 ${pick('p50')} ms, p99 ${pick('p99')} ms, ${pick('perSecond')} pages/s`,
  );
}
