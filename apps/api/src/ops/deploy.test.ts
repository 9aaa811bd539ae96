import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The YAML parser @fastify/swagger already brings (a dependency of the API).
import { parse as parseYaml } from 'yaml';
import { apiRoot } from '../config.js';
import { type Nginx, nginxBinary, request, startNginx } from '../test/nginx.js';

/**
 * What deploy/ ships (systemd units, the nginx site, the image and the compose file) and the rule that
 * keeps upgrades safe: migrations only add, so the previous release keeps running on the migrated
 * schema while its processes are replaced (CONTRIBUTING.md, docs/operations.md).
 */
const repo = path.join(apiRoot(), '..', '..');
const deploy = path.join(repo, 'deploy');
const read = (...p: string[]) => readFileSync(path.join(repo, ...p), 'utf8');

/** A unit file's settings: section → key → every value given (systemd lets some keys repeat). */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1]!, current);
      continue;
    }
    const eq = line.indexOf('=');
    if (!current || eq < 0) throw new Error(`Not a unit line: ${line}`);
    const key = line.slice(0, eq).trim();
    current.set(key, [...(current.get(key) ?? []), line.slice(eq + 1).trim()]);
  }
  return sections;
}

function unit(name: string) {
  const sections = parseUnit(read('deploy', 'systemd', name));
  const all = (section: string, key: string) => sections.get(section)?.get(key) ?? [];
  const one = (section: string, key: string) => all(section, key).at(-1);
  const environment = new Map(
    all('Service', 'Environment').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  return { all, one, environment };
}

async function serverProcessSettings() {
  const url = pathToFileURL(path.join(repo, 'scripts', 'server-process.mjs')).href;
  return (await import(url)) as { SERVER_PROCESS_ENV: Record<string, string>; SERVER_NODE_OPTIONS: readonly string[] };
}

const storeUnits = ['bookstore-web@.service', 'bookstore-worker.service'];
const allUnits = [...storeUnits, 'bookstore-migrate.service'];

describe('the systemd units', () => {
  it('run the built server (apps/api/dist/server.js) as a web process per port and one worker, migrations first', () => {
    // The API's build writes src/server.ts to dist/server.js.
    expect(read('apps', 'api', 'build.mjs')).toMatch(/entryPoints: \[[^\]]*'src\/server\.ts'/);
    expect(read('apps', 'api', 'build.mjs')).toMatch(/outdir: 'dist'/);

    const web = unit('bookstore-web@.service');
    expect(web.environment.get('ROLE')).toBe('web');
    expect(web.environment.get('MIGRATE_ON_START')).toBe('false');
    expect(web.environment.get('PORT')).toBe('%i');
    const worker = unit('bookstore-worker.service');
    expect(worker.environment.get('ROLE')).toBe('worker');
    expect(worker.environment.get('MIGRATE_ON_START')).toBe('false');

    for (const name of storeUnits) {
      const u = unit(name);
      expect(u.one('Service', 'ExecStart'), name).toBe('/usr/bin/node apps/api/dist/server.js');
      expect(u.environment.get('NODE_ENV'), name).toBe('production');
      expect(u.one('Service', 'Restart'), name).toBe('on-failure');
      for (const key of ['Requires', 'After'])
        expect(u.all('Unit', key).join(' ').split(/\s+/), `${name} ${key}`).toContain('bookstore-migrate.service');
      expect(u.one('Install', 'WantedBy'), name).toBe('multi-user.target');
    }

    const migrate = unit('bookstore-migrate.service');
    expect(migrate.one('Service', 'Type')).toBe('oneshot');
    expect(migrate.one('Service', 'ExecStart')).toBe('/usr/bin/node apps/api/dist/migrate-cli.js');
    // It must not stay "active": each start of a web or worker unit runs it again (a no-op when up to date).
    expect(migrate.one('Service', 'RemainAfterExit') ?? 'no').toBe('no');
  });

  it('run the migration the build writes (apps/api/dist/migrate-cli.js, what npm run migrate runs from the sources), which needs no development dependency', () => {
    expect(read('apps/api/build.mjs')).toContain("'src/ops/migrate-cli.ts'");
    // npm run migrate runs the same file where tsx is absent, the source where it is (scripts/run-command.mjs).
    expect(JSON.parse(read('package.json')).scripts.migrate).toBe('node scripts/run-command.mjs migrate');
    expect(read('scripts/run-command.mjs')).toContain("source: 'src/ops/migrate-cli.ts', built: 'dist/migrate-cli.js'");
  });

  it('give the store the settings npm start gives it: the allocator arenas and the heap ceiling', async () => {
    const { SERVER_PROCESS_ENV, SERVER_NODE_OPTIONS } = await serverProcessSettings();
    for (const name of allUnits) {
      const u = unit(name);
      for (const [key, value] of Object.entries(SERVER_PROCESS_ENV)) expect(u.environment.get(key), name).toBe(value);
      expect(u.environment.get('NODE_OPTIONS'), name).toBe(SERVER_NODE_OPTIONS.join(' '));
    }
  });

  it('run as the bookstore user in /opt/bookstore, writing only under the data folder', () => {
    for (const name of allUnits) {
      const u = unit(name);
      expect(u.one('Service', 'User'), name).toBe('bookstore');
      expect(u.one('Service', 'WorkingDirectory'), name).toBe('/opt/bookstore');
      expect(u.one('Service', 'EnvironmentFile'), name).toBe('/etc/bookstore/bookstore.env');
      expect(u.one('Service', 'NoNewPrivileges'), name).toBe('yes');
      expect(u.one('Service', 'ProtectSystem'), name).toBe('strict');
      expect(u.one('Service', 'PrivateTmp'), name).toBe('yes');
      expect(u.one('Service', 'ProtectHome'), name).toBe('yes');
      expect(u.one('Service', 'CapabilityBoundingSet'), name).toBe('');
      const dataDir = u.environment.get('DATA_DIR');
      expect(dataDir, name).toBe('/var/lib/bookstore');
      expect(u.all('Service', 'ReadWritePaths').join(' ').split(/\s+/), name).toContain(dataDir);
      // V8 writes the machine code it compiles: this setting would stop the store at its first function.
      expect(u.one('Service', 'MemoryDenyWriteExecute'), name).toBeUndefined();
    }
  });

  const systemdAnalyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => existsSync(p));
  describe.skipIf(!systemdAnalyze)('checked by systemd-analyze verify (needs systemd-analyze)', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'bookstore-units-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /**
     * verify checks each setting's syntax, that every unit named in Requires= exists and that each
     * command is an executable file. The units' node and npm are Debian's; here they are this machine's.
     */
    function verify(units: Record<string, string>) {
      const npm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim() || '/usr/bin/npm';
      for (const [name, text] of Object.entries(units)) {
        const local = text.replaceAll('/usr/bin/node ', `${process.execPath} `).replaceAll('/usr/bin/npm ', `${npm} `);
        writeFileSync(path.join(dir, name), local);
      }
      const result = spawnSync(
        systemdAnalyze!,
        [
          'verify',
          '--man=no',
          './bookstore-web@3001.service',
          './bookstore-worker.service',
          './bookstore-migrate.service',
        ],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, SYSTEMD_LOG_COLOR: '0' } },
      );
      return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
    }
    const shipped = () => Object.fromEntries(allUnits.map((name) => [name, read('deploy', 'systemd', name)]));

    it('finds nothing to say about the units', () => {
      expect(verify(shipped())).toEqual({ status: 0, output: '' });
    });

    it('would say so about a unit with a mistake (so the check above means something)', () => {
      const units = shipped();
      units['bookstore-web@.service'] = units['bookstore-web@.service']!.replace(
        'Restart=on-failure',
        'Restart=sometimes',
      );
      expect(verify(units).output).toMatch(/Failed to parse service restart specifier/);
      // A web unit whose migration unit is missing.
      rmSync(path.join(dir, 'bookstore-migrate.service'));
      const result = spawnSync(systemdAnalyze!, ['verify', '--man=no', './bookstore-web@3001.service'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(result.status).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toMatch(/bookstore-migrate\.service not found/);
    });
  });
});

/** A stand-in for a web process: says who it is and what it received; /busy is a 503 from "a". */
const UPSTREAM = `
const http = require('node:http');
const name = process.argv[1];
const server = http.createServer((req, res) => {
  let bytes = 0;
  req.on('data', (c) => (bytes += c.length));
  req.on('end', () => {
    const busy = req.url === '/busy' && name === 'a';
    res.writeHead(busy ? 503 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name, method: req.method, url: req.url, bytes, headers: req.headers }));
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

describe.skipIf(!nginxBinary)(
  "the nginx site in front of two web processes (needs Debian's nginx: apt-get install nginx, or NGINX_PATH)",
  () => {
    let web: string;
    let nginx: Nginx;
    let port: number;
    const upstreams: Record<string, { child: ChildProcess; port: number }> = {};
    const asJson = (body: Buffer) =>
      JSON.parse(body.toString('utf8')) as {
        name: string;
        method: string;
        url: string;
        bytes: number;
        headers: Record<string, string>;
      };

    async function startUpstream(name: string) {
      const child = spawn(process.execPath, ['-e', UPSTREAM, name], { stdio: ['ignore', 'pipe', 'inherit'] });
      const upstreamPort = await new Promise<number>((resolve, reject) => {
        child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString('utf8').trim())));
        child.once('exit', (code) => reject(new Error(`upstream ${name} exited (${code})`)));
      });
      upstreams[name] = { child, port: upstreamPort };
    }

    beforeAll(async () => {
      web = mkdtempSync(path.join(tmpdir(), 'bookstore-nginx-web-'));
      mkdirSync(path.join(web, 'assets'), { recursive: true });
      writeFileSync(path.join(web, 'assets', 'x.js'), 'console.log("x");\n');
      writeFileSync(path.join(web, 'assets', 'x.js.gz'), gzipSync('console.log("x");\n'));
      await startUpstream('a');
      await startUpstream('b');
      // A process that failed comes back into rotation after 1 s instead of 10, so the test need not wait.
      nginx = await startNginx({
        upstreams: [upstreams.a!.port, upstreams.b!.port],
        webDist: web,
        failTimeout: '1s',
        readyPath: '/assets/x.js',
      });
      port = nginx.port;
    }, 60_000);

    afterAll(async () => {
      await nginx?.stop();
      const children = Object.values(upstreams).map((u) => u.child);
      await Promise.all(
        children.map(
          (child) =>
            child.exitCode === null &&
            child.signalCode === null &&
            new Promise((resolve) => {
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
        ),
      );
      rmSync(web, { recursive: true, force: true });
    });

    it('serves /assets/ from the storefront build with a year of caching, without asking the store', async () => {
      const answer = await request(port, '/assets/x.js');
      expect(answer.status).toBe(200);
      expect(answer.body.toString('utf8')).toBe('console.log("x");\n');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toBe('application/javascript');
      // The build's .gz beside the file, as it is.
      const gzipped = await request(port, '/assets/x.js', { headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      // A file that is not there is a 404 nobody keeps.
      const missing = await request(port, '/assets/missing.js');
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBeUndefined();
      expect(readFileSync(path.join(nginx.dir, 'access.log'), 'utf8')).not.toContain('/assets/');
    });

    it('passes everything else to the web processes, in turn, saying who asked and how', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const answer = await request(port, `/books?page=${i}`, {
          headers: { host: 'books.example.com', 'x-forwarded-for': '203.0.113.9' },
        });
        expect(answer.status).toBe(200);
        const received = asJson(answer.body);
        seen.add(received.name);
        expect(received.url).toBe(`/books?page=${i}`);
        expect(received.headers.host).toBe('books.example.com');
        expect(received.headers['x-forwarded-host']).toBe('books.example.com');
        expect(received.headers['x-forwarded-proto']).toBe('http');
        // What the client claimed is replaced by its own address: nobody picks the address limits count.
        expect(received.headers['x-forwarded-for']).toBe('127.0.0.1');
      }
      expect([...seen].sort()).toEqual(['a', 'b']);
    });

    it("takes uploads up to the store's limits: 6 MB in general, 51 MB for eBook files", async () => {
      const sevenMb = Buffer.alloc(7 * 1024 * 1024, 1);
      const picture = await request(port, '/api/books', { method: 'POST', body: sevenMb });
      expect(picture.status).toBe(413);
      const ebook = await request(port, '/api/admin/editions/42/ebook-file', { method: 'PUT', body: sevenMb });
      expect(ebook.status).toBe(200);
      expect(asJson(ebook.body)).toMatchObject({ method: 'PUT', bytes: sevenMb.length });
    });

    it('tries the other process when one answers 503, for requests that may be repeated only', async () => {
      for (let i = 0; i < 4; i++) {
        const answer = await request(port, '/busy');
        expect(answer.status).toBe(200);
        expect(asJson(answer.body).name).toBe('b');
      }
      // A POST that reached "a" is not sent again: its 503 comes back (once "a" is back in rotation).
      const deadline = Date.now() + 20_000;
      for (;;) {
        const answer = await request(port, '/busy', { method: 'POST' });
        if (answer.status === 503) {
          expect(asJson(answer.body)).toMatchObject({ name: 'a', method: 'POST' });
          break;
        }
        expect(asJson(answer.body).name).toBe('b');
        if (Date.now() > deadline) throw new Error('No POST reached process a');
        await new Promise((r) => setTimeout(r, 100));
      }
    });

    it('keeps answering through the other process when one dies', async () => {
      // Both in rotation first.
      const deadline = Date.now() + 20_000;
      while (asJson((await request(port, '/')).body).name !== 'a') {
        if (Date.now() > deadline) throw new Error('Process a did not come back into rotation');
        await new Promise((r) => setTimeout(r, 100));
      }
      const a = upstreams.a!.child;
      await new Promise((resolve) => {
        a.once('exit', resolve);
        a.kill('SIGKILL');
      });
      for (let i = 0; i < 6; i++) {
        const answer = await request(port, `/books/${i}`);
        expect(answer.status).toBe(200);
        expect(asJson(answer.body).name).toBe('b');
      }
    });
  },
);

/**
 * Migrations only add (CONTRIBUTING.md, "Migrations"): a release's processes are replaced one by one
 * after its migrations ran, so the previous release's code keeps running on the new schema for a while.
 * A statement that takes away what it may read (a table, a column, a name) is refused here, unless a
 * decision record says why that migration may (the allow-list below, each naming its record).
 */
const ALLOWED: Record<string, { record: string; why: string }> = {
  '0018_exact_facet_counts.sql': {
    record: 'docs/decisions/0027-exact-facet-counts.md',
    why:
      'book_facet_counts is derived from books and written only by triggers the same migration replaces: ' +
      'it is emptied, given a primary key with the editions before each row, and filled again',
  },
};

/** The statements of a migration that take something away: DROP of a table, column, … and any RENAME. */
function takingAway(sql: string): string[] {
  const text = sql.replace(/--[^\n]*/g, ' ');
  const statements = text
    .split(/;/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const recreated = (kind: string, name: string) =>
    new RegExp(`\\bCREATE (OR REPLACE )?${kind} "?${name}"?\\b`, 'i').test(text);
  const found: string[] = [];
  for (const statement of statements) {
    if (/\bRENAME\b/i.test(statement)) {
      found.push(statement);
      continue;
    }
    // Dropping an index changes how fast, not what; DROP NOT NULL and DROP DEFAULT loosen a column.
    const drop =
      /\bDROP (TABLE|COLUMN|VIEW|MATERIALIZED VIEW|TYPE|SCHEMA|SEQUENCE|CONSTRAINT|FUNCTION|TRIGGER)\b( IF EXISTS)? "?([\w.]+)"?/i.exec(
        statement,
      );
    if (!drop) continue;
    // Dropped and created again under the same name in the same migration: a replacement.
    const kind = drop[1]!.toUpperCase();
    if ((kind === 'TRIGGER' || kind === 'FUNCTION') && recreated(kind, drop[3]!)) continue;
    found.push(statement);
  }
  return found;
}

describe('migrations only add', () => {
  const folder = path.join(apiRoot(), 'drizzle');
  const migrations = readdirSync(folder).filter((f) => f.endsWith('.sql'));

  it('finds the statements that take something away, and passes those that do not', () => {
    expect(takingAway('DROP TABLE "wishlist_items";')).toHaveLength(1);
    expect(takingAway('ALTER TABLE "books" DROP COLUMN "isbn";--> statement-breakpoint')).toHaveLength(1);
    expect(takingAway('ALTER TABLE "books" RENAME COLUMN "title" TO "name";')).toHaveLength(1);
    expect(takingAway('ALTER TABLE "books" RENAME TO "titles";')).toHaveLength(1);
    expect(takingAway('ALTER TABLE "orders" DROP CONSTRAINT "orders_user_fk";')).toHaveLength(1);
    expect(takingAway('DROP TRIGGER IF EXISTS t ON books;')).toHaveLength(1);
    expect(takingAway('DROP INDEX "books_rating_idx";')).toEqual([]);
    expect(takingAway('ALTER TABLE "books" ALTER COLUMN "stock_amount" DROP NOT NULL;')).toEqual([]);
    expect(takingAway('DROP TRIGGER IF EXISTS t ON books;\nCREATE TRIGGER t AFTER INSERT ON books')).toEqual([]);
    expect(takingAway('-- we never DROP TABLE here\nCREATE TABLE x (id int);')).toEqual([]);
  });

  it.each(migrations)('%s adds, or a decision record says why it may take away', (file) => {
    const found = takingAway(readFileSync(path.join(folder, file), 'utf8'));
    if (found.length === 0) return;
    const allowed = ALLOWED[file];
    expect(
      allowed,
      `${file} takes something away:\n  ${found.join('\n  ')}\n` +
        'Migrations must be additive, or expand then contract over two releases (CONTRIBUTING.md). ' +
        'If this one really must, write a decision record and add the migration to ALLOWED in this file.',
    ).toBeDefined();
  });

  it('allows only migrations that need it, each with a decision record that names it', () => {
    for (const [file, { record }] of Object.entries(ALLOWED)) {
      expect(migrations, file).toContain(file);
      expect(
        takingAway(readFileSync(path.join(folder, file), 'utf8')),
        `${file} no longer needs its place`,
      ).not.toEqual([]);
      expect(existsSync(path.join(repo, record)), record).toBe(true);
      expect(read(record), `${record} names migration ${file.slice(0, 4)}`).toContain(file.slice(0, 4));
    }
  });
});

describe('the image and the compose file', () => {
  const dockerfile = read('deploy', 'Dockerfile');

  it('builds in one stage and runs the built store, as a user who is not root, in another', () => {
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    const [build, runtime] = stages as [string, string];
    expect(build).toMatch(/^RUN npm ci\b/m);
    expect(build).toMatch(/^RUN npm run build$/m);
    expect(runtime).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(runtime).toContain('COPY --from=build /app/apps/api/dist apps/api/dist');
    expect(runtime).toContain('COPY --from=build /app/apps/web/dist apps/web/dist');
    expect(runtime).toMatch(/^USER bookstore$/m);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
    expect(runtime).toMatch(/^CMD \["node", "apps\/api\/dist\/server\.js"\]$/m);
    // No curl in a slim image: Node asks /healthz itself.
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*CMD \["node", "-e", ".*fetch\(.*\/healthz/m);
  });

  it('gives the store the settings npm start gives it', async () => {
    const { SERVER_PROCESS_ENV, SERVER_NODE_OPTIONS } = await serverProcessSettings();
    const env = new Map(
      [...dockerfile.matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
        m[1]!.split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      ),
    );
    for (const [key, value] of Object.entries(SERVER_PROCESS_ENV)) expect(env.get(key)).toBe(value);
    expect(env.get('NODE_OPTIONS')).toBe(SERVER_NODE_OPTIONS.join(' '));
  });

  it('runs PostgreSQL, Redis, the migrations once, two web processes, one worker and nginx', () => {
    const compose = parseYaml(read('deploy', 'compose.yaml'), { merge: true }) as {
      services: Record<
        string,
        {
          image?: string;
          build?: { context: string; dockerfile: string };
          command?: string[];
          environment?: Record<string, string>;
          depends_on?: Record<string, { condition: string }>;
          volumes?: string[];
          ports?: string[];
        }
      >;
    };
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(
      ['assets', 'migrate', 'nginx', 'postgres', 'redis', 'web-1', 'web-2', 'worker'].sort(),
    );
    const build = services.migrate!.build!;
    expect(path.resolve(deploy, build.context, build.dockerfile)).toBe(path.join(deploy, 'Dockerfile'));
    expect(services.migrate!.command).toEqual(['node', 'apps/api/dist/migrate-cli.js']);
    const store = ['web-1', 'web-2', 'worker'];
    for (const name of store) {
      const service = services[name]!;
      expect(service.image, name).toBe(services.migrate!.image);
      expect(service.environment?.ROLE, name).toBe(name === 'worker' ? 'worker' : 'web');
      expect(service.environment?.MIGRATE_ON_START, name).toBe('false');
      expect(service.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(service.environment?.REDIS_URL, name).toBe('redis://redis:6379');
      expect(service.environment?.TRUST_PROXY, name).toBe('true');
      expect(service.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
    }
    const nginx = services.nginx!;
    expect(nginx.volumes).toContain('./nginx/bookstore.conf:/bookstore.conf:ro');
    expect(existsSync(path.join(deploy, 'nginx', 'bookstore.conf'))).toBe(true);
    // The site's upstream addresses become the web containers'.
    const script = nginx.command!.join(' ');
    for (const [from, to] of [
      ['127\\.0\\.0\\.1:3001', 'web-1:3000'],
      ['127\\.0\\.0\\.1:3002', 'web-2:3000'],
    ])
      expect(script).toContain(`s/${from}/${to}/`);
    expect(read('deploy', 'nginx', 'bookstore.conf')).toContain('127.0.0.1:3001');
    expect(read('deploy', 'nginx', 'bookstore.conf')).toContain('127.0.0.1:3002');
    for (const name of ['web-1', 'web-2']) expect(nginx.depends_on?.[name]?.condition).toBe('service_healthy');
  });
});
