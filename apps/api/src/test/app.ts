import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import { type DatabaseHandle, migrationsFolder, openDatabase } from '../db/client.js';
import { testDatabasePrefix } from './test-run.js';

/** Test files build their app from here; no module imports app.ts. */
export { type App, buildApp };

/**
 * Test databases: a fresh in-memory PGlite per test file, or, when TEST_DATABASE_URL is set, a fresh
 * PostgreSQL database per test file cloned from a migrated template (fast, and isolated).
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const TEMPLATE_LOCK = 7_270_002;

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function urlFor(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One template per run of the suite (named by the parent process), migrated once. */
async function ensureTemplate(): Promise<string> {
  const name = `bookstore_tmpl_${process.env.BOOKSTORE_TEST_RUN ?? process.ppid}`;
  await withAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        await admin.query(`create database "${name}"`);
        const handle = await openDatabase({ databaseUrl: urlFor(name), poolSize: 1 });
        await handle.migrate();
        await handle.close();
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL only: where to open more pools on the same database (another "process"). */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A migrated PGlite data directory, dumped once per run and set of migrations (a run in watch mode may
 * see them change): starting from it skips PGlite's initdb, which is most of a fresh instance's
 * start-up time. The workers share it through the run's own folder (BOOKSTORE_TEST_RUN_DIR, which
 * ./test-run.ts makes and removes); without that folder each process makes its own.
 */
export function pgliteSnapshot(): Promise<Blob> {
  return (snapshot ??= sharedSnapshot());
}
let snapshot: Promise<Blob> | undefined;

async function sharedSnapshot(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder()).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(path.join(migrationsFolder(), file)));
  }
  hash.update(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json')));
  const runDir = process.env.BOOKSTORE_TEST_RUN_DIR;
  const file = runDir && path.join(runDir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (file && existsSync(file)) return new Blob([readFileSync(file)]);
  const handle = await openDatabase({});
  await handle.migrate();
  const blob = await handle.snapshot!();
  await handle.close();
  if (file) {
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
  }
  return blob;
}

export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (!onPostgres) {
    const handle = await openDatabase({ pgliteSnapshot: await pgliteSnapshot() });
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const template = await ensureTemplate();
  // Named after the run, whose end drops every database it made, one whose test never closed it too (./test-run.ts).
  const name = `${testDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      await admin.query(`create database "${name}" template "${template}"`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  const url = urlFor(name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: options.poolSize ?? 5 });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

export interface TestApp {
  app: App;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database and a private data directory. */
/** What a test may change of the configuration; `mail` is merged, so a test sets only `smtpUrl`. */
export type ConfigOverrides = Partial<Omit<Config, 'mail'>> & { mail?: Partial<Config['mail']> };

export async function createTestApp(overrides: ConfigOverrides = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-test-'));
  const { mail, ...rest } = overrides;
  const base = testConfig({
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    filesDir: path.join(dataDir, 'files'),
    ...rest,
  });
  const config: Config = { ...base, mail: { ...base.mail, dir: path.join(dataDir, 'mail'), ...mail } };
  const testDb = await createTestDatabase();
  const app = await buildApp({ config, database: testDb.handle, logger: false });
  await app.ready();
  return {
    app,
    config,
    database: testDb.handle,
    async close() {
      await app.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The usual shape of a test file: one app for the file, closed at the end. */
export function useTestApp(overrides: ConfigOverrides | (() => ConfigOverrides) = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof overrides === 'function' ? overrides() : overrides);
  }, 60_000);
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('The test app is not ready yet');
    return current;
  };
}

/**
 * A second server on the same PostgreSQL database as `first` (its own app and connection pool), for
 * tests of what two server processes do at once.
 */
export async function createSecondServer(first: TestApp, poolSize = 10): Promise<{ app: App; close(): Promise<void> }> {
  const client = (first.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  const database = await openDatabase({ databaseUrl: client.options.connectionString, poolSize });
  const app = await buildApp({ config: first.config, database, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
