#!/usr/bin/env node
// The resident memory the store keeps after six covers of the largest size (24.5 million pixels, PNG)
// are uploaded at once, as at the end of bench/api.mjs (docs/decisions/0024-memory-allocator.md), for
// one or more server bundles or settings side by side, taking turns in each round:
//
//   DATABASE_URL=… node bench/cover-memory.mjs [bundle[@NAME=value,…] …]   (default apps/api/dist/server.js)
//
// e.g. `apps/api/dist/server.js apps/api/dist/server.js@MALLOC_ARENA_MAX=16` compares the store as
// `npm start` runs it with glibc's own number of arenas on two cores. Each round starts every store
// afresh (bench/lib.mjs startBundle), asks the first five listing pages 40 times, reads VmRSS, uploads
// the covers, and reads VmRSS again 10 s after the last answer. Prints each round and the medians of
// COVER_ROUNDS (default 3).
import pg from 'pg';
import { bundlesFromArgs, inTurns, largeCoverUploads, rssMegabytes, sleep, startBundle } from './lib.mjs';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bookstore_bench';
const PORT = Number(process.env.BENCH_PORT ?? 3330);
const ROUNDS = Number(process.env.COVER_ROUNDS ?? 3);
const AT_ONCE = 6;
const bundles = bundlesFromArgs(process.argv.slice(2));

async function measure(bundle, _input, port) {
  const { child, stop } = await startBundle(bundle, { port, databaseUrl: DATABASE_URL, prefix: 'bookstore-covers-' });
  const base = `http://127.0.0.1:${port}`;
  let titlesLike;
  try {
    for (let i = 0; i < 200; i++) await (await fetch(`${base}/api/books/?page=${(i % 5) + 1}`)).arrayBuffer();
    await sleep(1000);
    const before = rssMegabytes(child.pid);
    const covers = await largeCoverUploads(base);
    titlesLike = covers.titlesLike;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMegabytes(child.pid))), 50);
    const statuses = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => covers.upload(i)));
    clearInterval(sampler);
    await sleep(10_000);
    const after = rssMegabytes(child.pid);
    return { before, peak, after, kept: after - before, refused: statuses.filter((s) => s !== 201).length };
  } finally {
    await stop();
    if (titlesLike) {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query('delete from books where title like $1', [titlesLike]);
      await client.end();
    }
  }
}

for (const { bundle, median: pick } of await inTurns(bundles, {
  rounds: ROUNDS,
  port: PORT,
  inputFor: async () => undefined,
  measure,
})) {
  console.log(
    `median of ${ROUNDS}, ${bundle.name}: RSS before ${pick('before')} MB, peak ${pick('peak')} MB, ` +
      `10 s after ${AT_ONCE} covers ${pick('after')} MB (kept ${pick('kept')} MB)`,
  );
}
