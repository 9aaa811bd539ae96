import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreProcess, startStore } from '../faults/support.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: Record<string, unknown>;
  res?: Record<string, unknown>;
  responseTime?: number;
  [key: string]: unknown;
}

/**
 * The real server process, its output redirected (JSON lines written in the background, lib/log.ts),
 * at `LOG_LEVEL=info`: every request it answered is in its log once it has stopped on SIGTERM, the
 * kept answers sent before Fastify (lib/front.ts) included, with the very fields Fastify writes.
 */
describe('request logs of the running server', () => {
  let dataDir: string;
  let store: StoreProcess;
  let lines: Line[];
  const asked: string[] = [];
  let exitCode: number | null;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-logging-'));
    store = await startStore({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      CATALOGUE_CACHE_SECONDS: '60',
    });
    const paths = ['/api/featured/', '/api/books/?page=1', '/healthz', '/api/books/book/999999/', '/nowhere'];
    for (let round = 0; round < 60; round++) {
      await Promise.all(
        paths.map(async (p) => {
          const res = await fetch(`${store.url}${p}`);
          await res.arrayBuffer();
          asked.push(p);
        }),
      );
    }
    store.child.kill('SIGTERM');
    exitCode = await new Promise<number | null>((resolve) => store.child.once('exit', (code) => resolve(code)));
    lines = store
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line);
  }, 120_000);
  afterAll(async () => {
    if (store?.child.exitCode === null) await store.kill9();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops cleanly on SIGTERM with every request written: one incoming and one completed line each', () => {
    expect(exitCode).toBe(0);
    // startStore's readiness checks (/readyz) are requests too, logged like the others.
    const incoming = lines.filter((l) => l.msg === 'incoming request' && l.req?.url !== '/readyz');
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(incoming.length).toBe(asked.length);
    expect(completed.length).toBe(lines.filter((l) => l.msg === 'incoming request').length);
    for (const p of new Set(asked)) {
      expect(incoming.filter((l) => l.req?.url === p).length, p).toBe(asked.filter((a) => a === p).length);
    }
    // Every id is used by exactly one request, on both lines, whichever path answered it.
    const ids = lines.filter((l) => l.msg === 'incoming request').map((l) => l.reqId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(completed.map((l) => l.reqId))).toEqual(new Set(ids));
    expect(lines.at(-1)).toMatchObject({ msg: 'stopped', signal: 'SIGTERM' });
  });

  it('logs a kept answer sent before Fastify with the fields Fastify writes for the same call', () => {
    const featured = lines.filter((l) => l.msg === 'incoming request' && l.req?.url === '/api/featured/');
    const shape = (line: Line) => ({
      keys: Object.keys(line).filter((k) => k !== 'time'),
      req: Object.keys(line.req ?? {}),
    });
    // The first read is made by the route (through Fastify); the next ones are the kept bytes, sent
    // before Fastify: the lines are alike.
    for (const line of featured.slice(1)) expect(shape(line)).toEqual(shape(featured[0]!));
    const { remotePort: _port, ...routed } = featured[0]!.req!;
    for (const line of featured.slice(1)) expect(line.req).toMatchObject(routed);
    expect(featured[1]!.req).toMatchObject({
      method: 'GET',
      host: new URL(store.url).host,
      remoteAddress: '127.0.0.1',
    });
    expect(typeof featured[1]!.req!.remotePort).toBe('number');
    const completedOf = (reqId: string | undefined) =>
      lines.find((l) => l.msg === 'request completed' && l.reqId === reqId)!;
    const first = completedOf(featured[0]!.reqId);
    for (const line of featured.slice(1)) {
      const done = completedOf(line.reqId);
      expect(Object.keys(done).filter((k) => k !== 'time')).toEqual(Object.keys(first).filter((k) => k !== 'time'));
      expect(done.res).toEqual({ statusCode: 200 });
      expect(done.level).toBe(30);
      expect(typeof done.responseTime).toBe('number');
    }
  });
});
