import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../config.js';
import { freePort } from '../faults/support.js';

/**
 * Slow (a build, a release archive and `npm ci --omit=dev` from the registry, some minutes on a busy
 * machine): `npm run release` makes an archive that, unpacked and installed with runtime dependencies
 * only, runs the operator's commands and `npm start` with no build tool and without building anything.
 *
 * Everything happens in a temporary folder: a copy of the repository's files (its node_modules linked)
 * that is built and released there, and the unpacked release, installed from the registry with npm's
 * own cache.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a release installed with runtime dependencies only (slow)',
  () => {
    const repo = path.join(apiRoot(), '..', '..');
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
    let store: ChildProcess | undefined;

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

    const commandEnv = () =>
      releaseEnv({
        NODE_ENV: 'development',
        DATA_DIR: path.join(work, 'data'),
        JWT_SECRET: 'release-test-secret-release-test-secret-01',
      });

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
      run(source, 'npm', ['--silent', 'run', 'release'], releaseEnv({}), 300_000);
      const [archive] = readdirSync(path.join(source, 'release')).filter((f) => /^bookstore-.+\.tar\.gz$/.test(f));
      expect(archive).toBeDefined();
      const unpacked = path.join(work, 'unpacked');
      mkdirSync(unpacked);
      run(unpacked, 'tar', ['-xzf', path.join(source, 'release', archive!)], process.env);
      tree = path.join(unpacked, archive!.replace(/\.tar\.gz$/, ''));
      const started = Date.now();
      run(
        tree,
        'npm',
        ['ci', '--omit=dev', '--ignore-scripts=false', '--no-audit', '--no-fund'],
        releaseEnv({ NODE_ENV: 'production' }),
        600_000,
      );
      console.log(`npm ci --omit=dev of the release: ${Math.round((Date.now() - started) / 1000)} s`);
    }, 900_000);

    afterAll(async () => {
      // The store's whole process group (npm, scripts/start.mjs and the server), by its id.
      if (store?.pid && store.exitCode === null && store.signalCode === null) {
        const exited = new Promise((resolve) => store!.once('exit', resolve));
        process.kill(-store.pid, 'SIGKILL');
        await exited;
      }
      rmSync(work, { recursive: true, force: true });
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
      rmSync(path.join(tree, 'apps', 'web', 'dist'), { recursive: true, force: true });
      const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
        cwd: tree,
        env: releaseEnv({ DATA_DIR: path.join(work, 'store-data') }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('apps/web/dist/index.html missing');
      expect(result.stderr).toContain('npm run build');
      expect(result.stdout).not.toContain('Building');
    });
  },
);
