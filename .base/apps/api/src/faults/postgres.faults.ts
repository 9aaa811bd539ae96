import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDBOX_CARDS } from '@bookstore/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { orders } from '../db/schema.js';
import { TokenService } from '../lib/tokens.js';
import { startSession } from '../modules/accounts/index.js';
import { insertUser } from '../test/factories.js';
import { admin, call, copiesOf, openWithBook, postgresUrl, useStores } from './support.js';

/**
 * Fault suite: two server processes on one PostgreSQL, buyers checking out through both,
 * and one process killed -9 in the middle. Buyers whose server died carry on through the other one
 * (as behind a load balancer). No paid order may be lost and no copy sold twice.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const STOCK = 15;
const BUYERS = 24;
const SECRET = 'fault-suite-secret-fault-suite-secret-0123';

const name = `bookstore_faults_${randomBytes(4).toString('hex')}`;
// The servers' data folder (generated secrets, media) is this file's own temporary folder.
const dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-faults-pg-'));
const startStore = useStores(async () => {
  if (adminUrl) await admin(`drop database if exists "${name}" with (force)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!adminUrl)('kill -9 one of two processes on PostgreSQL during checkouts', () => {
  it('loses no paid order and sells no copy twice', async () => {
    await admin(`create database "${name}"`);
    const databaseUrl = postgresUrl(name);

    const { database: setup, book } = await openWithBook(
      { databaseUrl, poolSize: 2 },
      { title: 'Last Copies', slug: 'last-copies', priceCents: 700, stockAmount: STOCK },
    );
    const tokens = new TokenService(SECRET);
    const buyers: string[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const user = await insertUser(setup.db, { username: `pgfault${i}`, email: `pgfault${i}@example.test` });
      buyers.push((await startSession(setup.db, tokens, user)).access);
    }
    await setup.close();

    const env = { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET, DATA_DIR: dataDir };
    const [a, b] = await Promise.all([startStore(env), startStore(env)]);

    // What each buyer was told: a charge acknowledged by the provider must end in a paid order.
    const charged = new Map<number, { reference: string; token: string }>();
    let acknowledgedCharges = 0;

    async function checkout(i: number) {
      const token = buyers[i]!;
      let server = i % 2 === 0 ? a!.url : b!.url;
      // A step that meets a dead server is tried again on the other one.
      const step = async (method: string, path: string, body: unknown) => {
        let reply = await call(server, method, path, body, token);
        if (reply.status === 0) {
          server = b!.url;
          reply = await call(server, method, path, body, token);
        }
        return reply;
      };
      const order = await step('POST', '/api/orders/', {
        total_price: '7.00',
        items: [{ book: book.id, quantity: 1, price: '7.00' }],
      });
      if (order.status !== 201) return;
      const orderId = order.body.id as number;
      const init = await step('POST', '/api/payments/initialize/', { order_id: orderId });
      if (init.status !== 200) return;
      const reference = init.body.reference as string;
      const paid = await step('POST', '/api/payments/sandbox/charge/', {
        reference,
        card_number: SANDBOX_CARDS.success,
        expiry: '12/39',
        cvv: '408',
      });
      if (paid.status !== 200) return;
      charged.set(orderId, { reference, token });
      acknowledgedCharges++;
      await step('POST', '/api/verify-payment/', { reference, order_id: orderId });
    }

    const flows = Array.from({ length: BUYERS }, (_, i) => checkout(i));
    const deadline = Date.now() + 30_000;
    while (acknowledgedCharges < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await a!.kill9();
    await Promise.all(flows);
    expect(acknowledgedCharges, b!.output()).toBeGreaterThan(0);

    // The shopper comes back (or the pop-up retries): every acknowledged charge is verified on the survivor.
    for (const [orderId, { reference, token }] of charged) {
      const verified = await call(b!.url, 'POST', '/api/verify-payment/', { reference, order_id: orderId }, token);
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    }
    await b!.stop();

    const check = await openDatabase({ databaseUrl, poolSize: 1 });
    try {
      for (const orderId of charged.keys()) {
        const [row] = await check.db.select().from(orders).where(eq(orders.id, orderId));
        expect(row?.paymentStatus).toBe('success');
      }
      const copies = await copiesOf(check.db, book.id);
      expect(copies.left).toBeGreaterThanOrEqual(0);
      expect(copies.left + copies.held).toBe(STOCK);
      expect(copies.sold).toBeLessThanOrEqual(STOCK);
    } finally {
      await check.close();
    }
  });
});
