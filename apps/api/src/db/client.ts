import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { apiRoot } from '../config.js';
import { traceQueries, tracingOn } from '../lib/tracing.js';
import * as schema from './schema.js';

/** The database the app talks to: PGlite (embedded) or a PostgreSQL pool. Same schema, same queries. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction opened by `db.transaction`; it runs every query a Database runs. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: for a query that runs alone or inside the caller's transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** How many of the migrations in apps/api/drizzle the database has not had yet (all of them on an empty one). */
  pendingMigrations(): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball. */
  snapshot?: () => Promise<Blob>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own (outside the pool), reconnecting
   * after a drop. Resolves once the first attempt to listen has succeeded or failed.
   */
  listen?: (channel: string, events: ListenEvents) => Promise<Listener>;
  /** PostgreSQL only: the pool's connections now (PGlite has one, inside the process). */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface ListenEvents {
  message(payload: string): void;
  /** Listening (again): notifications sent while it was not may have been missed. */
  listening(): void;
  /** The connection was lost or could not be made; another attempt follows. */
  lost(err: unknown): void;
}

export interface Listener {
  close(): Promise<void>;
}

const MIGRATION_LOCK = 7_270_001;

export const migrationsFolder = () => path.join(apiRoot(), 'drizzle');

/**
 * The migrations not yet applied: those newer than the last one recorded in drizzle.__drizzle_migrations,
 * the rule drizzle's migrator itself applies them by.
 */
async function pendingMigrations(db: Database): Promise<number> {
  const files = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  // (db/rows.ts builds on this file, so the rows are read here as it reads them.)
  const first = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0];
  const table = await first<{ present: boolean }>(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!table?.present) return files.length;
  const last = await first<{ created_at: string | null }>(
    sql`SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations`,
  );
  const applied = last?.created_at == null ? -1 : Number(last.created_at);
  return files.filter((m) => m.folderMillis > applied).length;
}

export interface OpenOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means in memory. */
  pgliteDir?: string;
  poolSize?: number;
  /** A PGlite data directory dump to start from (tests start from a migrated copy: no initdb). */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.pgliteSnapshot);
}

async function openPglite(dir?: string, snapshot?: Blob): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent }, loadDataDir: snapshot });
  if (tracingOn()) {
    // A span per statement (lib/tracing.ts): the client's own and each transaction's.
    traceQueries(client, 'postgresql');
    const transaction = client.transaction.bind(client);
    client.transaction = (fn) => transaction((tx) => fn(traceQueries(tx, 'postgresql')));
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    snapshot: () => client.dumpDataDir('none'),
    // One connection: nothing else can race the migration.
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    pendingMigrations: () => pendingMigrations(db),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  // A database that does not answer fails a request within seconds (a 503, plugins/errors.ts) instead of
  // holding it until the operating system gives up on the connection.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one dropped while in use (a statement under way, a transaction, the outbox's poll): pg's client
  // fails its queries, so the request answers 503 (plugins/errors.ts), and then emits 'error', which the
  // pool listens for only while the client is idle. Unheard, that event ended the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  // A span per statement (lib/tracing.ts), on each connection the pool opens.
  if (tracingOn()) pool.on('connect', (client) => traceQueries(client, 'postgresql'));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(conn), { migrationsFolder: migrationsFolder() });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        conn.release();
      }
    },
    pendingMigrations: () => pendingMigrations(db),
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
    listen: (channel, events) => listenPostgres(url, channel, events),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

const RELISTEN_MS = [100, 500, 1_000, 2_000, 5_000];

async function listenPostgres(url: string, channel: string, events: ListenEvents): Promise<Listener> {
  let closed = false;
  let current: pg.Client | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const attempt = async () => {
    const client = new pg.Client({ connectionString: url });
    let dead = false;
    const lose = (err: unknown) => {
      if (dead) return;
      dead = true;
      if (current === client) current = undefined;
      client.end().catch(() => {});
      if (closed) return;
      events.lost(err);
      retry = setTimeout(() => void attempt(), RELISTEN_MS[Math.min(failures++, RELISTEN_MS.length - 1)]);
      retry.unref();
    };
    client.on('notification', (n) => {
      if (n.channel === channel) events.message(n.payload ?? '');
    });
    client.on('error', lose);
    client.on('end', () => lose(new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      lose(err);
      return;
    }
    if (closed) {
      dead = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    failures = 0;
    events.listening();
  };

  await attempt();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
