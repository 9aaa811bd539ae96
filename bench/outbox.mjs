#!/usr/bin/env node
// `npm run bench:outbox`: the outbox (apps/api/src/modules/events) on the embedded database and on PostgreSQL.
//   latency     commit -> subscriber, one event at a time (median, p95): the dispatcher in the recording
//               process, and on PostgreSQL also in another process (woken by NOTIFY), and with wake-ups
//               off (poll only), to show what LISTEN/NOTIFY buys.
//   throughput  N recorded events delivered by 1 (and on PostgreSQL 2) dispatcher processes, events per
//               second; every event must arrive exactly once.
//   start-up    attaching to a database and starting the dispatcher.
// Medians of --rounds (default 3). PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL), default
// postgres://postgres@127.0.0.1:5432/postgres; a throwaway database per round is created and dropped.
// Options: --rounds=N, --latency=N (events, default 200), --events=N (throughput, default 2000), --json
// (also write bench/results/outbox.json). Another queue can be measured by the same harness: import
// `run` and pass an adapter shaped like `ownOutbox`.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { EventDispatcher, recordEvent, subscribe } from '../apps/api/src/modules/events/index.ts';
import { localWakers } from '../apps/api/src/modules/events/outbox.ts';
import { args, writeResult } from './lib.mjs';

const self = fileURLToPath(import.meta.url);
const adminUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet };

/**
 * What the harness needs of a queue, per process and database: `record(tx, payload)` inside the
 * caller's Drizzle transaction; `start()` begins delivering to `onEvent` (omitted in a process that
 * only records); `close()`.
 */
export const ownOutbox = {
  name: 'own outbox',
  async attach(handle, onEvent, { wakeUps = true } = {}) {
    const unsubscribe = subscribe('bench.ping', 'bench', async (event) => onEvent?.(event.payload));
    const database = wakeUps ? handle : { ...handle, listen: undefined };
    const dispatcher = new EventDispatcher({ db: handle.db, database, log: quiet }, wakeUps ? {} : { pollMs: 1_000 });
    return {
      record: (tx, payload) => recordEvent(tx, { type: 'bench.ping', key: payload.n, payload }),
      async start() {
        await dispatcher.start();
        // Poll only: no NOTIFY (no `listen` above) and no in-process wake-up either.
        if (!wakeUps) localWakers.clear();
      },
      async close() {
        await dispatcher.stop();
        unsubscribe();
      },
    };
  },
};

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh migrated database: in-memory PGlite, or a throwaway PostgreSQL database. */
async function freshDatabase(kind) {
  if (kind === 'pglite') {
    const handle = await openDatabase({});
    await handle.migrate();
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const name = `bookstore_bench_outbox_${randomBytes(4).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** A dispatcher in a process of its own, reporting what it delivered (n, arrival time) every 20 ms. */
function child(adapterModule, adapterName, url) {
  const proc = fork(self, ['--child'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_CHILD: JSON.stringify({ adapterModule, adapterName, url }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const arrivals = [];
  const ready = new Promise((resolve, reject) => {
    proc.on('message', (m) => {
      if (m.ready) resolve();
      if (m.arrivals) arrivals.push(...m.arrivals);
    });
    proc.on('exit', (code) => reject(new Error(`dispatcher process exited (${code})`)));
  });
  return {
    arrivals,
    ready,
    go: () => proc.send({ go: true }),
    stop: () => new Promise((resolve) => (proc.once('exit', resolve), proc.send({ stop: true }))),
  };
}

async function childMain() {
  const { adapterModule, adapterName, url } = JSON.parse(process.env.BENCH_CHILD);
  const adapter = (await import(adapterModule))[adapterName];
  const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
  let pending = [];
  const flush = setInterval(() => pending.length && process.send({ arrivals: pending.splice(0) }), 20);
  const queue = await adapter.attach(handle, (payload) => void pending.push([payload.n, now()]));
  process.on('message', async (m) => {
    if (m.go) await queue.start();
    if (m.stop) {
      await queue.close();
      clearInterval(flush);
      if (pending.length) process.send({ arrivals: pending.splice(0) });
      await handle.close();
      process.exit(0);
    }
  });
  process.send({ ready: true });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const median = (values) => percentile(values, 50);

/** Records `count` events one at a time and returns commit -> subscriber in ms. */
async function latency(adapter, kind, count, where, adapterModule, adapterName) {
  const db = await freshDatabase(kind);
  const arrivals = new Map();
  const t0 = new Map();
  let consumer;
  let queue;
  try {
    if (where === 'other process') {
      queue = await adapter.attach(db.handle, undefined);
      consumer = child(adapterModule, adapterName, db.url);
      await consumer.ready;
      consumer.go();
    } else {
      queue = await adapter.attach(db.handle, (payload) => arrivals.set(payload.n, now()), {
        wakeUps: where !== 'poll only',
      });
      await queue.start();
    }
    await sleep(300);
    for (let n = 0; n < count; n++) {
      await db.handle.db.transaction(async (tx) => {
        await queue.record(tx, { n });
        t0.set(n, now());
      });
      await sleep(5);
    }
    const deadline = Date.now() + 30_000;
    const seen = () => (consumer ? new Set(consumer.arrivals.map(([n]) => n)).size : arrivals.size);
    while (seen() < count && Date.now() < deadline) await sleep(20);
    if (consumer) for (const [n, at] of consumer.arrivals) if (!arrivals.has(n)) arrivals.set(n, at);
    if (arrivals.size < count) throw new Error(`only ${arrivals.size} of ${count} events arrived`);
    return [...arrivals].map(([n, at]) => at - t0.get(n));
  } finally {
    await consumer?.stop();
    await queue?.close();
    await db.drop();
  }
}

/** Records `count` events, then times `processes` dispatchers delivering them; checks each arrives once. */
async function throughput(adapter, kind, count, processes, adapterModule, adapterName) {
  const db = await freshDatabase(kind);
  const local = [];
  let queue;
  let consumers = [];
  try {
    queue = await adapter.attach(
      db.handle,
      kind === 'pglite' ? (payload) => local.push([payload.n, now()]) : undefined,
    );
    for (let n = 0; n < count; n += 100) {
      await db.handle.db.transaction(async (tx) => {
        for (let i = n; i < Math.min(count, n + 100); i++) await queue.record(tx, { n: i });
      });
    }
    let started;
    if (kind === 'pglite') {
      started = now();
      await queue.start();
    } else {
      consumers = Array.from({ length: processes }, () => child(adapterModule, adapterName, db.url));
      await Promise.all(consumers.map((c) => c.ready));
      started = now();
      for (const c of consumers) c.go();
    }
    const all = () => [...local, ...consumers.flatMap((c) => c.arrivals)];
    const deadline = Date.now() + 120_000;
    while (new Set(all().map(([n]) => n)).size < count && Date.now() < deadline) await sleep(10);
    const arrivals = all();
    const unique = new Set(arrivals.map(([n]) => n)).size;
    if (unique < count) throw new Error(`only ${unique} of ${count} events arrived`);
    const last = Math.max(...arrivals.map(([, at]) => at));
    await sleep(500);
    return { perSecond: count / ((last - started) / 1000), twice: all().length - count };
  } finally {
    for (const c of consumers) await c.stop();
    await queue?.close();
    await db.drop();
  }
}

async function startup(adapter, kind) {
  const db = await freshDatabase(kind);
  try {
    const times = [];
    for (let i = 0; i < 2; i++) {
      const t = now();
      const queue = await adapter.attach(db.handle, () => {});
      await queue.start();
      times.push(now() - t);
      await queue.close();
    }
    return times;
  } finally {
    await db.drop();
  }
}

/** Every measurement, `rounds` times, as a table of medians. */
export async function run(adapter, { adapterModule = self, adapterName = 'ownOutbox' } = {}) {
  const rounds = Number(args.rounds ?? 3);
  const latencyCount = Number(args.latency ?? 200);
  const events = Number(args.events ?? 2000);
  const lines = [
    `${adapter.name}: medians of ${rounds} rounds; latency over ${latencyCount} events, throughput over ${events}`,
  ];
  const row = (...cells) => {
    lines.push(`| ${cells.join(' | ')} |`);
    console.log(lines.at(-1));
  };
  console.log(lines[0]);
  row('database', 'measure', 'result');
  row('---', '---', '---');
  const ms = (v) => `${v.toFixed(1)} ms`;
  for (const kind of ['pglite', 'postgres']) {
    const wheres = kind === 'pglite' ? ['same process', 'poll only'] : ['same process', 'other process', 'poll only'];
    for (const where of wheres) {
      const results = [];
      for (let r = 0; r < rounds; r++)
        results.push(await latency(adapter, kind, latencyCount, where, adapterModule, adapterName));
      row(
        kind,
        `latency, ${where} (median / p95)`,
        `${ms(median(results.map(median)))} / ${ms(median(results.map((x) => percentile(x, 95))))}`,
      );
    }
    for (const processes of kind === 'pglite' ? [1] : [1, 2]) {
      const results = [];
      for (let r = 0; r < rounds; r++)
        results.push(await throughput(adapter, kind, events, processes, adapterModule, adapterName));
      const twice = results.reduce((sum, x) => sum + x.twice, 0);
      row(
        kind,
        `throughput, ${processes} process${processes > 1 ? 'es' : ''}`,
        `${Math.round(median(results.map((x) => x.perSecond)))} events/s (delivered twice: ${twice})`,
      );
    }
    const starts = [];
    for (let r = 0; r < rounds; r++) starts.push(await startup(adapter, kind));
    row(
      kind,
      'start-up (first / again)',
      `${ms(median(starts.map((s) => s[0])))} / ${ms(median(starts.map((s) => s[1])))}`,
    );
  }
  if (args.json)
    writeResult('outbox.json', JSON.stringify({ adapter: adapter.name, table: lines.join('\n') }, null, 2));
}

// Not awaited at the top level: a dispatcher process imports its adapter's module, which may import this one.
if (process.argv[1] === self) {
  (args.child ? childMain() : run(ownOutbox)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
