#!/usr/bin/env node
// `node bench/login.mjs`: what one sign-in costs, and how the sign-in limiter behaves.
//   1. The hash alone: argon2id with the store's parameters (m=19456 KiB, t=2, p=1), in this process.
//   2. Whole sign-ins: POST /api/login/ against a real server (embedded database, from source), one
//      after another (no queueing), median and p90 of the wall time seen by the client.
//   3. The limiter: wrong passwords for one account from one address until it answers 429.
// Options: --logins=N (default 20), --json (also write bench/results/login.json).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { args, freePort, runBench, startApiServer, writeResult } from './lib.mjs';

const LOGINS = Number(args.logins ?? 20);
const work = mkdtempSync(path.join(tmpdir(), 'bookstore-bench-login-'));
let server;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;

const startServer = (port) =>
  startApiServer(port, { DATABASE_URL: '', DATA_DIR: path.join(work, 'data') }, { tries: 600 });

const post = (base, url, body) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function main() {
  // 1. The hash alone.
  const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
  const stored = await hash('correct horse battery staple', options);
  const verifyTimes = [];
  for (let i = 0; i < LOGINS; i += 1) {
    const t = performance.now();
    await verify(stored, 'correct horse battery staple');
    verifyTimes.push(performance.now() - t);
  }

  // 2. Whole sign-ins.
  server = await startServer(await freePort());
  const username = `bench${randomBytes(3).toString('hex')}`;
  const password = 'a-bench-password-1';
  const reg = await post(server.base, '/api/register/', {
    email: `${username}@bench.test`,
    username,
    firstName: 'Ben',
    lastName: 'Chmark',
    password,
    password2: password,
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  await post(server.base, '/api/login/', { emailOrUsername: username, password }); // warm-up
  const loginTimes = [];
  for (let i = 0; i < LOGINS; i += 1) {
    const t = performance.now();
    const res = await post(server.base, '/api/login/', {
      emailOrUsername: i % 2 ? username : `${username}@bench.test`,
      password,
    });
    await res.arrayBuffer();
    loginTimes.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`login ${i}: ${res.status}`);
  }
  const wrongTimes = [];
  for (let i = 0; i < 4; i += 1) {
    const t = performance.now();
    await (
      await post(server.base, '/api/login/', { emailOrUsername: `nobody${i}@bench.test`, password: 'wrong-password' })
    ).arrayBuffer();
    wrongTimes.push(performance.now() - t);
  }

  // 3. The limiter.
  const limiter = [];
  for (let i = 1; i <= 7; i += 1) {
    const res = await post(server.base, '/api/login/', { emailOrUsername: username, password: `guess-${i}` });
    limiter.push({ attempt: i, status: res.status, error: (await res.json()).error });
  }
  const rightAfterBlock = await post(server.base, '/api/login/', { emailOrUsername: username, password });
  limiter.push({
    attempt: 'right password while blocked',
    status: rightAfterBlock.status,
    error: (await rightAfterBlock.json()).error,
  });

  const result = {
    logins: LOGINS,
    argon2idVerifyMs: { median: median(verifyTimes), p90: p90(verifyTimes) },
    loginMs: { median: median(loginTimes), p90: p90(loginTimes) },
    unknownAccountMs: { median: median(wrongTimes) },
    limiter,
  };
  console.log(
    `argon2id verify (m=19456 KiB, t=2, p=1): median ${ms(result.argon2idVerifyMs.median)}, p90 ${ms(result.argon2idVerifyMs.p90)}`,
  );
  console.log(
    `POST /api/login/ (${LOGINS} sequential):   median ${ms(result.loginMs.median)}, p90 ${ms(result.loginMs.p90)}`,
  );
  console.log(`unknown account (dummy hash):         median ${ms(result.unknownAccountMs.median)}`);
  console.log('wrong passwords for one account from one address:');
  for (const row of limiter)
    console.log(`  ${String(row.attempt).padEnd(30)} ${row.status}${row.status === 429 ? `  ${row.error}` : ''}`);
  if (args.json) {
    writeResult('login.json', `${JSON.stringify(result, null, 2)}\n`);
  }
}

runBench(main, { server: () => server, work });
