import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { books, orderItems, orders, users } from '../db/schema.js';
import { onPostgres, pgliteSnapshot } from '../test/app.js';
import { BackupError, createBackup, markDataDirInUse, restoreBackup, type StoreLocation } from './backup.js';

/**
 * `npm run backup` and `npm run restore -- FILE` round-trip the shop: books, orders, users
 * and media come back exactly as they were.
 */
const work = mkdtempSync(path.join(tmpdir(), 'bookstore-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function fillShop(handle: DatabaseHandle, mediaDir: string) {
  await handle.migrate();
  const [user] = await handle.db
    .insert(users)
    .values({ username: 'reader', email: 'reader@example.test', passwordHash: '$argon2id$placeholder' })
    .returning();
  const [book] = await handle.db
    .insert(books)
    .values({ title: 'Backed Up', slug: 'backed-up', priceCents: 1299, stockAmount: 4, image: 'covers/backed-up.jpg' })
    .returning();
  const [order] = await handle.db
    .insert(orders)
    .values({
      userId: user!.id,
      totalCents: 2598,
      currency: 'USD',
      reservedUntil: new Date(),
      paymentStatus: 'success',
      status: 'completed',
    })
    .returning();
  await handle.db
    .insert(orderItems)
    .values({ orderId: order!.id, bookId: book!.id, title: 'Backed Up', quantity: 2, priceCents: 1299 });
  mkdirSync(path.join(mediaDir, 'covers'), { recursive: true });
  writeFileSync(path.join(mediaDir, 'covers', 'backed-up.jpg'), randomBytes(2048));
}

async function snapshot(handle: DatabaseHandle) {
  return {
    users: await handle.db.select().from(users).orderBy(asc(users.id)),
    books: await handle.db.select().from(books).orderBy(asc(books.id)),
    orders: await handle.db.select().from(orders).orderBy(asc(orders.id)),
    items: await handle.db.select().from(orderItems).orderBy(asc(orderItems.id)),
  };
}

describe.skipIf(onPostgres)('backup and restore, embedded database', () => {
  it('round-trips books, orders, users and media into a fresh data folder', async () => {
    const source: StoreLocation = {
      dataDir: path.join(work, 'source'),
      mediaDir: path.join(work, 'source', 'media'),
      filesDir: path.join(work, 'source', 'files'),
    };
    mkdirSync(source.filesDir!, { recursive: true });
    writeFileSync(path.join(source.filesDir!, 'kept.epub'), 'an eBook');
    // Starts from the migrated snapshot the other tests use (unpacked: no initdb).
    const snapshotFile = path.join(work, 'snapshot.tar');
    writeFileSync(snapshotFile, Buffer.from(await (await pgliteSnapshot()).arrayBuffer()));
    mkdirSync(path.join(source.dataDir, 'pglite'), { recursive: true });
    execFileSync('tar', ['-xf', snapshotFile, '-C', path.join(source.dataDir, 'pglite')], { stdio: 'ignore' });
    const handle = await openDatabase({ pgliteDir: path.join(source.dataDir, 'pglite') });
    await fillShop(handle, source.mediaDir);
    const before = await snapshot(handle);
    await handle.close();

    const archive = await createBackup(source, path.join(work, 'backups'), new Date('2026-11-23T02:00:00Z'));
    expect(path.basename(archive)).toBe('bookstore-20261123T020000Z.tar.gz');

    const target: StoreLocation = {
      dataDir: path.join(work, 'target'),
      mediaDir: path.join(work, 'target', 'media'),
      filesDir: path.join(work, 'target', 'files'),
    };
    const manifest = await restoreBackup(target, archive);
    expect(readFileSync(path.join(target.filesDir!, 'kept.epub'), 'utf8')).toBe('an eBook');
    expect(manifest).toMatchObject({ engine: 'pglite', mediaFiles: 1 });
    const restored = await openDatabase({ pgliteDir: path.join(target.dataDir, 'pglite') });
    try {
      await restored.migrate(); // nothing to do: the migrations came back with the data
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(target.mediaDir, 'covers', 'backed-up.jpg'))).toEqual(
      readFileSync(path.join(source.mediaDir, 'covers', 'backed-up.jpg')),
    );

    // A data folder that already holds a shop is never overwritten.
    await expect(restoreBackup(target, archive)).rejects.toThrow(/already holds a database/);

    // The embedded database is not copied while a store runs on it (here: a live process holds the mark).
    writeFileSync(path.join(target.dataDir, 'store.pid'), String(process.ppid));
    await expect(createBackup(target, path.join(work, 'b2'))).rejects.toThrow(BackupError);
    // The mark of a server that was killed does not block, nor does a closed store's.
    writeFileSync(path.join(target.dataDir, 'store.pid'), '999999999');
    markDataDirInUse(source.dataDir)();
    await expect(createBackup(source, path.join(work, 'b2'))).resolves.toMatch(/\.tar\.gz$/);
  }, 60_000);
});

describe.skipIf(!onPostgres)('backup and restore, PostgreSQL', () => {
  const admin = (sql: string) =>
    (async () => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    })();
  const urlFor = (name: string) => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const suffix = randomBytes(4).toString('hex');
  const names = [`bookstore_bk_src_${suffix}`, `bookstore_bk_dst_${suffix}`];
  afterAll(async () => {
    for (const name of names) await admin(`drop database if exists "${name}" with (force)`);
  });

  it('round-trips books, orders, users and media into an empty database', async () => {
    for (const name of names) await admin(`create database "${name}"`);
    const source: StoreLocation = {
      dataDir: path.join(work, 'pg-source'),
      mediaDir: path.join(work, 'pg-source', 'media'),
      databaseUrl: urlFor(names[0]!),
    };
    const handle = await openDatabase({ databaseUrl: source.databaseUrl, poolSize: 2 });
    await fillShop(handle, source.mediaDir);
    const before = await snapshot(handle);
    // pg_dump takes a consistent snapshot while the store keeps running.
    const archive = await createBackup(source, path.join(work, 'pg-backups'));
    await handle.close();

    const target: StoreLocation = {
      dataDir: path.join(work, 'pg-target'),
      mediaDir: path.join(work, 'pg-target', 'media'),
      databaseUrl: urlFor(names[1]!),
    };
    await restoreBackup(target, archive);
    const restored = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 2 });
    try {
      await restored.migrate();
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(target.mediaDir, 'covers', 'backed-up.jpg'))).toEqual(
      readFileSync(path.join(source.mediaDir, 'covers', 'backed-up.jpg')),
    );
    await expect(restoreBackup(target, archive)).rejects.toThrow(/not empty/);
  }, 60_000);
});
