// `npm run seed -- --books N`: makes sure the catalogue holds at least N books, adding synthetic ones
// (for benchmarks) after the demo catalogue. Uses the same configuration as the server (DATABASE_URL,
// DATA_DIR), runs the migrations first; PostgreSQL loads with COPY, the embedded database with
// batches of multi-row INSERTs. Prints the time taken and the size on disk.
import { parseArgs } from 'node:util';
import { BOOK_TYPES } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { rows } from '../db/rows.js';
import { authors, books } from '../db/schema.js';
import { titleKey } from '../modules/books/index.js';
import { hash } from './art.js';
import { isbnFor, seedDemoCatalogueIfEmpty, slugify } from './demo.js';

const ADJECTIVES = [
  'Silent',
  'Hidden',
  'Golden',
  'Broken',
  'Distant',
  'Forgotten',
  'Crimson',
  'Secret',
  'Wandering',
  'Quiet',
  'Burning',
  'Frozen',
  'Endless',
  'Fallen',
  'Scarlet',
  'Hollow',
  'Ancient',
  'Shining',
  'Restless',
  'Lonely',
  'Wild',
  'Last',
  'First',
  'Lost',
  'Bitter',
  'Gentle',
  'Northern',
  'Southern',
  'Iron',
  'Silver',
  'Velvet',
  'Painted',
  'Drowned',
  'Sleeping',
  'Glass',
  'Midnight',
  'Summer',
  'Winter',
  'Autumn',
  'Morning',
  'Stolen',
  'Proud',
  'Curious',
  'Brave',
  'Invisible',
  'Careless',
  'Faithful',
  'Wicked',
  'Little',
  'Great',
];
const NOUNS = [
  'River',
  'Garden',
  'House',
  'Letter',
  'Island',
  'Mountain',
  'Harbour',
  'Kingdom',
  'Mirror',
  'Forest',
  'Lantern',
  'Voyage',
  'Promise',
  'Orchard',
  'Tower',
  'Bridge',
  'Shadow',
  'Journey',
  'Secret',
  'Castle',
  'Library',
  'Compass',
  'Widow',
  'Stranger',
  'Captain',
  'Daughter',
  'Sailor',
  'Inheritance',
  'Prejudice',
  'Pride',
  'Winter',
  'Storm',
  'Map',
  'Clock',
  'Road',
  'Valley',
  'Village',
  'Lighthouse',
  'Station',
  'Window',
  'Portrait',
  'Key',
  'Crown',
  'Ocean',
  'Desert',
  'City',
  'Night',
  'Dream',
  'Song',
  'Fire',
  'Heart',
  'Garden Wall',
  'Engine',
  'Apprentice',
  'Governess',
  'Detective',
  'Orphan',
  'Duchess',
  'Physician',
  'Astronomer',
];
const PLACES = ['Paris', 'Vienna', 'Cornwall', 'the North', 'the Valley', 'Venice', 'the Moor', 'Lisbon', 'the Sea'];
const FIRST_NAMES = [
  'Anna',
  'Thomas',
  'Eliza',
  'Henry',
  'Clara',
  'William',
  'Margaret',
  'Edward',
  'Lucy',
  'George',
  'Harriet',
  'Arthur',
  'Frances',
  'Walter',
  'Ada',
  'Samuel',
  'Beatrice',
  'Robert',
  'Florence',
  'James',
  'Agnes',
  'Charles',
  'Emily',
  'Hugo',
  'Isabel',
  'Leo',
  'Mary',
  'Oscar',
  'Rosa',
  'Victor',
];
const LAST_NAMES = [
  'Ashford',
  'Bellamy',
  'Carrow',
  'Dunmore',
  'Everly',
  'Fairfax',
  'Greaves',
  'Hartley',
  'Ingram',
  'Jessop',
  'Kendrick',
  'Lockwood',
  'Marlowe',
  'Northcote',
  'Oakley',
  'Pemberton',
  'Quincey',
  'Radcliffe',
  'Sterling',
  'Thorne',
  'Underwood',
  'Vance',
  'Whitlock',
  'Yardley',
  'Ziegler',
];
const GENRES = [
  'Literary fiction',
  'Romance',
  'Mystery',
  'Science fiction',
  'Adventure',
  'Horror',
  'Historical fiction',
  'Fantasy',
];
const TAGS = [
  'classic',
  'bestseller',
  'family',
  'love story',
  'sea',
  'war',
  'detective',
  'journey',
  'coming of age',
  'revenge',
];
const SENTENCES = [
  'A {adj} story of {noun} and loss, told across three generations.',
  'When a {noun} arrives in {place}, nothing in the village stays the same.',
  'Readers have called it the most {adj} novel of its decade.',
  'A young {noun} must choose between duty and the truth.',
  'Set in {place}, it follows a family whose fortunes turn on a single letter.',
  'Part mystery, part romance, wholly {adj}.',
  'An unforgettable portrait of a family on the edge of ruin.',
  'Its {adj} heroine refuses every rule she is given.',
];

const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;

/** Book number `i` of the synthetic catalogue: the same every run, and no two titles alike. */
function syntheticTitle(i: number): string {
  const a = pick(ADJECTIVES, i);
  const n = pick(NOUNS, Math.floor(i / ADJECTIVES.length));
  const n2 = pick(NOUNS, Math.floor(i / ADJECTIVES.length) + 7);
  const p = pick(PLACES, i);
  const combos = ADJECTIVES.length * NOUNS.length;
  const pattern = Math.floor(i / combos) % 5;
  const round = Math.floor(i / (combos * 5));
  const base = [
    `The ${a} ${n}`,
    `A ${a} ${n} in ${p}`,
    `The ${n} of the ${a} ${n2}`,
    `${a} ${n}s`,
    `The ${a} ${n}'s Daughter`,
  ][pattern]!;
  return round === 0 ? base : `${base}, Book ${round + 1}`;
}

function syntheticDescription(i: number): string {
  const h = hash(String(i));
  return [0, 1, 2]
    .map((k) =>
      pick(SENTENCES, h + k * 3)
        .replace('{adj}', pick(ADJECTIVES, h >>> (k + 3)).toLowerCase())
        .replace('{noun}', pick(NOUNS, h >>> (k + 5)).toLowerCase())
        .replace('{place}', pick(PLACES, h >>> (k + 7))),
    )
    .join(' ');
}

async function count(db: Database, table: 'books' | 'authors' | 'categories'): Promise<number> {
  const [result] = await rows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return result?.n ?? 0;
}

async function ensureSyntheticAuthors(db: Database): Promise<{ id: number; name: string }[]> {
  const values = FIRST_NAMES.flatMap((first) =>
    LAST_NAMES.map((last) => ({
      name: `${first} ${last}`,
      slug: slugify(`${first} ${last}`),
      brief: `${first} ${last} writes novels.`,
    })),
  );
  for (let i = 0; i < values.length; i += 500) {
    await db
      .insert(authors)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing();
  }
  return rows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM authors WHERE slug IN (${sql.join(
      values.map((v) => sql`${v.slug}`),
      sql`, `,
    )}) ORDER BY id`,
  );
}

/** Synthetic book number `i`: the same every run. */
function syntheticBook(
  i: number,
  writers: { id: number; name: string }[],
  categories: { id: number }[],
  now: number,
): typeof books.$inferInsert {
  const threeYears = 3 * 365 * 24 * 60 * 60 * 1000;
  const h = hash(`book-${i}`);
  const title = syntheticTitle(i);
  const writer = pick(writers, h);
  const category = pick(categories, h >>> 4);
  const price = 499 + (h % 30) * 100;
  return {
    title,
    slug: `${slugify(title)}-${i}`,
    bookAuthor: writer.name,
    authorId: writer.id,
    categoryId: category.id,
    priceCents: price,
    regularPriceCents: price,
    description: syntheticDescription(i),
    publisher: pick(['Lantern Classics', 'Harbor & Quill', 'Meridian House', 'Old Mill Press'], h >>> 6),
    publishedDate: `${1800 + (h % 220)}-${String(1 + (h % 12)).padStart(2, '0')}-${String(1 + (h % 28)).padStart(2, '0')}`,
    isbn: isbnFor(`synthetic-${i}`),
    genre: pick(GENRES, h >>> 8),
    bookType: pick(BOOK_TYPES, h >>> 10),
    condition: h % 11 === 0 ? 'Used' : 'New',
    featured: h % 97 === 0,
    stockAmount: h % 20 === 0 ? 0 : 1 + (h % 50),
    tags: [pick(TAGS, h >>> 12), pick(TAGS, h >>> 14)].filter((t, k, all) => all.indexOf(t) === k),
    createdAt: new Date(now - (h % threeYears)),
    titleKey: titleKey(title),
  };
}

/** The columns the synthetic books fill, in COPY's order. */
const COPY_COLUMNS = [
  'title',
  'slug',
  'book_author',
  'author_id',
  'category_id',
  'price_cents',
  'regular_price_cents',
  'description',
  'publisher',
  'published_date',
  'isbn',
  'genre',
  'book_type',
  'condition',
  'featured',
  'stock_amount',
  'tags',
  'created_at',
  'title_key',
] as const;

/** One value in COPY's text format: backslash, tab and line breaks escaped. */
const copyText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

function copyLine(b: typeof books.$inferInsert): string {
  const tags = `{${(b.tags ?? []).map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return (
    [
      b.title,
      b.slug,
      b.bookAuthor ?? '',
      String(b.authorId),
      String(b.categoryId),
      String(b.priceCents),
      String(b.regularPriceCents ?? b.priceCents),
      b.description ?? '',
      b.publisher ?? '',
      b.publishedDate ?? '',
      b.isbn ?? '',
      b.genre ?? '',
      b.bookType ?? 'Paperback',
      b.condition ?? 'New',
      b.featured ? 't' : 'f',
      String(b.stockAmount ?? 0),
      tags,
      (b.createdAt ?? new Date()).toISOString(),
      // The look-alike key the server would otherwise fill in the background, book by book (modules/books/title-key.ts).
      titleKey(b.title),
    ]
      .map(copyText)
      .join('\t') + '\n'
  );
}

/**
 * PostgreSQL: the synthetic books go in with `COPY` into a staging table, then one
 * `INSERT … SELECT … ON CONFLICT DO NOTHING` (a title already taken is skipped), in one transaction.
 * When the load more than doubles the catalogue, the secondary indexes (not the unique ones) are
 * dropped first and built again at the end, inside the same transaction: building an index once is
 * much faster than keeping it up to date row by row, and a failed load leaves them as they were.
 */
async function copyBooks(
  databaseUrl: string,
  count: number,
  first: number,
  make: (i: number) => typeof books.$inferInsert,
  present: number,
  started: number,
): Promise<number> {
  const { default: pg } = await import('pg');
  const { from: copyFrom } = await import('pg-copy-streams');
  const { pipeline } = await import('node:stream/promises');
  const { Readable } = await import('node:stream');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL maintenance_work_mem = '512MB'");
    await client.query("SELECT set_config('bookstore.skip_search_words', 'on', true)");
    const rebuild = count > present;
    const dropped: { indexname: string; indexdef: string }[] = rebuild
      ? (
          await client.query(
            `SELECT i.indexname, i.indexdef FROM pg_indexes i
             JOIN pg_class c ON c.relname = i.indexname
             JOIN pg_index x ON x.indexrelid = c.oid
             WHERE i.schemaname = 'public' AND i.tablename = 'books' AND NOT x.indisunique`,
          )
        ).rows
      : [];
    for (const index of dropped) await client.query(`DROP INDEX "${index.indexname}"`);
    if (dropped.length) console.log(`seed: ${dropped.length} secondary indexes set aside until the end`);
    await client.query(
      `CREATE TEMP TABLE seed_books ON COMMIT DROP AS SELECT ${COPY_COLUMNS.join(', ')} FROM books WITH NO DATA`,
    );
    const chunk = 2000;
    async function* lines() {
      for (let i = first; i < first + count; i += chunk) {
        let text = '';
        for (let k = i; k < Math.min(first + count, i + chunk); k++) text += copyLine(make(k));
        yield text;
        if ((i - first) % 100_000 === 0 && i > first)
          console.log(`seed: ${i - first} / ${count} rows copied (${seconds()} s)`);
      }
    }
    await pipeline(
      Readable.from(lines()),
      client.query(copyFrom(`COPY seed_books (${COPY_COLUMNS.join(', ')}) FROM STDIN`)),
    );
    console.log(`seed: ${count} rows copied (${seconds()} s); adding them to the catalogue`);
    const inserted = await client.query(
      `INSERT INTO books (${COPY_COLUMNS.join(', ')}) SELECT ${COPY_COLUMNS.join(', ')} FROM seed_books
       ON CONFLICT DO NOTHING`,
    );
    console.log(`seed: ${inserted.rowCount} books added (${seconds()} s)`);
    for (const index of dropped) {
      await client.query(index.indexdef);
      console.log(`seed: index ${index.indexname} built (${seconds()} s)`);
    }
    await client.query('COMMIT');
    return inserted.rowCount ?? 0;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { books: { type: 'string', default: '100000' }, batch: { type: 'string', default: '1000' } },
  });
  const target = Number(values.books);
  const batchSize = Math.min(5000, Math.max(1, Number(values.batch)));
  if (!Number.isInteger(target) || target < 0) throw new Error('--books must be a whole number');

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` });
  const started = Date.now();
  try {
    await database.migrate();
    const { db } = database;
    await seedDemoCatalogueIfEmpty(db, config, { info: (message) => console.log(`seed: ${message}`) });

    const present = await count(db, 'books');
    if (present >= target) {
      console.log(`seed: the catalogue already holds ${present} books (asked for ${target}); nothing to do`);
      return;
    }
    const categories = await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM categories ORDER BY id`);
    const writers = await ensureSyntheticAuthors(db);
    const now = Date.now();
    const make = (i: number) => syntheticBook(i, writers, categories, now);
    if (config.databaseUrl) {
      // A synthetic title already taken (by a demo book) is skipped: copy more until the count is reached.
      for (let have = present, next = present; have < target;) {
        const wanted = target - have;
        have += await copyBooks(config.databaseUrl, wanted, next, make, have, started);
        next += wanted;
      }
    } else {
      // The embedded database: multi-row INSERTs in batches (an i whose title is already taken is skipped).
      let added = 0;
      let next = present;
      let batches = 0;
      while (present + added < target) {
        const batch: (typeof books.$inferInsert)[] = [];
        const end = next + Math.min(batchSize, target - present - added);
        for (let i = next; i < end; i++) batch.push(make(i));
        // The trigger fills search_vector; the distinct words are collected once at the end.
        next = end;
        const inserted = await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('bookstore.skip_search_words', 'on', true)`);
          return tx.insert(books).values(batch).onConflictDoNothing().returning({ id: books.id });
        });
        added += inserted.length;
        if (++batches % 10 === 0 || present + added >= target) {
          console.log(`seed: ${present + added} / ${target} books (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        }
      }
    }
    await db.execute(sql`INSERT INTO search_words (word)
      SELECT DISTINCT w.lexeme FROM books b, unnest(b.search_vector) AS w
      WHERE length(w.lexeme) BETWEEN 2 AND 40 AND w.lexeme !~ '^[0-9]+$'
      ON CONFLICT (word) DO NOTHING`);
    // Statistics for the planner, and a visibility map so counts can use index-only scans.
    await db.execute(sql`VACUUM ANALYZE books`);
    await db.execute(sql`VACUUM ANALYZE search_words`);
    const [size] = await rows<{ database: string; books: string }>(
      db,
      sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS database,
                 pg_size_pretty(pg_total_relation_size('books')) AS books`,
    );
    console.log(
      `seed: done, ${await count(db, 'books')} books, ${await count(db, 'authors')} authors in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `on disk: the database ${size?.database}, the books table with its indexes ${size?.books}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
