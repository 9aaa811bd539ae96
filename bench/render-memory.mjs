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
// again a second later, and the most it held (VmHWM). Prints each round and the medians of RENDER_ROUNDS (default 3).
import pg from 'pg';
import { bundlesFromArgs, inTurns, peakRssMegabytes, rssMegabytes, sleep, startBundle } from './lib.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bookstore_bench';
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const PAGES = Number(process.env.RENDER_PAGES ?? 300);
const AT_ONCE = Number(process.env.RENDER_AT_ONCE ?? 50);
const ROUNDS = Number(process.env.RENDER_ROUNDS ?? 3);
const bundles = bundlesFromArgs(process.argv.slice(2));

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
  const { child, stop } = await startBundle(bundle, {
    port,
    databaseUrl: DATABASE_URL,
    prefix: 'bookstore-render-memory-',
  });
  try {
    await sleep(500);
    const atStart = rssMegabytes(child.pid);
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
      atEnd: rssMegabytes(child.pid),
      peak: peakRssMegabytes(child.pid),
      p50: Math.round(times[Math.floor(times.length * 0.5)]),
      p99: Math.round(times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]),
      perSecond: Math.round(pages.length / seconds),
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
    `median of ${ROUNDS}, ${bundle.name}: RSS at start ${pick('atStart')} MB, at the end ${pick('atEnd')} MB, at most ${pick('peak')} MB; ` +
      `${PAGES} fresh book pages ${AT_ONCE} at a time: p50 ${pick('p50')} ms, p99 ${pick('p99')} ms, ${pick('perSecond')} pages/s`,
  );
}
