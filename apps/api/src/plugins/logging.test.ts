import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp, createTestDatabase } from '../test/app.js';
import { testConfig } from '../config.js';
import { BatchedLines } from '../lib/log.js';
import { logLines } from '../test/log-lines.js';

/** An app whose log lines are kept in `lines`, with the routes `add` puts on it; closed after the file. */
async function loggedApp(level: string, add: (app: App) => void) {
  const { lines, stream } = logLines();
  const database = (await createTestDatabase()).handle;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-logging-'));
  const config = testConfig({ dataDir, mediaDir: path.join(dataDir, 'media'), filesDir: path.join(dataDir, 'files') });
  const app = await buildApp({ config, database, logger: { level, stream } });
  add(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, lines };
}

/**
 * A failed query was once logged with its bound values (a password hash among them).
 * Logs keep the error and the statement, never the values, and never a token or a password.
 */
describe('logs hold no secrets', async () => {
  const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdmFsdWU';
  const { app, lines } = await loggedApp('info', (app) => {
    app.post('/boom', async () => {
      // A statement that fails with a secret among its bound values.
      await app.db.execute(sql`INSERT INTO users (username, email, password_hash) VALUES (${'x'}, ${null}, ${HASH})`);
      return { ok: true };
    });
  });

  it('a failed query is logged without its bound values', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/boom',
      headers: { authorization: 'Bearer secret-token-value', cookie: 'session=secret-cookie' },
      payload: { password: 'hunter2-password' },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('INSERT INTO users');
    for (const secret of [HASH, 'c2VjcmV0LWhhc2gtdmFsdWU', 'secret-token-value', 'secret-cookie', 'hunter2-password']) {
      expect(log).not.toContain(secret);
    }
  });
});

/**
 * A request's logger is made only when the request writes a line (lib/log.ts). What is
 * written must not change: the request's id on every line, the route's own level, the redaction.
 */
describe('request logs at the production level', async () => {
  const { app, lines } = await loggedApp('warn', (app) => {
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/chatty', { logLevel: 'info' }, async (request) => {
      request.log.child({ step: 'lookup' }).info({ password: 'hunter2-password' }, 'looked up');
      return { ok: true };
    });
    app.get('/warns', async (request) => {
      request.log.warn('stock is low');
      return { ok: true };
    });
  });
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes nothing for a request that logs below the level, and every line it does write carries the request id', async () => {
    lines.length = 0;
    await app.inject('/quiet');
    expect(lines).toEqual([]);

    const warned = await app.inject({ url: '/warns', headers: { 'x-request-id': 'ignored' } });
    expect(warned.statusCode).toBe(200);
    const [line, ...rest] = parsed();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ level: 40, msg: 'stock is low', reqId: expect.any(String) });
  });

  it("keeps a route's own level, its children's bindings and the redaction", async () => {
    lines.length = 0;
    await app.inject('/chatty');
    const logged = parsed();
    expect(logged.map((l) => l.msg)).toEqual(['incoming request', 'looked up', 'request completed']);
    const ids = new Set(logged.map((l) => l.reqId));
    expect(ids.size).toBe(1);
    expect(logged[1]).toMatchObject({ step: 'lookup', password: '[redacted]' });
    expect(lines.join('')).not.toContain('hunter2-password');
  });
});

/**
 * Lines reach the log's worker thread in batches (lib/log.ts, BatchedLines): one hand-over every
 * LINES_EVERY_MS or LINES_BYTES, whichever comes first, and at once when the log is flushed or the
 * process exits. What the worker is handed is recorded here as thread-stream would take it.
 */
describe('log lines handed to the worker in batches', () => {
  let handed: string[];
  let flushed: number;
  let lines: BatchedLines;
  beforeEach(() => {
    handed = [];
    flushed = 0;
    const worker: DestinationStream & { flushSync(): void; flush(cb?: () => void): void } = {
      write: (chunk: string) => handed.push(chunk),
      flushSync: () => flushed++,
      flush: (cb) => {
        flushed++;
        cb?.();
      },
    };
    lines = new BatchedLines(worker);
  });
  afterEach(() => lines.handOver());
  const line = (i: number) => `{"level":30,"reqId":"req-${i}","msg":"incoming request"}\n`;

  it('hands a turn of lines over together, in order, after a few milliseconds', async () => {
    for (let i = 0; i < 100; i++) lines.write(line(i));
    expect(handed).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, BatchedLines.LINES_EVERY_MS * 3));
    expect(handed).toEqual([Array.from({ length: 100 }, (_, i) => line(i)).join('')]);
    lines.write(line(100));
    await new Promise((resolve) => setTimeout(resolve, BatchedLines.LINES_EVERY_MS * 3));
    expect(handed).toEqual([expect.any(String), line(100)]);
  });

  it('hands over at once when LINES_BYTES wait, and when flushed', () => {
    const big = 'x'.repeat(1000);
    const count = Math.ceil(BatchedLines.LINES_BYTES / (big.length + 1));
    for (let i = 0; i < count; i++) lines.write(`${big}\n`);
    expect(handed.length).toBe(1);
    expect(handed[0]!.length).toBe(count * (big.length + 1));
    lines.write(line(1));
    lines.flushSync();
    expect(handed).toEqual([expect.any(String), line(1)]);
    expect(flushed).toBe(1);
    lines.write(line(2));
    let called = false;
    lines.flush(() => (called = true));
    expect(handed).toEqual([expect.any(String), line(1), line(2)]);
    expect([flushed, called]).toEqual([2, true]);
  });
});

/**
 * The real log stream (lib/log.ts, openLogStream) in a process that writes lines and ends at once with
 * `process.exit`: the lines still gathered on the request's thread reach the file, through the worker.
 */
describe('no line lost when the process exits', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bookstore-log-exit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every line gathered before process.exit', () => {
    const file = path.join(dir, 'out.log');
    const script = path.join(dir, 'exit.mts');
    const log = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'lib', 'log.ts');
    writeFileSync(
      script,
      `import { openLogStream } from ${JSON.stringify(log)};
const logs = openLogStream({ target: 'pino/file', options: { destination: ${JSON.stringify(file)} } });
for (let i = 0; i < 500; i++) logs.stream.write(JSON.stringify({ level: 30, n: i, msg: 'incoming request' }) + '\\n');
process.exit(0);
`,
    );
    const ran = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 30_000 });
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    const written = readFileSync(file, 'utf8').trim().split('\n');
    expect(written.map((l) => (JSON.parse(l) as { n: number }).n)).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });
});
