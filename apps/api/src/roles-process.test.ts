import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from './config.js';
import { freePort } from './faults/support.js';

/**
 * The store run in production's steps (README, "Production"): `npm run migrate` first, then processes
 * started with MIGRATE_ON_START=false, here a ROLE=worker. On the embedded database, in a data folder of
 * the test's own; each setting a stray .env could hold is given here, so the environment wins.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('migrate, then a worker', () => {
  const root = path.join(apiRoot(), '..', '..');
  const admin = 'owner@shop.test';
  let work: string;
  let dataDir: string;
  let worker: ChildProcess | undefined;

  const env = (extra: Record<string, string> = {}) => {
    const { NODE_OPTIONS: _options, ...own } = process.env;
    return {
      ...own,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(work, 'backups'),
      DATABASE_URL: '',
      TEST_DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      JWT_SECRET: 'roles-process-secret-roles-process-secret-01',
      LOG_LEVEL: 'info',
      ...extra,
    };
  };
  const migrate = () =>
    spawnSync('npm', ['--silent', 'run', 'migrate'], { cwd: root, env: env(), encoding: 'utf8', timeout: 120_000 });

  /** Starts the server as production does after `npm run migrate` (MIGRATE_ON_START=false), its output kept. */
  function startServer(extra: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot(), 'src', 'server.ts')], {
      cwd: root,
      env: env({ MIGRATE_ON_START: 'false', ...extra }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => output, exited };
  }

  async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, output: () => string) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = await check();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'bookstore-roles-'));
    dataDir = path.join(work, 'data');
  });
  afterAll(() => {
    if (worker?.exitCode === null) worker.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'MIGRATE_ON_START=false: a process refuses to start on a database not migrated, and says what to run',
    { timeout: 120_000 },
    async () => {
      const server = startServer({ ROLE: 'worker', PORT: String(await freePort()), HOST: '127.0.0.1' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(
        /The database is not migrated: \d+ migrations to apply\. Run `npm run migrate` first/,
      );
    },
  );

  it(
    'npm run migrate migrates the configured database and exits 0; again, it is up to date',
    { timeout: 240_000 },
    () => {
      const first = migrate();
      expect(first.status, `${first.stdout}\n${first.stderr}`).toBe(0);
      expect(first.stdout).toMatch(new RegExp(`applied \\d+ migrations to the embedded database in ${dataDir}`));
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      const again = migrate();
      expect(again.status, `${again.stdout}\n${again.stderr}`).toBe(0);
      expect(again.stdout).toContain('is up to date');
    },
  );

  it(
    'ROLE=worker: answers /healthz and /readyz and 404 for the store; loads the demo, makes the admin and delivers events (the low-stock digest, as mail)',
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      const server = startServer({
        ROLE: 'worker',
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'true',
        ADMIN_EMAIL: admin,
        ADMIN_PASSWORD: 'quiet lantern 1917',
      });
      worker = server.child;
      const url = `http://127.0.0.1:${port}`;
      const status = (address: string) =>
        fetch(`${url}${address}`).then(
          (r) => r.status,
          () => undefined,
        );
      await until(
        'the worker answering /readyz',
        async () => ((await status('/readyz')) === 200 ? true : undefined),
        server.output,
      );
      expect(await status('/healthz')).toBe(200);
      expect(await status('/api/books/')).toBe(404);
      expect(await status('/')).toBe(404);

      // The daily job records the digest; the dispatcher gives it to the mail subscriber, whose message
      // (the demo has books out of stock) is delivered in turn: an .eml file to the first admin.
      const mailDir = path.join(dataDir, 'mail');
      const mail = await until(
        'the low-stock digest written as mail',
        () => {
          if (!existsSync(mailDir)) return undefined;
          const files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
          return files.map((f) => readFileSync(path.join(mailDir, f), 'utf8')).find((m) => m.includes(admin));
        },
        server.output,
      );
      expect(mail).toMatch(/^To: .*owner@shop\.test/m);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('Bookstore worker running');
    },
  );

  it(
    'reads .env in the folder it starts from, a variable of the environment winning over the file',
    { timeout: 120_000 },
    () => {
      const folder = path.join(work, 'with-env-file');
      mkdirSync(folder);
      writeFileSync(
        path.join(folder, '.env'),
        ['DATA_DIR=./from-the-file', 'DATABASE_URL=postgres://nobody@127.0.0.1:1/never', ''].join('\n'),
      );
      const { DATA_DIR: _dir, DATABASE_URL: _url, ...rest } = env({ DATABASE_URL: '' });
      const result = spawnSync(
        path.join(root, 'node_modules', '.bin', 'tsx'),
        ['--tsconfig', path.join(apiRoot(), 'tsconfig.json'), path.join(apiRoot(), 'src', 'ops', 'migrate-cli.ts')],
        { cwd: folder, env: { ...rest, DATABASE_URL: '' }, encoding: 'utf8', timeout: 120_000 },
      );
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      // DATA_DIR from the file; DATABASE_URL empty in the environment, so not the file's PostgreSQL.
      expect(result.stdout).toContain(`the embedded database in ${path.join(folder, 'from-the-file')}`);
      expect(existsSync(path.join(folder, 'from-the-file', 'pglite'))).toBe(true);
    },
  );
});
