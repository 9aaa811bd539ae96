import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bookDetailSchema, pagedBooksSchema } from '@bookstore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { books } from '../../db/schema.js';
import { type App, buildApp, createTestDatabase, onPostgres, type TestDatabase } from '../../test/app.js';
import { createUser, insertBook, placeOrder } from '../../test/factories.js';
import { invalidateAnswers } from './cache.js';

/** How soon every process must see a catalogue write (docs/decisions/0007-catalogue-speed.md). */
const BOUND_MS = 100;

/**
 * Two server processes on one PostgreSQL database, as in production: two apps, each with its own pool,
 * its own catalogue cache and its own listener. A write on one must reach a read on the other at once.
 */
const buses = [
  { name: 'PostgreSQL LISTEN/NOTIFY', redisUrl: undefined, skip: !onPostgres },
  { name: 'Redis pub/sub', redisUrl: process.env.TEST_REDIS_URL, skip: !onPostgres || !process.env.TEST_REDIS_URL },
];

for (const bus of buses) {
  describe.skipIf(bus.skip)(`catalogue cache across two processes, ${bus.name}`, () => {
    let testDb: TestDatabase;
    let secondPool: DatabaseHandle;
    let dataDir: string;
    let one: App;
    let two: App;

    beforeAll(async () => {
      testDb = await createTestDatabase();
      secondPool = await openDatabase({ databaseUrl: testDb.url, poolSize: 3 });
      dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-test-'));
      const config = testConfig({
        dataDir,
        mediaDir: path.join(dataDir, 'media'),
        answerCacheSeconds: 60,
        redisUrl: bus.redisUrl,
      });
      one = await buildApp({ config, database: testDb.handle, logger: false });
      two = await buildApp({ config, database: secondPool, logger: false });
      await Promise.all([one.ready(), two.ready()]);
    }, 60_000);

    afterAll(async () => {
      await Promise.all([one?.close(), two?.close()]);
      await secondPool?.close();
      await testDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** Announces the fixtures just written, and lets every process hear it before the test reads. */
    async function settle(db: App['db']) {
      invalidateAnswers(db);
      await new Promise((r) => setTimeout(r, 50));
    }

    /** Reads on `app` until `seen` holds, and says how long after the start that took. */
    async function readUntil(app: App, url: string, seen: (body: unknown) => boolean): Promise<number> {
      const start = performance.now();
      for (;;) {
        const res = await app.inject(url);
        expect(res.statusCode).toBe(200);
        const elapsed = performance.now() - start;
        if (seen(res.json())) return elapsed;
        if (elapsed > 2_000) return elapsed;
        await new Promise((r) => setTimeout(r, 2));
      }
    }

    it('shows a price change made on one process on the other within 100 ms', async () => {
      const book = await insertBook(one.db, { title: 'Shared Shelf', priceCents: 1000 });
      await settle(one.db);
      const url = `/api/books/book/${book.id}/`;
      await readUntil(two, url, (b) => bookDetailSchema.parse(b).price === '10.00');
      // Cached on the second process: a change behind everyone's back is not seen...
      await two.db.update(books).set({ priceCents: 1500 }).where(eq(books.id, book.id));
      expect(bookDetailSchema.parse((await two.inject(url)).json()).price).toBe('10.00');
      // ...until a write is announced on the first process.
      await one.db.update(books).set({ priceCents: 1250 }).where(eq(books.id, book.id));
      invalidateAnswers(one.db);
      const elapsed = await readUntil(two, url, (b) => bookDetailSchema.parse(b).price === '12.50');
      expect(elapsed).toBeLessThan(BOUND_MS);
    });

    it('shows the stock an order took on one process in the lists of the other within 100 ms', async () => {
      const book = await insertBook(one.db, {
        title: 'Last Copies',
        stockAmount: 3,
        createdAt: new Date(Date.UTC(2100, 0, 1)),
      });
      await settle(one.db);
      const url = '/api/books/?page_size=1';
      const stock = (b: unknown) => pagedBooksSchema.parse(b).data[0];
      await readUntil(two, url, (b) => stock(b)?.id === book.id && stock(b)?.stock_amount === 3);
      const buyer = await createUser(one);
      const ordered = await placeOrder(one, buyer, [{ book: { id: book.id, price: '10.00' }, quantity: 2 }]);
      expect(ordered.statusCode).toBe(201);
      const elapsed = await readUntil(two, url, (b) => stock(b)?.stock_amount === 1);
      expect(elapsed).toBeLessThan(BOUND_MS);
    });
  });
}
