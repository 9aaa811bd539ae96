// `npm run seed -- --books N`: makes sure the catalogue holds at least N books, adding synthetic ones
// (for benchmarks) after the demo catalogue. Uses the same configuration as the server (DATABASE_URL,
// DATA_DIR), runs the migrations first, and inserts in batches of multi-row INSERTs.
import { parseArgs } from 'node:util';
import { BOOK_TYPES } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { rows } from '../db/rows.js';
import { authors, books } from '../db/schema.js';
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
    const threeYears = 3 * 365 * 24 * 60 * 60 * 1000;
    let added = 0;
    // Synthetic book i; an i whose title is already taken (a demo title, an earlier run) is skipped.
    let next = present;
    let batches = 0;
    while (present + added < target) {
      const rows: (typeof books.$inferInsert)[] = [];
      const end = next + Math.min(batchSize, target - present - added);
      for (let i = next; i < end; i++) {
        const h = hash(`book-${i}`);
        const title = syntheticTitle(i);
        const writer = pick(writers, h);
        const category = pick(categories, h >>> 4);
        const price = 499 + (h % 30) * 100;
        rows.push({
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
        });
      }
      // The trigger fills search_vector; the distinct words are collected once at the end.
      next = end;
      const inserted = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('bookstore.skip_search_words', 'on', true)`);
        return tx.insert(books).values(rows).onConflictDoNothing().returning({ id: books.id });
      });
      added += inserted.length;
      if (++batches % 10 === 0 || present + added >= target) {
        console.log(`seed: ${present + added} / ${target} books (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
    }
    await db.execute(sql`INSERT INTO search_words (word)
      SELECT DISTINCT w.lexeme FROM books b, unnest(b.search_vector) AS w
      WHERE length(w.lexeme) BETWEEN 2 AND 40 AND w.lexeme !~ '^[0-9]+$'
      ON CONFLICT (word) DO NOTHING`);
    // Statistics for the planner, and a visibility map so counts can use index-only scans.
    await db.execute(sql`VACUUM ANALYZE books`);
    await db.execute(sql`VACUUM ANALYZE search_words`);
    console.log(
      `seed: done, ${await count(db, 'books')} books, ${await count(db, 'authors')} authors in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
