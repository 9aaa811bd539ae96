import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../test/app.js';
import { migrationsFolder } from './client.js';
import { rows } from './rows.js';

/**
 * The migration `editions` on a store with books and orders (docs/decisions/0022-editions.md): the
 * migrations before it make the store as it was, rows go in, and then it runs. Nothing is lost: each
 * book is a title with one edition of its own values, and each order line names it.
 */

const EDITIONS_TAG = 'editions';

/** The migrations folder as it was before `editions` (its journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bookstore-before-editions-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${tag}`));
  expect(cut).toBeGreaterThan(0);
  for (const entry of journal.entries.slice(cut)) rmSync(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Fresh {
  db: Parameters<typeof rows>[0];
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function freshDatabase(): Promise<Fresh> {
  if (!onPostgres) {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm, unaccent } });
    const db = drizzlePglite(client);
    return {
      db: db as unknown as Fresh['db'],
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `bookstore_mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg(pool);
  return {
    db: db as unknown as Fresh['db'],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('migration editions', () => {
  it('turns every book into a title with one edition, and names it on every order line', async () => {
    const before = migrationsBefore(EDITIONS_TAG);
    const store = await freshDatabase();
    cleanups.push(async () => {
      await store.close();
      rmSync(before, { recursive: true, force: true });
    });
    await store.migrate(before);
    const { db } = store;

    await db.execute(
      sql`INSERT INTO users (id, email, username, password_hash) VALUES (1, 'a@example.test', 'a', 'x')`,
    );
    await db.execute(
      sql`INSERT INTO books (id, title, slug, price_cents, regular_price_cents, prior_price_cents, original_price_cents, isbn, book_type, condition, stock_amount)
          VALUES (1, 'Emma', 'emma', 900, 1200, 1000, 1500, '9780141439587', 'Paperback', 'New', 4),
                 (2, 'Dracula', 'dracula', 499, 499, NULL, 0, '9780141439846', 'eBook', 'New', 7),
                 (3, 'Persuasion', 'persuasion', 650, 650, NULL, 0, '9780141439686', 'Hardcover', 'Fairly Used', 0)`,
    );
    await db.execute(
      sql`INSERT INTO orders (id, user_id, total_cents, currency, reserved_until, payment_status, status)
          VALUES (1, 1, 3297, 'USD', now(), 'success', 'completed')`,
    );
    await db.execute(
      sql`INSERT INTO order_items (order_id, book_id, title, quantity, price_cents)
          VALUES (1, 1, 'Emma', 2, 900), (1, 2, 'Dracula', 1, 499), (1, NULL, 'A deleted book', 1, 999)`,
    );

    await store.migrate(migrationsFolder());

    expect(
      await rows(
        db,
        sql`SELECT book_id, format, condition, isbn, price_cents, regular_price_cents, prior_price_cents,
              original_price_cents, stock_amount, available FROM editions ORDER BY book_id`,
      ),
    ).toEqual([
      {
        book_id: 1,
        format: 'Paperback',
        condition: 'New',
        isbn: '9780141439587',
        price_cents: 900,
        regular_price_cents: 1200,
        prior_price_cents: 1000,
        original_price_cents: 1500,
        stock_amount: 4,
        available: true,
      },
      {
        book_id: 2,
        format: 'eBook',
        condition: 'New',
        isbn: '9780141439846',
        price_cents: 499,
        regular_price_cents: 499,
        prior_price_cents: null,
        original_price_cents: 0,
        stock_amount: null,
        available: true,
      },
      {
        book_id: 3,
        format: 'Hardcover',
        condition: 'Fairly Used',
        isbn: '9780141439686',
        price_cents: 650,
        regular_price_cents: 650,
        prior_price_cents: null,
        original_price_cents: 0,
        stock_amount: 0,
        available: true,
      },
    ]);
    // The titles keep their values; an eBook's stock is none, and the price span is the one price.
    expect(
      await rows(
        db,
        sql`SELECT id, book_type, price_cents, stock_amount, min_price_cents, max_price_cents FROM books ORDER BY id`,
      ),
    ).toEqual([
      { id: 1, book_type: 'Paperback', price_cents: 900, stock_amount: 4, min_price_cents: 900, max_price_cents: 900 },
      { id: 2, book_type: 'eBook', price_cents: 499, stock_amount: null, min_price_cents: 499, max_price_cents: 499 },
      { id: 3, book_type: 'Hardcover', price_cents: 650, stock_amount: 0, min_price_cents: 650, max_price_cents: 650 },
    ]);
    expect(
      await rows(
        db,
        sql`SELECT oi.title, oi.quantity, oi.price_cents, e.book_id AS edition_book, oi.format, oi.condition
            FROM order_items oi LEFT JOIN editions e ON e.id = oi.edition_id ORDER BY oi.id`,
      ),
    ).toEqual([
      { title: 'Emma', quantity: 2, price_cents: 900, edition_book: 1, format: 'Paperback', condition: 'New' },
      { title: 'Dracula', quantity: 1, price_cents: 499, edition_book: 2, format: 'eBook', condition: 'New' },
      { title: 'A deleted book', quantity: 1, price_cents: 999, edition_book: null, format: null, condition: null },
    ]);
    // The facet counts: an eBook is in stock.
    expect(
      await rows(db, sql`SELECT book_type, in_stock, n FROM book_facet_counts WHERE n > 0 ORDER BY book_type`),
    ).toEqual([
      { book_type: 'Hardcover', in_stock: false, n: 1 },
      { book_type: 'Paperback', in_stock: true, n: 1 },
      { book_type: 'eBook', in_stock: true, n: 1 },
    ]);
    // A book written afterwards by any path starts with its own edition.
    await db.execute(
      sql`INSERT INTO books (id, title, slug, price_cents, regular_price_cents, book_type, stock_amount) VALUES (4, 'Emma 2', 'emma-2', 700, 700, 'eBook', 3)`,
    );
    expect(
      await rows(
        db,
        sql`SELECT e.format, e.stock_amount, b.stock_amount AS title_stock FROM editions e JOIN books b ON b.id = e.book_id WHERE b.slug = 'emma-2'`,
      ),
    ).toEqual([{ format: 'eBook', stock_amount: null, title_stock: null }]);
  }, 120_000);
});
