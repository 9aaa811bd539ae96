import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from './config.js';
import { freePort } from './faults/support.js';

/**
 * `npm start` runs the store in a process of its own (scripts/server-process.mjs), started with the
 * allocator's settings and a ceiling for its heap: stopping `npm start` stops the store, with every line of its log written.
 */
describe('the store started as npm start starts it', () => {
  const root = path.join(apiRoot(), '..', '..');
  let dataDir: string;
  let launcher: ChildProcess;
  let output = '';
  let storeEnv: string[] | undefined;
  let exitCode: number | null;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-start-'));
    const port = await freePort();
    const runner = pathToFileURL(path.join(root, 'scripts', 'server-process.mjs')).href;
    const server = path.join(apiRoot(), 'src', 'server.ts');
    // What the launcher sets, unless the caller has set it.
    const { MALLOC_ARENA_MAX: _own, NODE_OPTIONS: _options, ...callerEnv } = process.env;
    launcher = spawn(
      process.execPath,
      [
        '-e',
        `import(${JSON.stringify(runner)}).then((m) => m.runStoreProcess(['--import', 'tsx', ${JSON.stringify(server)}]))`,
      ],
      {
        cwd: root,
        env: {
          ...callerEnv,
          NODE_ENV: 'production',
          EMBEDDED_IN_PRODUCTION: 'true',
          LOG_LEVEL: 'info',
          SEED_DEMO: 'false',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          JWT_SECRET: 'start-process-secret-start-process-secret-01',
          TEST_DATABASE_URL: '',
          DATABASE_URL: '',
          REDIS_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    launcher.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    launcher.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (launcher.exitCode !== null) throw new Error(`npm start's launcher exited (${launcher.exitCode}):\n${output}`);
      if (
        await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`The store did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // The store's own process: the launcher's one child (Linux shows it under /proc).
    const children = `/proc/${launcher.pid}/task/${launcher.pid}/children`;
    if (existsSync(children)) {
      const [store] = readFileSync(children, 'utf8').trim().split(/\s+/);
      storeEnv = readFileSync(`/proc/${store}/environ`, 'utf8').split('\0');
    }
    for (let i = 0; i < 20; i++) await (await fetch(`${url}/api/books/?page=1`)).arrayBuffer();
    launcher.kill('SIGTERM');
    exitCode = await new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
  }, 120_000);

  afterAll(() => {
    if (launcher?.exitCode === null) launcher.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the store on SIGTERM and ends as it does, every request in the log', () => {
    expect(exitCode).toBe(0);
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; signal?: string; req?: { url?: string } });
    expect(lines.filter((l) => l.msg === 'incoming request' && l.req?.url === '/api/books/?page=1')).toHaveLength(20);
    expect(lines.at(-1)).toMatchObject({ msg: 'stopped', signal: 'SIGTERM' });
  });

  it.runIf(process.platform === 'linux')("gives the store the allocator's settings and its heap's ceiling", () => {
    expect(storeEnv).toContain('MALLOC_ARENA_MAX=2');
    // First, so a ceiling the caller puts in NODE_OPTIONS comes after it and wins.
    expect(storeEnv?.find((l) => l.startsWith('NODE_OPTIONS='))).toMatch(
      /^NODE_OPTIONS=--max-old-space-size=1024( |$)/,
    );
  });
});

describe("the store's heap ceiling", () => {
  const root = path.join(apiRoot(), '..', '..');

  /** The heap ceiling, in MB, of a Node process started with the launcher's environment over `env`. */
  async function ceilingMegabytes(env: Record<string, string | undefined>): Promise<number> {
    const runner = pathToFileURL(path.join(root, 'scripts', 'server-process.mjs')).href;
    const { serverProcessEnv } = (await import(runner)) as {
      serverProcessEnv(env: Record<string, string | undefined>): Record<string, string>;
    };
    const child = spawn(
      process.execPath,
      ['-e', 'console.log(require("node:v8").getHeapStatistics().heap_size_limit)'],
      { env: serverProcessEnv(env), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    await new Promise((resolve) => child.once('exit', resolve));
    return Number(out.trim()) / 1024 / 1024;
  }

  it('is about 1 GB, and a ceiling the caller sets in NODE_OPTIONS wins', async () => {
    const { NODE_OPTIONS: _options, ...env } = process.env;
    // The old generation's ceiling plus the young generation's few tens of megabytes.
    const ours = await ceilingMegabytes(env);
    expect(ours).toBeGreaterThanOrEqual(1024);
    expect(ours).toBeLessThan(1200);
    const theirs = await ceilingMegabytes({ ...env, NODE_OPTIONS: '--max-old-space-size=2048' });
    expect(theirs).toBeGreaterThanOrEqual(2048);
    expect(theirs).toBeLessThan(2300);
  });
});
