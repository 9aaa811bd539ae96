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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { bundlesFromArgs, inTurns, startBundle } from './lib.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bookstore_bench';
const PORT = Number(process.env.BENCH_PORT ?? 3330);
const PAGES = Number(process.env.RENDER_PAGES ?? 600);
const WARM = 50;
const AT_ONCE = Number(process.env.RENDER_AT_ONCE ?? 4);
const ROUNDS = Number(process.env.RENDER_ROUNDS ?? 3);
const PROFILE = process.env.RENDER_PROFILE;
const TICK_MS = 1000 / 100; // /proc/<pid>/stat counts CPU in clock ticks of 10 ms (USER_HZ)
const bundles = bundlesFromArgs(process.argv.slice(2));

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
  const extraFlags = PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE)] : [];
  const { child, stop } = await startBundle(bundle, {
    port,
    databaseUrl: DATABASE_URL,
    prefix: 'bookstore-render-cpu-',
    extraFlags,
  });
  try {
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
    await stop();
  }
}

for (const { bundle, median: pick } of await inTurns(bundles, {
  rounds: ROUNDS,
  port: PORT,
  inputFor: titles,
  measure,
})) {
  console.log(
    `median of ${ROUNDS}, ${bundle.name}: ${pick('cpuMsPerPage')} ms of CPU per fresh book page ` +
      `(${PAGES} pages, ${AT_ONCE} at a time, ${pick('bytesPerPage')} bytes each), ${pick('pagesPerSecond')} pages/s`,
  );
}
