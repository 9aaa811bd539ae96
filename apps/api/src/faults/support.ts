import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll } from 'vitest';
import { apiRoot } from '../config.js';
import { type Database, type DatabaseHandle, type OpenOptions, openDatabase } from '../db/client.js';
import { rows } from '../db/rows.js';
import { insertBook } from '../test/factories.js';

/**
 * The fault suite's servers: real `server.ts` processes (through tsx), each on its own port, that a
 * test can kill -9 like a power cut. Output is kept for the failure message.
 */
export interface StoreProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

export interface StartOptions {
  /** Modules loaded before the server (`node --import`): test-only pieces such as faults/outbox-probe.ts. */
  imports?: string[];
  timeoutMs?: number;
}

export async function startStore(
  env: Record<string, string>,
  { imports = [], timeoutMs = 60_000 }: StartOptions = {},
): Promise<StoreProcess> {
  const port = await freePort();
  const root = apiRoot();
  const preload = ['tsx', ...imports].flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, [...preload, path.join(root, 'src', 'server.ts')], {
    cwd: path.join(root, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      EMBEDDED_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: 'fault-suite-secret-fault-suite-secret-0123',
      TEST_DATABASE_URL: '',
      // The stores of one fault-suite run share their Redis counts, and no other run's.
      REDIS_KEY_PREFIX: `bookstore-faults-${process.env.BOOKSTORE_TEST_RUN ?? process.pid}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The store exited at start (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The store did not become ready in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited(child), new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    },
  };
}

/**
 * The suite's start-and-kill helper: `start` runs a store and keeps it; after the file, every store
 * still running is killed -9 and `cleanup` runs (a data folder or database to drop).
 */
export function useStores(
  cleanup: () => unknown = () => {},
): (env: Record<string, string>, options?: StartOptions) => Promise<StoreProcess> {
  const running: StoreProcess[] = [];
  afterAll(async () => {
    for (const store of running) await store.kill9().catch(() => {});
    await cleanup();
  });
  return async (env, options) => {
    const store = await startStore(env, options);
    running.push(store);
    return store;
  };
}

/** One statement on the PostgreSQL of TEST_DATABASE_URL, over a connection of its own (creating and dropping databases). */
export async function admin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Where a database named `name` is, on the server of TEST_DATABASE_URL. */
export function postgresUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated database with the one book the suite buys, on sale with `stockAmount` copies. */
export async function openWithBook(
  options: OpenOptions,
  book: { title: string; slug: string; priceCents: number; stockAmount: number },
): Promise<{ database: DatabaseHandle; book: { id: number } }> {
  const database = await openDatabase(options);
  await database.migrate();
  return { database, book: await insertBook(database.db, { ...book, available: true }) };
}

/**
 * Where a book's copies are: on the shelf (`left`), held by orders that still hold them (`held`),
 * and of those, sold to paid, completed orders (`sold`). left + held is always the stock it started with.
 */
export async function copiesOf(db: Database, bookId: number): Promise<{ left: number; held: number; sold: number }> {
  const [count] = await rows<{ left: number; held: number; sold: number }>(
    db,
    sql`SELECT (SELECT stock_amount FROM books WHERE id = ${bookId}) AS "left",
               coalesce(sum(oi.quantity), 0)::int AS held,
               coalesce(sum(oi.quantity) FILTER (WHERE o.payment_status = 'success' AND o.status = 'completed'), 0)::int AS sold
        FROM order_items oi JOIN orders o ON o.id = oi.order_id
        WHERE oi.book_id = ${bookId} AND NOT o.stock_released`,
  );
  return count!;
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** A JSON call; a refused or reset connection (a killed server) is status 0. */
export async function call(base: string, method: string, url: string, body?: unknown, token?: string): Promise<Reply> {
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  } catch {
    return { status: 0, body: {} };
  }
}

/**
 * A TCP proxy on a free local port in front of `target` (PostgreSQL, Redis): `cut` drops every
 * connection and refuses new ones, as a server that went down; `restore` lets them through again.
 */
export interface Outage {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function proxyTo(target: { host: string; port: number }): Promise<Outage> {
  const sockets = new Set<Socket>();
  let port = 0;
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  };
  await listen();
  return { port, cut: stop, restore: listen, close: stop };
}

/** Waits until `condition` holds, checking every 50 ms; after `timeoutMs` fails with `what()` (a store's output). */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The two databases a kill -9 test runs on, each migrated and ready, under `work` (and, on PostgreSQL,
 * as the database `pgName`): the store's environment and how the test opens the same database.
 */
export function killTestDatabases(work: string, pgName: string) {
  return [
    {
      name: 'the embedded database',
      skip: false,
      async prepare(): Promise<{ env: Record<string, string>; open: OpenOptions }> {
        const dataDir = path.join(work, 'embedded');
        const open = { pgliteDir: path.join(dataDir, 'pglite') };
        const setup = await openDatabase(open);
        await setup.migrate();
        await setup.close();
        return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open };
      },
    },
    {
      name: 'PostgreSQL',
      skip: !process.env.TEST_DATABASE_URL,
      async prepare(): Promise<{ env: Record<string, string>; open: OpenOptions }> {
        await admin(`create database "${pgName}"`);
        const open = { databaseUrl: postgresUrl(pgName), poolSize: 1 };
        const setup = await openDatabase(open);
        await setup.migrate();
        await setup.close();
        return { env: { DATA_DIR: path.join(work, 'postgres'), DATABASE_URL: open.databaseUrl }, open };
      },
    },
  ];
}
