// The synthetic catalogue of `npm run seed -- --books N` (seed/cli.ts): N titles, each sold as two
// editions (docs/decisions/0022-editions.md), the same every run. PostgreSQL loads with COPY, the
// embedded database with batches of multi-row INSERTs.
import { BOOK_TYPES } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rows } from '../db/rows.js';
import { authors, books, editions } from '../db/schema.js';
import { openLedgers, titleKey } from '../modules/books/index.js';
import { hash } from './art.js';
import { isbnFor, slugify } from './demo.js';

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

export async function count(db: Database, table: 'books' | 'editions' | 'authors' | 'categories'): Promise<number> {
  const [result] = await rows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return result?.n ?? 0;
}

export async function ensureSyntheticAuthors(db: Database): Promise<{ id: number; name: string }[]> {
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

/** One way a synthetic title is sold: what an editions row holds. */
interface SyntheticEdition {
  format: string;
  condition: string;
  isbn: string;
  priceCents: number;
  /** Null exactly for an eBook. */
  stockAmount: number | null;
}

const inStock = (e: SyntheticEdition) => e.stockAmount === null || e.stockAmount > 0;

/**
 * The title's second edition: an eBook for about a third, a hardcover for another third, a used copy of
 * its own format for the rest (a paperback for an eBook title).
 */
function secondEdition(i: number, own: SyntheticEdition): SyntheticEdition {
  const h = hash(`edition-${i}`);
  const isbn = isbnFor(`synthetic-${i}-2`);
  if (own.format === 'eBook') {
    return {
      format: 'Paperback',
      condition: 'New',
      isbn,
      priceCents: own.priceCents + 300,
      stockAmount: h % 10 === 0 ? 0 : 1 + (h % 30),
    };
  }
  switch (h % 3) {
    case 0:
      return {
        format: 'eBook',
        condition: 'New',
        isbn,
        priceCents: Math.max(199, own.priceCents - 200),
        stockAmount: null,
      };
    case 1:
      return {
        format: 'Hardcover',
        condition: 'New',
        isbn,
        priceCents: own.priceCents + 800,
        stockAmount: h % 8 === 1 ? 0 : 1 + (h % 25),
      };
    default:
      return {
        format: own.format,
        condition: own.condition === 'Used' ? 'Fairly Used' : 'Used',
        isbn: own.isbn,
        priceCents: Math.max(199, Math.round((own.priceCents * 0.6) / 100) * 100 - 1),
        stockAmount: 1 + (h % 3),
      };
  }
}

/**
 * Which of two editions stands for the title, by the books module's rule (DEFAULT_EDITION_ORDER in
 * modules/books/titles.ts): new and in stock first, then in stock, then the cheaper; the older (the
 * first) breaks a tie.
 */
function firstIsDefault(a: SyntheticEdition, b: SyntheticEdition): boolean {
  const rank = (e: SyntheticEdition) => [e.condition === 'New' && inStock(e) ? 0 : 1, inStock(e) ? 0 : 1, e.priceCents];
  const [x, y] = [rank(a), rank(b)];
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return x[k]! < y[k]!;
  return true;
}

/** Byte order, as PostgreSQL's `COLLATE "C"` sorts (every synthetic value is ASCII). */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The title's editions as the facets count them (books.edition_formats and the rest, migration
 * `exact_facet_counts`): each distinct format, condition and price, in byte order.
 */
function facetEditions(list: SyntheticEdition[]): { formats: string[]; conditions: string[]; prices: number[] } {
  const distinct = [...new Map(list.map((e) => [`${e.format}\t${e.condition}\t${e.priceCents}`, e])).values()].sort(
    (a, b) => byteOrder(a.format, b.format) || byteOrder(a.condition, b.condition) || a.priceCents - b.priceCents,
  );
  return {
    formats: distinct.map((e) => e.format),
    conditions: distinct.map((e) => e.condition),
    prices: distinct.map((e) => e.priceCents),
  };
}

/**
 * Synthetic title number `i`, the same every run: its row in books carries its default edition (which
 * the first-edition trigger makes of it), with the price span of those a shopper can buy (the default's
 * price while neither can be) and its editions as the facets count them; `second` is its other edition.
 */
export function syntheticBook(
  i: number,
  writers: { id: number; name: string }[],
  categories: { id: number }[],
  now: number,
): { book: typeof books.$inferInsert; second: SyntheticEdition } {
  const threeYears = 3 * 365 * 24 * 60 * 60 * 1000;
  const h = hash(`book-${i}`);
  const title = syntheticTitle(i);
  const writer = pick(writers, h);
  const category = pick(categories, h >>> 4);
  const format = pick(BOOK_TYPES, h >>> 10);
  const own: SyntheticEdition = {
    format,
    condition: h % 11 === 0 ? 'Used' : 'New',
    isbn: isbnFor(`synthetic-${i}`),
    priceCents: 499 + (h % 30) * 100,
    stockAmount: format === 'eBook' ? null : h % 20 === 0 ? 0 : 1 + (h % 50),
  };
  const other = secondEdition(i, own);
  const [chosen, second] = firstIsDefault(own, other) ? [own, other] : [other, own];
  const buyable = [own, other].filter(inStock).map((e) => e.priceCents);
  const sets = facetEditions([own, other]);
  return {
    book: {
      title,
      slug: `${slugify(title)}-${i}`,
      bookAuthor: writer.name,
      authorId: writer.id,
      categoryId: category.id,
      priceCents: chosen.priceCents,
      regularPriceCents: chosen.priceCents,
      minPriceCents: buyable.length ? Math.min(...buyable) : chosen.priceCents,
      maxPriceCents: buyable.length ? Math.max(...buyable) : chosen.priceCents,
      editionFormats: sets.formats,
      editionConditions: sets.conditions,
      editionPrices: sets.prices,
      description: syntheticDescription(i),
      publisher: pick(['Lantern Classics', 'Harbor & Quill', 'Meridian House', 'Old Mill Press'], h >>> 6),
      publishedDate: `${1800 + (h % 220)}-${String(1 + (h % 12)).padStart(2, '0')}-${String(1 + (h % 28)).padStart(2, '0')}`,
      isbn: chosen.isbn,
      genre: pick(GENRES, h >>> 8),
      bookType: chosen.format,
      condition: chosen.condition,
      featured: h % 97 === 0,
      stockAmount: chosen.stockAmount,
      tags: [pick(TAGS, h >>> 12), pick(TAGS, h >>> 14)].filter((t, k, all) => all.indexOf(t) === k),
      createdAt: new Date(now - (h % threeYears)),
      titleKey: titleKey(title),
    },
    second,
  };
}

/** The columns the synthetic titles fill, in COPY's order, then their second edition's. */
const COPY_COLUMNS = [
  'title',
  'slug',
  'book_author',
  'author_id',
  'category_id',
  'price_cents',
  'regular_price_cents',
  'min_price_cents',
  'max_price_cents',
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
  'edition_formats',
  'edition_conditions',
  'edition_prices',
] as const;
const SECOND_COLUMNS = [
  'second_format',
  'second_condition',
  'second_isbn',
  'second_price_cents',
  'second_stock',
] as const;

/** One value in COPY's text format: backslash, tab and line breaks escaped; null as \N. */
const copyText = (value: string | null) =>
  value === null
    ? '\\N'
    : value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

const nullable = (n: number | null | undefined) => (n === null || n === undefined ? null : String(n));

/** An array in PostgreSQL's text form, every element quoted. */
const pgArray = (values: (string | number)[] = []) =>
  `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

function copyLine({ book: b, second: e }: ReturnType<typeof syntheticBook>): string {
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
      String(b.minPriceCents),
      String(b.maxPriceCents),
      b.description ?? '',
      b.publisher ?? '',
      b.publishedDate ?? '',
      b.isbn ?? '',
      b.genre ?? '',
      b.bookType ?? 'Paperback',
      b.condition ?? 'New',
      b.featured ? 't' : 'f',
      nullable(b.stockAmount),
      tags,
      (b.createdAt ?? new Date()).toISOString(),
      // The look-alike key the server would otherwise fill in the background, book by book (modules/books/title-key.ts).
      b.titleKey ?? titleKey(b.title),
      pgArray(b.editionFormats),
      pgArray(b.editionConditions),
      pgArray(b.editionPrices),
      e.format,
      e.condition,
      e.isbn,
      String(e.priceCents),
      nullable(e.stockAmount),
    ]
      .map(copyText)
      .join('\t') + '\n'
  );
}

/**
 * The title rows carry their price span and their editions as the facets count them themselves:
 * `books_edition_copy_shape` (migration `editions`) would set a new title's span to its own price, which is
 * right for a title the API creates (one edition) but not for one loaded with two; and
 * `editions_title_facets_insert` (migration `exact_facet_counts`) would read every new title's editions
 * again after each of the two inserts of editions, and write each title's row once more after the first
 * (when it has one). Set aside for the load's transaction only.
 */
const KEEP_SPAN = [
  'ALTER TABLE books DISABLE TRIGGER books_edition_copy_shape',
  'ALTER TABLE editions DISABLE TRIGGER editions_title_facets_insert',
];
const RESTORE_SPAN = [
  'ALTER TABLE books ENABLE TRIGGER books_edition_copy_shape',
  'ALTER TABLE editions ENABLE TRIGGER editions_title_facets_insert',
];

/**
 * PostgreSQL: the synthetic titles go in with `COPY` into a staging table, then one
 * `INSERT … SELECT … ON CONFLICT DO NOTHING` into books (a title already taken is skipped; the
 * first-edition trigger gives each its default edition), then one `INSERT … SELECT` of the second
 * editions, in one transaction. When the load more than doubles the catalogue, the secondary indexes
 * of books (not the unique ones) are dropped first and built again at the end, inside the same
 * transaction: building an index once is much faster than keeping it up to date row by row, and a
 * failed load leaves them as they were.
 */
async function copyBooks(
  databaseUrl: string,
  count: number,
  first: number,
  make: (i: number) => ReturnType<typeof syntheticBook>,
  present: number,
  log: (message: string) => void,
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
    if (dropped.length) log(`${dropped.length} secondary indexes set aside until the end`);
    await client.query(
      `CREATE TEMP TABLE seed_books ON COMMIT DROP AS SELECT ${COPY_COLUMNS.join(', ')},
         ''::text AS second_format, ''::text AS second_condition, ''::text AS second_isbn,
         0::int AS second_price_cents, 0::int AS second_stock
       FROM books WITH NO DATA`,
    );
    const chunk = 2000;
    async function* lines() {
      for (let i = first; i < first + count; i += chunk) {
        let text = '';
        for (let k = i; k < Math.min(first + count, i + chunk); k++) text += copyLine(make(k));
        yield text;
        if ((i - first) % 100_000 === 0 && i > first) log(`${i - first} / ${count} rows copied (${seconds()} s)`);
      }
    }
    const staged = [...COPY_COLUMNS, ...SECOND_COLUMNS].join(', ');
    await pipeline(Readable.from(lines()), client.query(copyFrom(`COPY seed_books (${staged}) FROM STDIN`)));
    log(`${count} rows copied (${seconds()} s); adding them to the catalogue`);
    const before = (await client.query('SELECT coalesce(max(id), 0)::int AS id FROM books')).rows[0].id as number;
    for (const statement of KEEP_SPAN) await client.query(statement);
    const inserted = await client.query(
      `INSERT INTO books (${COPY_COLUMNS.join(', ')}) SELECT ${COPY_COLUMNS.join(', ')} FROM seed_books
       ON CONFLICT DO NOTHING`,
    );
    log(`${inserted.rowCount} titles added with their first editions (${seconds()} s)`);
    // New titles are exactly those with an id above the largest before (ids only grow); the slug finds each one's row.
    const seconds2 = await client.query(
      `INSERT INTO editions (book_id, format, condition, isbn, price_cents, regular_price_cents, stock_amount, created_at)
       SELECT b.id, s.second_format, s.second_condition, s.second_isbn, s.second_price_cents, s.second_price_cents,
         s.second_stock, s.created_at
       FROM seed_books s JOIN books b ON b.slug = s.slug AND b.id > $1 ORDER BY b.id`,
      [before],
    );
    for (const statement of RESTORE_SPAN) await client.query(statement);
    log(`${seconds2.rowCount} second editions added (${seconds()} s)`);
    for (const index of dropped) {
      await client.query(index.indexdef);
      log(`index ${index.indexname} built (${seconds()} s)`);
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

/**
 * The embedded database: multi-row INSERTs in batches, each in a transaction (an i whose title is
 * already taken is skipped), the second editions after each batch's titles.
 */
async function insertBooks(
  db: Database,
  present: number,
  target: number,
  batchSize: number,
  make: (i: number) => ReturnType<typeof syntheticBook>,
  log: (message: string) => void,
  started: number,
): Promise<void> {
  let added = 0;
  let next = present;
  let batches = 0;
  while (present + added < target) {
    const batch: ReturnType<typeof syntheticBook>[] = [];
    const end = next + Math.min(batchSize, target - present - added);
    for (let i = next; i < end; i++) batch.push(make(i));
    next = end;
    const inserted = await db.transaction(async (tx) => {
      // The trigger fills search_vector; the distinct words are collected once at the end.
      await tx.execute(sql`SELECT set_config('bookstore.skip_search_words', 'on', true)`);
      for (const statement of KEEP_SPAN) await tx.execute(sql.raw(statement));
      const made = await tx
        .insert(books)
        .values(batch.map((b) => b.book))
        .onConflictDoNothing()
        .returning({ id: books.id, slug: books.slug, createdAt: books.createdAt });
      const second = new Map(batch.map((b) => [b.book.slug, b.second]));
      const values = made.map((b) => {
        const e = second.get(b.slug)!;
        return { bookId: b.id, ...e, regularPriceCents: e.priceCents, createdAt: b.createdAt };
      });
      if (values.length) await tx.insert(editions).values(values);
      await openLedgers(
        tx,
        made.map((b) => b.id),
        { newTitles: true },
      );
      for (const statement of RESTORE_SPAN) await tx.execute(sql.raw(statement));
      return made;
    });
    added += inserted.length;
    if (++batches % 10 === 0 || present + added >= target) {
      log(`${present + added} / ${target} titles (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
}

/**
 * Makes sure the catalogue holds at least `target` titles, adding synthetic ones (two editions each)
 * after what is there; `databaseUrl` (PostgreSQL) loads with COPY. Returns how many titles it added.
 */
export async function seedSyntheticBooks(
  db: Database,
  options: { databaseUrl?: string; target: number; batchSize?: number; log?: (message: string) => void },
): Promise<number> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const present = await count(db, 'books');
  if (present >= options.target) return 0;
  const categories = await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM categories ORDER BY id`);
  const writers = await ensureSyntheticAuthors(db);
  const now = Date.now();
  const make = (i: number) => syntheticBook(i, writers, categories, now);
  if (options.databaseUrl) {
    // A synthetic title already taken (by a demo book) is skipped: copy more until the count is reached.
    for (let have = present, next = present; have < options.target;) {
      const wanted = options.target - have;
      have += await copyBooks(options.databaseUrl, wanted, next, make, have, log, started);
      next += wanted;
    }
  } else {
    await insertBooks(db, present, options.target, options.batchSize ?? 1000, make, log, started);
  }
  await db.execute(sql`INSERT INTO search_words (word)
    SELECT DISTINCT w.lexeme FROM books b, unnest(b.search_vector) AS w
    WHERE length(w.lexeme) BETWEEN 2 AND 40 AND w.lexeme !~ '^[0-9]+$'
    ON CONFLICT (word) DO NOTHING`);
  // Statistics for the planner, and a visibility map so counts can use index-only scans.
  await db.execute(sql`VACUUM ANALYZE books`);
  await db.execute(sql`VACUUM ANALYZE editions`);
  await db.execute(sql`VACUUM ANALYZE search_words`);
  return (await count(db, 'books')) - present;
}
