import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BOOK_TYPES } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { rows } from '../db/rows.js';
import { authors, books, categories, editions, priceHistory } from '../db/schema.js';
import { openLedgers, refreshTitlesById } from '../modules/books/index.js';
import { createSale } from '../modules/promotions/index.js';
import { bannerSvg, coverSvg, hash, portraitSvg } from './art.js';
import { seedDemoActivity } from './demo-activity.js';
import { seedDemoEbooks } from './demo-ebooks.js';
import {
  DEMO_AUTHORS,
  DEMO_BOOKS,
  DEMO_CATEGORIES,
  type DemoAuthor,
  type DemoBook,
  type DemoCategory,
} from './demo-data.js';

/**
 * The demo catalogue a new store starts with (see demo-data.ts). Out of stock means `stock_amount` 0
 * with `available` still true: the book stays listed and can be restocked; `available` false is kept
 * for books the shop has withdrawn.
 */

const SEED_LOCK = 7_270_003;

const FEATURED = new Set([
  'pride-and-prejudice',
  'great-expectations',
  'crime-and-punishment',
  'frankenstein',
  'dracula',
  'the-hound-of-the-baskervilles',
  'the-time-machine',
  'moby-dick',
  'jane-eyre',
  'the-count-of-monte-cristo',
  'alices-adventures-in-wonderland',
  'les-miserables',
  'the-great-gatsby',
  'treasure-island',
]);

/**
 * The home page's headline sale: half price on the books readers bought most in the last 30 days,
 * for two weeks from the store's first start (docs/decisions/0019-sales-and-price-history.md).
 */
export const DEMO_SALE = { name: '50% off bestsellers', percentOff: 50, bestsellers: 8, days: 14 };

const OUT_OF_STOCK = new Set([
  'bleak-house',
  'the-last-man',
  'villette',
  'the-idiot',
  'through-the-looking-glass',
  'kidnapped',
]);

const PUBLISHERS = ['Lantern Classics', 'Harbor & Quill', 'Meridian House', 'Old Mill Press', 'Northlight Editions'];

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A well-formed ISBN-13 (valid check digit) derived from a text; invented, like the editions. */
export function isbnFor(text: string): string {
  const body = `978${String(hash(text) % 1_000_000_000).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export const coverPath = (slug: string) => `covers/${slug}.svg`;
export const portraitPath = (slug: string) => `authors/${slug}.svg`;
export const bannerPath = (slug: string) => `categories/${slug}.svg`;

function writeIfMissing(mediaDir: string, relative: string, draw: () => string) {
  const file = path.join(mediaDir, relative);
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, draw());
}

/** Draws the demo artwork that is not on disk yet (a new DATA_DIR beside an existing database, too). */
export function ensureDemoArt(mediaDir: string) {
  const categoryBySlug = new Map(DEMO_CATEGORIES.map((c) => [c.slug, c]));
  const authorBySlug = new Map(DEMO_AUTHORS.map((a) => [a.slug, a]));
  for (const category of DEMO_CATEGORIES)
    writeIfMissing(mediaDir, bannerPath(category.slug), () => bannerSvg(category));
  for (const author of DEMO_AUTHORS) writeIfMissing(mediaDir, portraitPath(author.slug), () => portraitSvg(author));
  for (const book of DEMO_BOOKS) {
    const slug = slugify(book.title);
    const category = categoryBySlug.get(book.category)!;
    writeIfMissing(mediaDir, coverPath(slug), () =>
      coverSvg({
        slug,
        title: book.title,
        author: authorBySlug.get(book.author)!.name,
        year: book.year,
        category: category.name,
        palette: category.palette,
      }),
    );
  }
}

const HOUR = 60 * 60 * 1000;

/** A demo edition beside a title's first one: a format, and for a used copy its condition and staff's note. */
interface DemoEdition {
  format: (typeof BOOK_TYPES)[number];
  condition?: 'Used' | 'Fairly Used';
  note?: string;
  /** An eBook whose file staff have not uploaded yet: the shop shows it "coming soon" (no file is made for it). */
  comingSoon?: true;
}

/**
 * The dozen demo titles sold more than one way (docs/decisions/0022-editions.md): a hardcover, an eBook
 * (no stock; its EPUB is made at seed time), or a single used copy at half the first edition's price.
 */
export const DEMO_EDITIONS: Record<string, DemoEdition[]> = {
  'pride-and-prejudice': [
    { format: 'Hardcover' },
    { format: 'Paperback', condition: 'Fairly Used', note: 'Pencil marks on 3 pages' },
    { format: 'eBook' },
  ],
  'sense-and-sensibility': [{ format: 'eBook' }, { format: 'Hardcover' }],
  emma: [{ format: 'eBook' }, { format: 'Paperback', condition: 'Used', note: 'Cover creased; pages clean' }],
  persuasion: [{ format: 'eBook' }, { format: 'Large Print' }],
  'great-expectations': [{ format: 'Hardcover' }, { format: 'eBook' }],
  'a-tale-of-two-cities': [
    { format: 'eBook' },
    { format: 'Paperback', condition: 'Fairly Used', note: 'A previous owner’s name inside the cover' },
  ],
  'oliver-twist': [{ format: 'eBook' }, { format: 'Hardcover' }],
  'a-christmas-carol': [{ format: 'eBook' }, { format: 'Hardcover' }],
  'war-and-peace': [{ format: 'eBook' }, { format: 'Hardcover' }],
  'anna-karenina': [
    { format: 'eBook' },
    { format: 'Hardcover', condition: 'Used', note: 'Spine faded by the sun; text unmarked' },
  ],
  'crime-and-punishment': [{ format: 'eBook' }, { format: 'Hardcover' }],
  'the-brothers-karamazov': [
    { format: 'eBook' },
    { format: 'Paperback', condition: 'Fairly Used', note: 'Underlining in the first chapter' },
  ],
  // Sold out in print, its eBook announced but not uploaded: "Coming soon" (docs/decisions/0023-ebook-delivery.md).
  villette: [{ format: 'eBook', comingSoon: true }],
};

/** The ISBNs of the demo's eBook editions that have no file yet ("coming soon"). */
export const DEMO_COMING_SOON_ISBNS = Object.entries(DEMO_EDITIONS).flatMap(([slug, list]) =>
  list.filter((edition) => edition.comingSoon).map((edition) => isbnFor(`${slug}:${edition.format}`)),
);

/** A demo edition's price, ISBN and stock, from its title's first edition: stable from one run to the next. */
export function demoEditionValues(first: { slug: string; priceCents: number }, edition: DemoEdition) {
  const used = edition.condition !== undefined;
  const priceCents = used
    ? Math.round(first.priceCents / 2)
    : edition.format === 'eBook'
      ? Math.max(299, first.priceCents - 400)
      : first.priceCents + 800;
  return {
    format: edition.format,
    condition: edition.condition ?? 'New',
    conditionNote: edition.note ?? '',
    isbn: used ? isbnFor(first.slug) : isbnFor(`${first.slug}:${edition.format}`),
    priceCents,
    regularPriceCents: priceCents,
    stockAmount: edition.format === 'eBook' ? null : used ? 1 : 2 + (hash(`${first.slug}:${edition.format}`) % 12),
  };
}

/** Prices, stock and edition details: invented, but stable from one run to the next. */
export function demoBookValues(book: DemoBook, index: number, now: number) {
  const slug = slugify(book.title);
  const h = hash(slug);
  const priceCents = 699 + (h % 14) * 100 + (h % 3 === 0 ? 100 : 0);
  const bookType = h % 10 < 5 ? 'Paperback' : h % 10 < 8 ? 'Hardcover' : BOOK_TYPES[2 + (h % (BOOK_TYPES.length - 2))]!;
  return {
    slug,
    priceCents,
    bookType,
    condition: index % 13 === 7 ? 'Used' : index % 17 === 11 ? 'Fairly Used' : 'New',
    publisher: PUBLISHERS[h % PUBLISHERS.length]!,
    isbn: isbnFor(slug),
    featured: FEATURED.has(slug),
    stockAmount: OUT_OF_STOCK.has(slug) ? 0 : 3 + (h % 40),
    // Shuffled by the slug's hash and spread over about a month, so newest-first means something.
    createdAt: new Date(now - ((h % 997) / 997) * 30 * 24 * HOUR - index * 60_000),
  };
}

/**
 * The columns a demo category's row and a demo author's share: name, slug, featured flag, the
 * generated picture, and a creation day, one a day from 1 January 2024 in the list's order.
 */
function shelfRow(entry: DemoCategory | DemoAuthor, index: number, picture: (slug: string) => string) {
  return {
    name: entry.name,
    slug: entry.slug,
    featured: entry.featured,
    image: picture(entry.slug),
    createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
  };
}

/**
 * Loads the demo catalogue when the store has no books, authors or categories. Safe to call from
 * several processes at once (an advisory lock inside one transaction) and on every start.
 */
export async function seedDemoCatalogueIfEmpty(
  db: Database,
  config: Pick<Config, 'mediaDir' | 'currency' | 'filesDir'>,
  log: { info(message: string): void },
) {
  ensureDemoArt(config.mediaDir);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [result] = await rows<{ filled: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM books) OR EXISTS (SELECT 1 FROM authors) OR EXISTS (SELECT 1 FROM categories) AS filled`,
    );
    if (result?.filled) return false;

    const categoryRows = await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((c, i) => ({ ...shelfRow(c, i, bannerPath), description: c.description })))
      .returning({ id: categories.id, slug: categories.slug });
    const authorRows = await tx
      .insert(authors)
      .values(DEMO_AUTHORS.map((a, i) => ({ ...shelfRow(a, i, portraitPath), brief: a.brief })))
      .returning({ id: authors.id, slug: authors.slug, name: authors.name });
    const categoryId = new Map(categoryRows.map((r) => [r.slug, r.id]));
    const authorBySlug = new Map(authorRows.map((r) => [r.slug, r]));

    const now = Date.now();
    const bookRows = await tx
      .insert(books)
      .values(
        DEMO_BOOKS.map((book, index) => {
          const values = demoBookValues(book, index, now);
          const author = authorBySlug.get(book.author)!;
          return {
            title: book.title,
            slug: values.slug,
            image: coverPath(values.slug),
            bookAuthor: author.name,
            authorId: author.id,
            categoryId: categoryId.get(book.category)!,
            priceCents: values.priceCents,
            regularPriceCents: values.priceCents,
            description: book.description,
            publisher: values.publisher,
            publishedDate: `${String(book.year).padStart(4, '0')}-01-01`,
            isbn: values.isbn,
            genre: book.genre,
            bookType: values.bookType,
            condition: values.condition,
            available: true,
            featured: values.featured,
            stockAmount: values.stockAmount,
            tags: book.tags,
            createdAt: values.createdAt,
            updatedAt: values.createdAt,
          };
        }),
      )
      .returning({
        id: books.id,
        title: books.title,
        image: books.image,
        priceCents: books.priceCents,
        featured: books.featured,
      });
    await tx.insert(priceHistory).values(
      bookRows.map((b, index) => ({
        bookId: b.id,
        priceCents: b.priceCents,
        reason: 'added',
        changedAt: demoBookValues(DEMO_BOOKS[index]!, index, now).createdAt,
      })),
    );
    const featured = new Set(bookRows.filter((b) => b.featured).map((b) => b.title));
    const activity = await seedDemoActivity(tx, bookRows, { featured, currency: config.currency, now });
    // Every title has its first edition (made by the database from its row); the demo orders bought it.
    await tx.execute(
      sql`UPDATE order_items oi SET edition_id = e.id, format = e.format, condition = e.condition
          FROM editions e WHERE e.book_id = oi.book_id AND oi.edition_id IS NULL`,
    );
    const withEditions = bookRows.flatMap((b, index) => {
      const values = demoBookValues(DEMO_BOOKS[index]!, index, now);
      return (DEMO_EDITIONS[values.slug] ?? []).map((edition) => ({
        bookId: b.id,
        ...demoEditionValues(values, edition),
      }));
    });
    if (withEditions.length > 0) await tx.insert(editions).values(withEditions);
    await refreshTitlesById(tx, [...new Set(withEditions.map((e) => e.bookId))]);
    // The stock ledger opens with the copies the demo shop has.
    await openLedgers(tx);
    return activity;
  });
  if (seeded) await startDemoSale(db);
  if (seeded) await seedDemoEbooks(db, config, DEMO_COMING_SOON_ISBNS);
  if (seeded) {
    log.info(
      `Loaded the demo catalogue: ${DEMO_BOOKS.length} books, ${DEMO_AUTHORS.length} authors, ${DEMO_CATEGORIES.length} categories; ` +
        `${seeded.readers} demo readers with ${seeded.orders} paid orders and ${seeded.reviews} reviews`,
    );
  }
  return seeded !== false;
}

/** The demo's headline sale, from now for DEMO_SALE.days, on the bestsellers of the demo orders. */
async function startDemoSale(db: Database) {
  const now = Date.now();
  await createSale(
    db,
    {
      name: DEMO_SALE.name,
      percent_off: DEMO_SALE.percentOff,
      target: 'bestsellers',
      target_ids: [],
      bestsellers: DEMO_SALE.bestsellers,
      headline: true,
      starts_at: new Date(now).toISOString(),
      ends_at: new Date(now + DEMO_SALE.days * 24 * HOUR).toISOString(),
    },
    null,
  );
}
