import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SANDBOX_CARDS } from '@bookstore/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../config.js';
import { call, freePort, type Reply } from '../faults/support.js';
import { type Mailbox, startMailbox } from '../test/mailbox.js';
import { type Nginx, nginxBinary, startNginx } from '../test/nginx.js';

/**
 * The release archive, slow (a build, a release archive and `npm ci --omit=dev` from the registry, some
 * minutes on a busy machine), made and installed once for the two parts below:
 *
 * 1. installed with runtime dependencies only, it runs the operator's commands and `npm start` with no
 *    build tool and without building anything;
 * 2. in production (the smoke test of README's "Production" commands): two web processes and a worker
 *    on a PostgreSQL database and Redis, behind Debian's nginx running deploy/nginx/bookstore.conf, with a
 *    shopper who orders and pays, and a web process killed -9 in the middle of the traffic.
 *
 * Everything happens in a temporary folder: a copy of the repository's files (its node_modules linked,
 * where README's `npm ci` would install them) that is built and released there, and the unpacked release,
 * installed from the registry with npm's own cache. It runs in the project on the embedded database
 * only, once per run (the production part brings its own PostgreSQL database).
 */
const repo = path.join(apiRoot(), '..', '..');
const onPostgresProject = Boolean(process.env.TEST_DATABASE_URL);

/** The machine's PostgreSQL, where the production part makes a database of its own and drops it after. */
const postgresServer = (() => {
  const url = new URL('postgres://postgres@127.0.0.1:5432/postgres');
  if (process.env.PGPASSWORD) url.password = process.env.PGPASSWORD;
  return url;
})();
async function answers(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
const redisUrl = 'redis://127.0.0.1:6379';
async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const postgresUp = !onPostgresProject && (await answers(postgresServer.toString()));
const redisUp = !onPostgresProject && (await redisAnswers());
const productionSkipped = !nginxBinary
  ? "Debian's nginx is not installed (apt-get install nginx, or set NGINX_PATH)"
  : !postgresUp
    ? `PostgreSQL does not answer at ${postgresServer.host} as user postgres`
    : undefined;
if (!onPostgresProject && productionSkipped) {
  console.log(`The production smoke test of the release is SKIPPED: ${productionSkipped}.`);
}

/**
 * README's "Production" commands, in order: the first shell block of that section, comments and runs of
 * spaces left out.
 */
function readmeProductionCommands(): string[] {
  const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Production\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) =>
      line
        .replace(/(^|\s)#.*$/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

describe.skipIf(onPostgresProject)('the release archive (slow)', () => {
  // What is not the repository's own: installs, builds, data and outputs.
  const skipped = new Set([
    'node_modules',
    'dist',
    '.git',
    'data',
    'release',
    'backups',
    '.env',
    '.e2e',
    'test-results',
    'playwright-report',
    'coverage',
    '.test-results',
  ]);
  let work: string;
  let tree: string;

  /** The environment of a command run in the release: none of the test run's own settings. */
  function releaseEnv(extra: Record<string, string>) {
    const {
      DATABASE_URL: _url,
      DATA_DIR: _dir,
      NODE_OPTIONS: _options,
      NODE_ENV: _env,
      TEST_DATABASE_URL: _test,
      REDIS_URL: _redis,
      VITEST: _vitest,
      ...env
    } = process.env;
    return { ...env, ...extra };
  }

  function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv, timeout = 120_000) {
    const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
    expect(result.status, `${command} ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0);
    return result.stdout;
  }

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'bookstore-release-'));
    const source = path.join(work, 'source');
    cpSync(repo, source, {
      recursive: true,
      filter: (file) => !skipped.has(path.basename(file)) && !file.endsWith(path.join('bench', 'results')),
    });
    symlinkSync(path.join(repo, 'node_modules'), path.join(source, 'node_modules'));
    for (const workspace of ['apps/api', 'apps/web', 'packages/contract']) {
      const modules = path.join(repo, workspace, 'node_modules');
      if (existsSync(modules)) symlinkSync(modules, path.join(source, workspace, 'node_modules'));
    }
    let started = Date.now();
    run(source, 'npm', ['--silent', 'run', 'release'], releaseEnv({}), 300_000);
    console.log(`npm run release: ${Math.round((Date.now() - started) / 1000)} s`);
    const [archive] = readdirSync(path.join(source, 'release')).filter((f) => /^bookstore-.+\.tar\.gz$/.test(f));
    expect(archive).toBeDefined();
    const unpacked = path.join(work, 'unpacked');
    mkdirSync(unpacked);
    run(unpacked, 'tar', ['-xzf', path.join(source, 'release', archive!)], process.env);
    tree = path.join(unpacked, archive!.replace(/\.tar\.gz$/, ''));
    started = Date.now();
    run(
      tree,
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts=false', '--no-audit', '--no-fund'],
      releaseEnv({ NODE_ENV: 'production' }),
      600_000,
    );
    console.log(`npm ci --omit=dev of the release: ${Math.round((Date.now() - started) / 1000)} s`);
  }, 900_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe('installed with runtime dependencies only', () => {
    let store: ChildProcess | undefined;

    const commandEnv = () =>
      releaseEnv({
        NODE_ENV: 'development',
        DATA_DIR: path.join(work, 'data'),
        JWT_SECRET: 'release-test-secret-release-test-secret-01',
      });

    afterAll(async () => {
      // The store's whole process group (npm, scripts/start.mjs and the server), by its id.
      if (store?.pid && store.exitCode === null && store.signalCode === null) {
        const exited = new Promise((resolve) => store!.once('exit', resolve));
        process.kill(-store.pid, 'SIGKILL');
        await exited;
      }
    });
    it('holds the builds and the migrations, not the sources, and installs no build tool', () => {
      for (const file of ['apps/api/dist/server.js', 'apps/api/dist/backup-cli.js', 'apps/web/dist/index.html']) {
        expect(existsSync(path.join(tree, file)), file).toBe(true);
      }
      expect(readdirSync(path.join(tree, 'apps', 'api', 'drizzle')).some((f) => f.endsWith('.sql'))).toBe(true);
      expect(existsSync(path.join(tree, 'apps', 'api', 'src'))).toBe(false);
      for (const tool of ['tsx', 'vite', 'esbuild']) {
        expect(existsSync(path.join(tree, 'node_modules', '.bin', tool)), tool).toBe(false);
      }
    });

    it('runs npm run migrate, create-admin and backup from the built files', { timeout: 180_000 }, () => {
      expect(run(tree, 'npm', ['--silent', 'run', 'migrate'], commandEnv())).toContain('migrate: applied');
      const admin = run(
        tree,
        'npm',
        [
          '--silent',
          'run',
          'create-admin',
          '--',
          '--email',
          'keeper@shop.test',
          '--username',
          'keeper',
          '--password',
          'amber harbour violin 4812',
        ],
        commandEnv(),
      );
      expect(admin).toContain('keeper');
      const backups = path.join(work, 'backups');
      expect(run(tree, 'npm', ['--silent', 'run', 'backup', '--', '--out', backups], commandEnv())).toContain(
        'Backup written',
      );
      expect(readdirSync(backups).length).toBe(1);
    });

    it('starts with npm start and serves the storefront, building nothing', { timeout: 240_000 }, async () => {
      const webIndex = path.join(tree, 'apps', 'web', 'dist', 'index.html');
      const builtAt = statSync(webIndex).mtimeMs;
      const port = await freePort();
      let output = '';
      // No NODE_ENV: npm start's own defaults (production on the embedded database, the demo catalogue).
      store = spawn('npm', ['start'], {
        cwd: tree,
        env: releaseEnv({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: path.join(work, 'store-data') }),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      store.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      store.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 180_000;
      for (;;) {
        if (store.exitCode !== null) throw new Error(`npm start exited (${store.exitCode}):\n${output}`);
        const ok = await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`The release did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root">');
      expect(output).not.toContain('Building');
      expect(statSync(webIndex).mtimeMs).toBe(builtAt);

      const exited = new Promise<number | null>((resolve) => store!.once('exit', (code) => resolve(code)));
      process.kill(-store.pid!, 'SIGTERM');
      await exited;
    });

    it('refuses to start without a build where there is no build tool, saying where to build', () => {
      // The storefront's build moved aside for this test only: the production part below serves it.
      const dist = path.join(tree, 'apps', 'web', 'dist');
      renameSync(dist, `${dist}.aside`);
      let result;
      try {
        result = spawnSync(process.execPath, ['scripts/start.mjs'], {
          cwd: tree,
          env: releaseEnv({ DATA_DIR: path.join(work, 'store-data') }),
          encoding: 'utf8',
          timeout: 60_000,
        });
      } finally {
        renameSync(`${dist}.aside`, dist);
      }
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('apps/web/dist/index.html missing');
      expect(result.stderr).toContain('npm run build');
      expect(result.stdout).not.toContain('Building');
    });
  });

  describe.skipIf(Boolean(productionSkipped))(
    "in production: README's commands, two web processes and a worker behind nginx (needs Debian's nginx, and PostgreSQL at 127.0.0.1:5432)",
    () => {
      const id = randomBytes(4).toString('hex');
      const databaseName = `smoke_${id}`;
      const databaseUrl = (() => {
        const url = new URL(postgresServer);
        url.pathname = `/${databaseName}`;
        return url.toString();
      })();
      // Redis is shared with whoever else uses it: this store's keys start with a prefix of its own.
      const redisPrefix = `bookstore-smoke-${id}`;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const took = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
      const timings: string[] = [];

      interface StoreProcess {
        name: string;
        port: number;
        metricsPort: number;
        child: ChildProcess;
        output(): string;
      }
      const processes: StoreProcess[] = [];
      let mailbox: Mailbox | undefined;
      let nginx: Nginx | undefined;
      let databaseMade = false;
      let webs: StoreProcess[];
      let worker: StoreProcess;
      const logs = () => processes.map((p) => `--- ${p.name}\n${p.output().slice(-4000)}`).join('\n');

      async function admin(statement: string) {
        const client = new pg.Client({ connectionString: postgresServer.toString() });
        await client.connect();
        try {
          await client.query(statement);
        } finally {
          await client.end();
        }
      }

      /** The store's server process (apps/api/dist/server.js) among the processes of `npm start`'s group. */
      function serverPid(group: number): number {
        for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
          try {
            const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
            const [, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
            const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
            if (Number(pgrp) === group && cmdline.includes('apps/api/dist/server.js')) return Number(entry);
          } catch {
            // a process that ended meanwhile
          }
        }
        throw new Error(`No server process in the group of ${group}`);
      }

      /** Every process of a store's group (npm, scripts/start.mjs, the server) killed -9 at once. */
      async function kill9(store: StoreProcess) {
        const { child } = store;
        if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await exited;
      }

      /**
       * Runs one of README's process lines (`VAR=value … npm start`) in the release with the settings of
       * its .env, on free ports in place of README's; each process signs in to the mail server under its
       * own name, so the test can tell which one sent a message.
       */
      async function startProcess(name: string, line: string, fixedPort?: number): Promise<StoreProcess> {
        const words = line.split(' ');
        expect(words.slice(-2).join(' '), line).toBe('npm start');
        const given = Object.fromEntries(
          words.slice(0, -2).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
        );
        expect(Object.keys(given).sort(), line).toEqual(['METRICS_PORT', 'MIGRATE_ON_START', 'PORT', 'ROLE']);
        const port = fixedPort ?? (await freePort());
        const metricsPort = await freePort();
        const child = spawn('npm', ['start'], {
          cwd: tree,
          env: releaseEnv({
            ...given,
            PORT: String(port),
            METRICS_PORT: String(metricsPort),
            SMTP_URL: `smtp://${name}:secret@127.0.0.1:${mailbox!.port}`,
          }),
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        let output = '';
        child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        const store = { name, port, metricsPort, child, output: () => output };
        processes.push(store);
        const deadline = Date.now() + 120_000;
        for (;;) {
          if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
          const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
            (r) => r.ok,
            () => false,
          );
          if (ready) return store;
          if (Date.now() > deadline) throw new Error(`${name} was not ready in 120 s:\n${output}`);
          await sleep(200);
        }
      }
      let webPorts: number[];

      async function metricsOf(store: StoreProcess) {
        const res = await fetch(`http://127.0.0.1:${store.metricsPort}/metrics`);
        expect(res.status, store.name).toBe(200);
        const text = await res.text();
        const counts = new Map<string, number>();
        for (const m of text.matchAll(
          /^http_request_duration_seconds_count\{method="(\w+)",route="([^"]*)",status_class="(\w+)"\} (\d+)$/gm,
        )) {
          const key = `${m[1]} ${m[2]} ${m[3]}`;
          counts.set(key, (counts.get(key) ?? 0) + Number(m[4]));
        }
        return { text, counts };
      }

      /** A shopper's account, made and signed in through nginx. */
      async function shopper(name: string) {
        const email = `${name}@example.test`;
        const password = 'amber harbour violin 4812';
        const registered = await call(nginx!.url, 'POST', '/api/register/', {
          email,
          username: name,
          firstName: 'Ada',
          lastName: 'Reader',
          password,
          password2: password,
        });
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        const signedIn = await call(nginx!.url, 'POST', '/api/login/', { emailOrUsername: email, password });
        expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
        return { id: registered.body.id as number, email, token: signedIn.body.access as string };
      }

      beforeAll(async () => {
        const started = Date.now();
        // README's commands, which this test runs: the steps up to the migration in this order, then the processes.
        const commands = readmeProductionCommands();
        expect(commands.slice(0, 5)).toEqual([
          'npm ci && npm run release',
          'tar -xzf bookstore-<version>.tar.gz && cd bookstore-<version>',
          'npm ci --omit=dev',
          'cp .env.example .env',
          'npm run migrate',
        ]);
        const processLines = commands.slice(5);
        const webLines = processLines.filter((l) => l.includes(' ROLE=web '));
        const workerLines = processLines.filter((l) => l.includes(' ROLE=worker '));
        expect(webLines).toHaveLength(2);
        expect(workerLines).toHaveLength(1);
        expect(processLines).toHaveLength(3);

        await admin(`create database "${databaseName}"`);
        databaseMade = true;
        mailbox = await startMailbox();
        webPorts = [await freePort(), await freePort()];
        // nginx first (its address is the store's PUBLIC_URL): the shipped site, serving the release's storefront build.
        const webDist = path.join(tree, 'apps', 'web', 'dist');
        const asset = readdirSync(path.join(webDist, 'assets')).find((f) => f.endsWith('.js'));
        nginx = await startNginx({
          upstreams: [webPorts[0]!, webPorts[1]!],
          webDist,
          readyPath: `/assets/${asset}`,
        });

        // cp .env.example .env, then the settings README names.
        const settings: Record<string, string> = {
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PUBLIC_URL: nginx.url,
          JWT_SECRET: `smoke-test-secret-${id}-smoke-test-secret`,
          DATABASE_URL: databaseUrl,
          ...(redisUp ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix } : {}),
          TRUST_PROXY: 'true',
          DATA_DIR: path.join(work, 'production-data'),
          // The demo catalogue, loaded by the worker: the books the shoppers buy.
          SEED_DEMO: 'true',
        };
        let env = readFileSync(path.join(tree, '.env.example'), 'utf8');
        for (const [key, value] of Object.entries(settings)) {
          const line = new RegExp(`^(# )?${key}=.*$`, 'm');
          env = line.test(env) ? env.replace(line, `${key}=${value}`) : `${env}\n${key}=${value}\n`;
        }
        writeFileSync(path.join(tree, '.env'), env);
        if (!redisUp) console.log('Redis does not answer at 127.0.0.1:6379: the store runs without REDIS_URL.');

        let step = Date.now();
        expect(run(tree, 'npm', ['run', 'migrate'], releaseEnv({}))).toContain('migrate: applied');
        timings.push(`npm run migrate ${took(step)}`);
        step = Date.now();
        worker = await startProcess('worker', workerLines[0]!);
        timings.push(`the worker ready (the demo loaded) ${took(step)}`);
        step = Date.now();
        webs = await Promise.all(webLines.map((line, i) => startProcess(`web-${i + 1}`, line, webPorts[i])));
        timings.push(`two web processes ready ${took(step)}`);
        timings.push(`set-up ${took(started)}`);
      }, 300_000);

      afterAll(async () => {
        const started = Date.now();
        for (const store of processes) await kill9(store).catch(() => {});
        await nginx?.stop();
        await mailbox?.close();
        if (databaseMade) await admin(`drop database if exists "${databaseName}" with (force)`);
        if (redisUp) {
          const redis = new Redis(redisUrl);
          let cursor = '0';
          do {
            const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
            if (keys.length > 0) await redis.del(...keys);
            cursor = next;
          } while (cursor !== '0');
          redis.disconnect();
        }
        if (tree) rmSync(path.join(tree, '.env'), { force: true });
        timings.push(`clean-up ${took(started)}`);
        console.log(`The production smoke test: ${timings.join(', ')}`);
      }, 60_000);

      it('gives every process the allocator arenas and the heap ceiling npm start gives', async () => {
        const { SERVER_PROCESS_ENV, SERVER_NODE_OPTIONS } = (await import(
          pathToFileURL(path.join(tree, 'scripts', 'server-process.mjs')).href
        )) as { SERVER_PROCESS_ENV: Record<string, string>; SERVER_NODE_OPTIONS: readonly string[] };
        for (const store of processes) {
          const environ = readFileSync(`/proc/${serverPid(store.child.pid!)}/environ`, 'utf8').split('\0');
          for (const [key, value] of Object.entries(SERVER_PROCESS_ENV))
            expect(environ, store.name).toContain(`${key}=${value}`);
          const options = environ.find((v) => v.startsWith('NODE_OPTIONS='));
          expect(options, store.name).toBe(`NODE_OPTIONS=${SERVER_NODE_OPTIONS.join(' ')}`);
          expect(environ, store.name).toContain(`ROLE=${store.name === 'worker' ? 'worker' : 'web'}`);
        }
      });

      const shopperRoutes = [
        'POST /api/register/',
        'POST /api/login/',
        'GET /api/books/',
        'GET /api/books/lookup/',
        'POST /api/orders/',
        'POST /api/payments/initialize/',
        'POST /api/payments/sandbox/charge/',
        'POST /api/verify-payment/',
        'GET /api/orders/:id/',
      ];

      it(
        'takes a shopper through nginx from the storefront to a paid order, and the worker sends the confirmation',
        { timeout: 120_000 },
        async () => {
          const started = Date.now();
          const base = nginx!.url;
          const home = await fetch(`${base}/`);
          expect(home.status).toBe(200);
          expect(await home.text()).toContain('<div id="root">');
          const asset = readdirSync(path.join(tree, 'apps', 'web', 'dist', 'assets')).find((f) => f.endsWith('.js'));
          const script = await fetch(`${base}/assets/${asset}`);
          expect(script.status).toBe(200);
          expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

          const { email, token } = await shopper(`s${id}`);
          const list = await call(base, 'GET', '/api/books/?page_size=100');
          expect(list.status).toBe(200);
          const book = (list.body.data as { id: number; price: string; in_stock: boolean; title: string }[]).find(
            (b) => b.in_stock,
          );
          expect(book, 'a book in stock').toBeDefined();
          // Into the cart: the cart is the browser's; it checks its lines with the shop as a book goes in.
          const lines = await call(base, 'GET', `/api/books/lookup/?ids=${book!.id}`);
          expect(lines.status).toBe(200);
          const [line] = lines.body as unknown as { id: number; price: string }[];
          expect(line).toMatchObject({ id: book!.id, price: book!.price });

          const order = await call(
            base,
            'POST',
            '/api/orders/',
            { total_price: line!.price, items: [{ book: line!.id, quantity: 1, price: line!.price }] },
            token,
          );
          expect(order.status, JSON.stringify(order.body)).toBe(201);
          const orderId = order.body.id as number;
          const init = await call(base, 'POST', '/api/payments/initialize/', { order_id: orderId }, token);
          expect(init.status, JSON.stringify(init.body)).toBe(200);
          expect(init.body.provider).toBe('sandbox');
          const reference = init.body.reference as string;
          const charged = await call(
            base,
            'POST',
            '/api/payments/sandbox/charge/',
            { reference, card_number: SANDBOX_CARDS.success, expiry: '12/39', cvv: '408' },
            token,
          );
          expect(charged.status, JSON.stringify(charged.body)).toBe(200);
          const verified = await call(base, 'POST', '/api/verify-payment/', { reference, order_id: orderId }, token);
          expect(verified.status, JSON.stringify(verified.body)).toBe(200);
          const paid = await call(base, 'GET', `/api/orders/${orderId}/`, undefined, token);
          expect(paid.body).toMatchObject({ id: orderId, payment_status: 'success' });

          const mail = await mailbox!
            .next((m) => m.to.includes(email) && m.subject.includes(`order #${orderId} is confirmed`), 60_000)
            .catch((err: Error) => {
              throw new Error(`${err.message}\n${logs()}`);
            });
          expect(mail.subject).toBe(`Your Bookstore order #${orderId} is confirmed`);
          // Sent by the worker, and nothing by a web process.
          expect(mail.user).toBe('worker');
          expect(mailbox!.received.map((m) => m.user)).toEqual(mailbox!.received.map(() => 'worker'));
          timings.push(`the shopper ${took(started)}`);
        },
      );

      it("counts the shopper's requests on the web processes' /metrics, and the worker's /metrics answers", async () => {
        const seen = new Set<string>();
        for (const web of webs) {
          const { counts } = await metricsOf(web);
          const answered = [...counts].filter(([key]) => key.includes(' /api/'));
          // nginx spreads the requests over both.
          expect(answered.length, web.name).toBeGreaterThan(0);
          for (const [key] of answered) seen.add(key.replace(/ \dxx$/, ''));
        }
        for (const route of shopperRoutes) expect([...seen], route).toContain(route);
        const workers = await metricsOf(worker);
        expect(workers.text).toMatch(/^mail_sent_total [1-9]/m);
        expect([...workers.counts.keys()].filter((key) => key.includes('/api/'))).toEqual([]);
      });

      it(
        'keeps answering through nginx when a web process is killed -9 mid-traffic, and keeps every write it acknowledged',
        { timeout: 120_000 },
        async () => {
          const started = Date.now();
          const base = nginx!.url;
          const CLIENTS = 3;
          const buyers = [];
          for (let i = 0; i < CLIENTS; i++) buyers.push(await shopper(`r${i}${id}`));
          const list = await call(base, 'GET', '/api/books/?page_size=100');
          const bookIds = (list.body.data as { id: number }[]).map((b) => b.id);
          expect(bookIds.length).toBeGreaterThanOrEqual(40);

          interface Sent {
            method: string;
            status: number;
            start: number;
            end: number;
            user?: number;
            book?: number;
          }
          const sent: Sent[] = [];
          const send = async (
            method: string,
            url: string,
            token: string,
            pair?: { user: number; book: number },
          ): Promise<Reply> => {
            const start = performance.now();
            const reply = await call(base, method, url, method === 'POST' ? {} : undefined, token);
            sent.push({ method, status: reply.status, start, end: performance.now(), ...pair });
            return reply;
          };
          // Each client: a book's page, then the book onto its wishlist (a write), book after book.
          const clients = buyers.map(async (buyer) => {
            for (const book of bookIds) {
              await send('GET', `/api/books/book/${book}/`, buyer.token);
              await send('POST', `/api/wishlist/add/${book}/`, buyer.token, { user: buyer.id, book });
            }
          });

          const acknowledged = () => sent.filter((r) => r.method === 'POST' && r.status >= 200 && r.status < 300);
          await sleep(0);
          const deadline = Date.now() + 60_000;
          while (acknowledged().length < 20) {
            if (Date.now() > deadline) throw new Error(`No traffic: ${JSON.stringify(sent.slice(-5))}\n${logs()}`);
            await sleep(10);
          }
          // The process to kill answers its share of the traffic.
          const victim = webs[0]!;
          const before = await metricsOf(victim);
          expect(
            before.counts.get('POST /api/wishlist/add/:id/ 2xx') ?? 0,
            'the killed process served writes',
          ).toBeGreaterThan(0);
          const killStart = performance.now();
          await kill9(victim);
          await waitUntilRefused(victim.port);
          const killDone = performance.now();
          await Promise.all(clients);

          const afterKill = sent.filter((r) => r.start > killDone);
          expect(afterKill.length, 'requests after the kill').toBeGreaterThan(20);
          // nginx answered every request: reads (which it tries again on the other process) all 200.
          expect(sent.filter((r) => r.status === 0)).toEqual([]);
          expect(sent.filter((r) => r.method === 'GET' && r.status !== 200)).toEqual([]);
          // nginx never sends a POST twice (the site has no `non_idempotent`): one it had passed to the
          // killed process when it died is a 502 to its client, who may send it again. The first such
          // error takes that process out of rotation (max_fails=1), so at most one per client, and no
          // other write failed.
          const failed = sent.filter((r) => r.method === 'POST' && (r.status < 200 || r.status >= 300));
          for (const r of failed) {
            expect(r.status).toBe(502);
            expect(r.start).toBeLessThan(killDone);
            expect(r.end).toBeGreaterThan(killStart);
          }
          expect(failed.length).toBeLessThanOrEqual(CLIENTS);

          // Every write acknowledged with a 2xx is in the database.
          const kept = acknowledged();
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          try {
            const { rows } = await client.query<{ user_id: number; book_id: number }>(
              'SELECT user_id, book_id FROM wishlist_items WHERE user_id = ANY($1)',
              [buyers.map((b) => b.id)],
            );
            const stored = new Set(rows.map((r) => `${r.user_id}:${r.book_id}`));
            expect(kept.filter((r) => !stored.has(`${r.user}:${r.book}`))).toEqual([]);
            // For the record: a 502 write is kept when the process had committed it before it died.
            const committed = failed.filter((r) => stored.has(`${r.user}:${r.book}`)).length;
            timings.push(
              `the kill -9 under traffic ${took(started)} (${sent.length} requests, ${afterKill.length} after the kill; ` +
                `${failed.length} write(s) in flight answered 502, ${committed} of them committed before the kill)`,
            );
          } finally {
            await client.end();
          }
        },
      );

      async function waitUntilRefused(port: number) {
        const deadline = Date.now() + 10_000;
        while (
          await fetch(`http://127.0.0.1:${port}/healthz`).then(
            () => true,
            () => false,
          )
        ) {
          if (Date.now() > deadline) throw new Error(`Port ${port} still answers after kill -9`);
          await sleep(20);
        }
      }
    },
  );
});
