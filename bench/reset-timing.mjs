#!/usr/bin/env node
// `node bench/reset-timing.mjs`: whether "Forgot password?" tells by its time that an account exists.
// POST /api/password-reset/ against a real server (embedded database, from source), --requests times
// (default 200) for an address that has an account and as often for one that has none, one request at a
// time, the two kinds taking turns (so that a slower moment of the machine falls on both). Each request
// comes from its own address (X-Forwarded-For, TRUST_PROXY on), so the per-caller limits never answer;
// both addresses meet their mailbox's limit alike. Reports the median of each kind and their difference
// (the aim: under 1 ms). Options: --requests=N, --json (also write bench/results/reset-timing.json).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { args, freePort, runBench, startApiServer, writeResult } from './lib.mjs';

const REQUESTS = Number(args.requests ?? 200);
const WARM_UP = 20;
const work = mkdtempSync(path.join(tmpdir(), 'bookstore-bench-reset-'));
let server;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (n) => `${n.toFixed(2)} ms`;

let caller = 0;
/** The next caller's address: 10.x.y.z, a new one for every request. */
const nextCaller = () => {
  caller += 1;
  return `10.${(caller >> 16) & 255}.${(caller >> 8) & 255}.${caller & 255}`;
};

const post = (base, url, body) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextCaller() },
    body: JSON.stringify(body),
  });

async function timed(base, email) {
  const t = performance.now();
  const res = await post(base, '/api/password-reset/', { email });
  const body = await res.text();
  const took = performance.now() - t;
  if (res.status !== 202) throw new Error(`password-reset: ${res.status} ${body}`);
  return { took, body };
}

async function main() {
  const port = await freePort();
  server = await startApiServer(
    port,
    { DATABASE_URL: '', DATA_DIR: path.join(work, 'data'), TRUST_PROXY: 'true' },
    { tries: 600 },
  );
  const password = 'a-bench-password-1';
  const known = 'reset-bench@bench.test';
  const unknown = 'nobody-here@bench.test';
  const reg = await post(server.base, '/api/register/', {
    email: known,
    username: 'reset_bench',
    firstName: 'Ben',
    lastName: 'Chmark',
    password,
    password2: password,
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);

  for (let i = 0; i < WARM_UP; i += 1) await timed(server.base, i % 2 ? known : unknown);
  const times = { known: [], unknown: [] };
  const bodies = new Set();
  for (let i = 0; i < REQUESTS * 2; i += 1) {
    const kind = i % 2 ? 'unknown' : 'known';
    const { took, body } = await timed(server.base, kind === 'known' ? known : unknown);
    times[kind].push(took);
    bodies.add(body);
  }

  const result = {
    requests: REQUESTS,
    knownMs: median(times.known),
    unknownMs: median(times.unknown),
    differenceMs: median(times.known) - median(times.unknown),
    sameAnswer: bodies.size === 1,
  };
  console.log(`POST /api/password-reset/, ${REQUESTS} of each kind, one at a time, taking turns:`);
  console.log(`  an account's address: median ${ms(result.knownMs)}`);
  console.log(`  no account's address: median ${ms(result.unknownMs)}`);
  console.log(
    `  difference:           ${ms(result.differenceMs)} (aim: under 1 ms)${Math.abs(result.differenceMs) < 1 ? '' : '  OVER'}`,
  );
  console.log(`  the same answer every time: ${result.sameAnswer ? 'yes' : 'NO'}`);
  if (args.json) writeResult('reset-timing.json', `${JSON.stringify(result, null, 2)}\n`);
}

runBench(main, { server: () => server, work });
