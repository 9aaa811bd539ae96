import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { orders, users } from '../db/schema.js';
import { call, copiesOf, openWithBook, useStores } from './support.js';

/**
 * Fault suite: kill -9 the server on the embedded database in the middle of a burst of
 * writes (sign-ups and orders), start it again on the same data folder, and check that every write
 * it acknowledged is there and that stock still equals what is held plus what is left.
 */
const STOCK = 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-faults-'));
const startStore = useStores(() => rmSync(dataDir, { recursive: true, force: true }));

describe('kill -9 on the embedded database', () => {
  it('loses no acknowledged account or order, and stock adds up', async () => {
    const pgliteDir = path.join(dataDir, 'pglite');
    const { database: seed, book } = await openWithBook(
      { pgliteDir },
      { title: 'Crash Course', slug: 'crash-course', priceCents: 500, stockAmount: STOCK },
    );
    await seed.close();

    // The burst signs up from one address, far faster than SIGNUPS_PER_HOUR lets a shop's visitors.
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', SIGNUPS_PER_HOUR: '100000' };
    const first = await startStore(env);

    const accounts: string[] = [];
    const placed: { id: number; quantity: number }[] = [];
    let stop = false;
    let n = 0;
    async function shopper(worker: number) {
      while (!stop) {
        const username = `crash${worker}_${n++}`;
        const password = 'crash-test-password-1';
        const registered = await call(first.url, 'POST', '/api/register/', {
          email: `${username}@example.test`,
          username,
          firstName: 'Crash',
          lastName: 'Test',
          password,
          password2: password,
        });
        if (registered.status !== 201) continue;
        accounts.push(username);
        const login = await call(first.url, 'POST', '/api/login/', { emailOrUsername: username, password });
        const token = login.body.access as string | undefined;
        for (let i = 0; i < 3 && token && !stop; i++) {
          const quantity = 1 + ((worker + i) % 3);
          const order = await call(
            first.url,
            'POST',
            '/api/orders/',
            { total_price: (5 * quantity).toFixed(2), items: [{ book: book.id, quantity, price: '5.00' }] },
            token,
          );
          if (order.status === 201) placed.push({ id: order.body.id as number, quantity });
        }
      }
    }
    const workers = Array.from({ length: 6 }, (_, i) => shopper(i));
    // Kill it once the burst is well under way: some writes are acknowledged, others in flight.
    const deadline = Date.now() + 20_000;
    while (placed.length < 12 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    await first.kill9();
    stop = true;
    await Promise.all(workers);
    expect(placed.length, first.output()).toBeGreaterThan(0);

    // The store starts again on the same folder (PostgreSQL's crash recovery) and serves.
    const second = await startStore(env);
    const signIn = await call(second.url, 'POST', '/api/login/', {
      emailOrUsername: accounts[0],
      password: 'crash-test-password-1',
    });
    expect(signIn.status).toBe(200);
    await second.stop();

    const after = await openDatabase({ pgliteDir });
    try {
      const foundUsers = await after.db
        .select({ username: users.username })
        .from(users)
        .where(inArray(users.username, accounts));
      expect(foundUsers.map((u) => u.username).sort()).toEqual([...accounts].sort());
      const foundOrders = await after.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          inArray(
            orders.id,
            placed.map((p) => p.id),
          ),
        );
      expect(foundOrders).toHaveLength(placed.length);
      // Every copy is on the shelf or held by an order that exists (none paid here), never lost or doubled.
      const copies = await copiesOf(after.db, book.id);
      expect(copies.left + copies.held).toBe(STOCK);
      expect(copies.held).toBeGreaterThanOrEqual(placed.reduce((sum, p) => sum + p.quantity, 0));
    } finally {
      await after.close();
    }
  });
});
