import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp, createTestDatabase } from '../test/app.js';
import { testConfig } from '../config.js';

/** An app whose log lines are kept in `lines`, with the routes `add` puts on it; closed after the file. */
async function loggedApp(level: string, add: (app: App) => void) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const database = (await createTestDatabase()).handle;
  const app = await buildApp({ config: testConfig(), database, logger: { level, stream } });
  add(app);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, lines };
}

/**
 * Issue 15, finding 10: a failed query was logged with its bound values (a password hash among them).
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
 * Issue 13: a request's logger is made only when the request writes a line (lib/log.ts). What is
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
