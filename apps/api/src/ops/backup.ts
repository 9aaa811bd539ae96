import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

/**
 * Backups: one archive holds the database, through the engine's own dump (PGlite's data
 * directory dump, or `pg_dump` for PostgreSQL), the media folder and the eBook files. Restore brings a fresh data folder
 * or an empty database back to it. Generated secrets are not in the archive: after a restore elsewhere
 * people sign in again.
 *
 * Archive: `bookstore-<UTC timestamp>.tar.gz` with `manifest.json`, `database/pglite.tar` or
 * `database/postgres.dump`, `media/` and `files/` (eBook files, modules/downloads).
 */
export interface StoreLocation {
  dataDir: string;
  mediaDir: string;
  /** DATA_DIR/files: the eBook files (none: no eBook files to keep). */
  filesDir?: string;
  databaseUrl?: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  mediaFiles: number;
}

export class BackupError extends Error {}

const LOCK_FILE = 'store.pid';

/** The embedded database is one process's: the server marks its data folder while it runs. */
export function markDataDirInUse(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** The process id of a store running on this data folder's embedded database, if one is. */
export function runningStore(dataDir: string): number | null {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // left behind by a server that was killed
  }
}

function run(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.error) throw new BackupError(`${command} could not be run: ${result.error.message}`);
  if (result.status !== 0)
    throw new BackupError(
      `${command} failed: ${(result.stderr || result.stdout).trim().split('\n').slice(-3).join(' ')}`,
    );
}

/** pg tools take the password from PGPASSWORD rather than the command line, where `ps` would show it. */
function pgArgs(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function openPglite(dir: string) {
  return PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
}

function timestamp(now: Date) {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** Writes one archive into `outDir` and returns its path. */
export async function createBackup(store: StoreLocation, outDir: string, now = new Date()): Promise<string> {
  const staging = mkdtempSync(path.join(tmpdir(), 'bookstore-backup-'));
  try {
    mkdirSync(path.join(staging, 'database'));
    let engine: Manifest['engine'];
    if (store.databaseUrl) {
      engine = 'postgres';
      const { url, env } = pgArgs(store.databaseUrl);
      // A consistent snapshot while the store keeps running.
      run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${path.join(staging, 'database', 'postgres.dump')}`,
          url,
        ],
        env,
      );
    } else {
      engine = 'pglite';
      const dir = path.join(store.dataDir, 'pglite');
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`There is no database in ${dir}`);
      const pid = runningStore(store.dataDir);
      if (pid) {
        throw new BackupError(
          `The store is running on ${store.dataDir} (process ${pid}). The embedded database can only be copied while it is closed: stop the store, back up, start it again.`,
        );
      }
      const db = await openPglite(dir);
      try {
        const dump = await db.dumpDataDir('none');
        writeFileSync(path.join(staging, 'database', 'pglite.tar'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    mkdirSync(path.join(staging, 'media'));
    if (existsSync(store.mediaDir)) cpSync(store.mediaDir, path.join(staging, 'media'), { recursive: true });
    if (store.filesDir && existsSync(store.filesDir)) {
      cpSync(store.filesDir, path.join(staging, 'files'), { recursive: true });
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      engine,
      mediaFiles: countFiles(path.join(staging, 'media')),
    };
    writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));

    mkdirSync(outDir, { recursive: true });
    const file = path.join(path.resolve(outDir), `bookstore-${timestamp(now)}.tar.gz`);
    run('tar', ['-czf', file, '-C', staging, '.']);
    return file;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function isEmptyPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/** Restores an archive into a fresh data folder (embedded) or an empty database (DATABASE_URL). */
export async function restoreBackup(store: StoreLocation, file: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`No such backup: ${file}`);
  const staging = mkdtempSync(path.join(tmpdir(), 'bookstore-restore-'));
  try {
    run('tar', ['-xzf', path.resolve(file), '-C', staging]);
    const manifestFile = path.join(staging, 'manifest.json');
    if (!existsSync(manifestFile)) throw new BackupError(`${file} is not a bookstore backup (no manifest.json)`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    if (manifest.format !== 1)
      throw new BackupError(`${file} has backup format ${String(manifest.format)}, which this version cannot read`);

    const wanted: Manifest['engine'] = store.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== wanted) {
      throw new BackupError(
        `${file} holds ${manifest.engine === 'pglite' ? 'an embedded' : 'a PostgreSQL'} database; restore it with ${manifest.engine === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}.`,
      );
    }
    if (store.databaseUrl) {
      if (!(await isEmptyPostgres(store.databaseUrl))) {
        throw new BackupError('The database in DATABASE_URL is not empty. Restore into a new, empty database.');
      }
      const { url, env } = pgArgs(store.databaseUrl);
      run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          `--dbname=${url}`,
          path.join(staging, 'database', 'postgres.dump'),
        ],
        env,
      );
    } else {
      const dir = path.join(store.dataDir, 'pglite');
      if (existsSync(dir) && readdirSync(dir).length > 0) {
        throw new BackupError(
          `${dir} already holds a database. Restore into a fresh data folder (or move this one away first).`,
        );
      }
      mkdirSync(dir, { recursive: true });
      // PGlite's dump is a tarball of its data directory: unpacked in place, it is that database again.
      run('tar', ['-xf', path.join(staging, 'database', 'pglite.tar'), '-C', dir]);
    }
    mkdirSync(store.mediaDir, { recursive: true });
    cpSync(path.join(staging, 'media'), store.mediaDir, { recursive: true });
    if (store.filesDir && existsSync(path.join(staging, 'files'))) {
      mkdirSync(store.filesDir, { recursive: true });
      cpSync(path.join(staging, 'files'), store.filesDir, { recursive: true });
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
