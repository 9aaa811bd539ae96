import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { rows } from '../db/rows.js';
import { DEFAULT_EDITION_OF } from '../modules/books/index.js';
import { createTestDatabase, type TestDatabase } from '../test/app.js';
import { seedDemoCatalogueIfEmpty } from './demo.js';
import { count, seedSyntheticBooks } from './synthetic.js';

// `npm run seed -- --books N` (seed/cli.ts) on PostgreSQL (COPY) or the embedded database (INSERTs).
describe('synthetic catalogue', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'bookstore-seed-'));
    const config = testConfig({
      dataDir,
      mediaDir: path.join(dataDir, 'media'),
      filesDir: path.join(dataDir, 'files'),
    });
    await seedDemoCatalogueIfEmpty(database.handle.db, config, { info: () => {} });
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds titles with two editions each, each title carrying its default edition, facet counts matching a recount', async () => {
    const { db } = database.handle;
    const titles = await count(db, 'books');
    const before = await count(db, 'editions');
    const added = await seedSyntheticBooks(db, { databaseUrl: database.url, target: titles + 600, batchSize: 250 });
    expect(added).toBe(600);
    expect(await count(db, 'books')).toBe(titles + 600);
    expect(await count(db, 'editions')).toBe(before + 1200);

    // Every synthetic title: two editions, of more than one kind across the catalogue.
    const kinds = await rows<{ format: string; condition: string; n: number }>(
      db,
      sql`SELECT e.format, e.condition, count(*)::int AS n FROM editions e JOIN books b ON b.id = e.book_id
          WHERE b.slug ~ '-[0-9]+$' AND b.publisher <> '' GROUP BY 1, 2`,
    );
    expect(kinds.some((k) => k.format === 'eBook')).toBe(true);
    expect(kinds.some((k) => k.format === 'Hardcover')).toBe(true);
    expect(kinds.some((k) => k.condition !== 'New')).toBe(true);
    const [perTitle] = await rows<{ lo: number; hi: number }>(
      db,
      sql`SELECT min(n)::int AS lo, max(n)::int AS hi FROM (SELECT count(*) AS n FROM editions e
          JOIN books b ON b.id = e.book_id WHERE b.id > (SELECT max(id) - 600 FROM books) GROUP BY e.book_id) x`,
    );
    expect(perTitle).toEqual({ lo: 2, hi: 2 });

    // Each title's copy is its default edition by the books module's rule, with the span of the prices a
    // shopper can buy at (the default's price while none), and its editions as the facets count them.
    const inStock = sql`e.book_id = b.id AND e.available AND coalesce(e.stock_amount > 0, true)`;
    const wrong = await rows<{ id: number }>(
      db,
      sql`SELECT b.id FROM books b JOIN editions d ON d.id = ${DEFAULT_EDITION_OF(sql`b`)}
            JOIN title_edition_sets(ARRAY(SELECT id FROM books)) s ON s.book_id = b.id
          WHERE (b.book_type, b.condition, b.isbn, b.price_cents, b.regular_price_cents, b.stock_amount,
                 b.min_price_cents, b.max_price_cents, b.edition_formats, b.edition_conditions, b.edition_prices)
            IS DISTINCT FROM (d.format, d.condition, d.isbn, d.price_cents, d.regular_price_cents, d.stock_amount,
                 coalesce((SELECT min(price_cents) FROM editions e WHERE ${inStock}), d.price_cents),
                 coalesce((SELECT max(price_cents) FROM editions e WHERE ${inStock}), d.price_cents),
                 s.formats, s.conditions, s.prices)`,
    );
    expect(wrong).toEqual([]);
    const [spans] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM books WHERE max_price_cents > min_price_cents`,
    );
    expect(spans!.n).toBeGreaterThan(300);

    // The facet counts kept by triggers are a recount of the shop's titles' editions.
    const recount = sql`SELECT coalesce(b.category_id, 0) AS category_id, coalesce(b.author_id, 0) AS author_id,
        e.format, e.condition, e.price_cents, b.rating_tenths, b.available AND coalesce(b.stock_amount, 1) > 0 AS in_stock,
        b.price_cents < b.regular_price_cents AS on_sale, e.prev_formats, e.prev_conditions, e.prev_prices, count(*)::int AS n
      FROM books b CROSS JOIN LATERAL title_facet_editions(b.edition_formats, b.edition_conditions, b.edition_prices) e
      WHERE b.review_status = 'approved' GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`;
    const kept = sql`SELECT category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
        prev_formats, prev_conditions, prev_prices, n
      FROM book_facet_counts WHERE n <> 0`;
    const [diff] = await rows<{ missing: number; extra: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM ((${recount}) EXCEPT (${kept})) x) AS missing,
                 (SELECT count(*)::int FROM ((${kept}) EXCEPT (${recount})) y) AS extra`,
    );
    expect(diff).toEqual({ missing: 0, extra: 0 });
    // And summed over authors.
    const overAuthors = (rows: SQL) => sql`SELECT category_id, format, condition, price_cents, rating_tenths, in_stock,
        on_sale, prev_formats, prev_conditions, prev_prices, sum(n)::int AS n FROM (${rows}) r
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(n) <> 0`;
    const totals = sql`SELECT category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
        prev_formats, prev_conditions, prev_prices, n FROM book_facet_totals WHERE n <> 0`;
    const [totalsDiff] = await rows<{ missing: number; extra: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM ((${overAuthors(recount)}) EXCEPT (${totals})) x) AS missing,
                 (SELECT count(*)::int FROM ((${totals}) EXCEPT (${overAuthors(recount)})) y) AS extra`,
    );
    expect(totalsDiff).toEqual({ missing: 0, extra: 0 });

    // The triggers set aside for the load are back in place after it.
    const triggers = await rows<{ name: string; enabled: string }>(
      db,
      sql`SELECT tgname AS name, tgenabled AS enabled FROM pg_trigger
          WHERE tgname IN ('books_edition_copy_shape', 'editions_title_facets_insert') ORDER BY tgname`,
    );
    expect(triggers).toEqual([
      { name: 'books_edition_copy_shape', enabled: 'O' },
      { name: 'editions_title_facets_insert', enabled: 'O' },
    ]);

    // Asked again for no more than it holds: nothing to do.
    expect(await seedSyntheticBooks(db, { databaseUrl: database.url, target: titles + 600 })).toBe(0);
  }, 120_000);
});
