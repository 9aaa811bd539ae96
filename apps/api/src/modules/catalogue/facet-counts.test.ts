import { type BookFacets, type PagedBooks, pagedBooksSchema } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidateAnswers } from '../../lib/answers/cache.js';
import { useTestApp } from '../../test/app.js';
import { insertAuthor, insertBook, insertCategory } from '../../test/factories.js';
import { refreshTitlesById } from '../books/index.js';

/**
 * Every facet count is the number of titles its value lists: on /api/books/, a search, an author's and a
 * category's books, alone and beside other filters, over catalogues whose titles are sold as several
 * editions of different formats, conditions, prices and stock (docs/decisions/0027-exact-facet-counts.md).
 * The catalogues are random (fast-check, a fixed seed: a failure names its catalogue and reproduces).
 */

const SEED = 27;
const CATALOGUES = Number(process.env.FACET_CATALOGUES ?? 3);
const FORMATS = ['Paperback', 'Hardcover', 'eBook', 'Large Print'] as const;
const CONDITIONS = ['New', 'Used', 'Fairly Used'] as const;
const PRICES = [500, 799, 1050, 1200, 1500, 2400] as const;
const CATEGORIES = ['fiction', 'history', 'poetry'] as const;
const AUTHORS = ['mary-shelley', 'edward-gibbon', 'john-keats'] as const;
/** Every title's name holds "volume"; half of them "harbour" too (the two searches). */
const KEYWORDS = ['volume', 'harbour'] as const;

interface EditionSpec {
  format: (typeof FORMATS)[number];
  condition: (typeof CONDITIONS)[number];
  priceCents: number;
  /** Copies left (none for an eBook). */
  stock: number;
  /** Sold below its regular price (a sale reduces it). */
  reduced: boolean;
  /** In the shop (an edition removed while orders name it is not). */
  available: boolean;
}

interface TitleSpec {
  /** Index into CATEGORIES, or none. */
  category: number | null;
  author: number | null;
  ratingTenths: number;
  /** Staff may take a title off sale: then it is in stock nowhere. */
  available: boolean;
  inShop: boolean;
  editions: EditionSpec[];
}

const editionArb: fc.Arbitrary<EditionSpec> = fc.record({
  format: fc.constantFrom(...FORMATS),
  condition: fc.constantFrom(...CONDITIONS),
  priceCents: fc.constantFrom(...PRICES),
  stock: fc.constantFrom(0, 1, 3),
  reduced: fc.boolean(),
  available: fc.nat(5).map((n) => n > 0),
});

const titleArb: fc.Arbitrary<TitleSpec> = fc.record({
  category: fc.option(fc.nat(CATEGORIES.length - 1), { freq: 6 }),
  author: fc.option(fc.nat(AUTHORS.length - 1), { freq: 6 }),
  ratingTenths: fc.constantFrom(0, 12, 25, 38, 47),
  available: fc.nat(7).map((n) => n > 0),
  inShop: fc.nat(9).map((n) => n > 0),
  editions: fc.array(editionArb, { minLength: 1, maxLength: 4 }),
});

/** A query string's parts, each `name=value`. */
type Query = string[];

/** Filters a shopper may have chosen already (0 to 3 of them), as query parts. */
const filtersArb: fc.Arbitrary<Query> = fc
  .subarray(
    [
      fc.constantFrom(...CATEGORIES).map((c) => [`category=${c}`]),
      fc.constantFrom(...AUTHORS).map((a) => [`author=${a}`]),
      fc.subarray([...FORMATS], { minLength: 1, maxLength: 2 }).map((list) => list.map((f) => `book_type=${f}`)),
      fc.subarray([...CONDITIONS], { minLength: 1, maxLength: 2 }).map((list) => list.map((c) => `condition=${c}`)),
      fc.constantFrom(...PRICES).map((p) => [`price_min=${(p / 100).toFixed(2)}`]),
      fc.constantFrom(...PRICES).map((p) => [`price_max=${(p / 100).toFixed(2)}`]),
      fc.constantFrom(1, 2, 3).map((r) => [`rating_min=${r}`]),
      fc.constant(['in_stock=1']),
      fc.constant(['on_sale=1']),
    ],
    { minLength: 0, maxLength: 3 },
  )
  .chain((parts) => (parts.length === 0 ? fc.constant([[]] as Query[]) : fc.tuple(...parts)))
  .map((chosen) => chosen.flat());

describe('facet counts agree with the listings they lead to', () => {
  const ctx = useTestApp();
  const categoryIds: number[] = [];
  const authorIds: number[] = [];

  beforeAll(async () => {
    const db = ctx().app.db;
    for (const slug of CATEGORIES) categoryIds.push((await insertCategory(db, { name: slug, slug })).id);
    for (const slug of AUTHORS) authorIds.push((await insertAuthor(db, { name: slug, slug })).id);
  });

  /** Replaces the catalogue: each title's first edition is its row's (the first-edition trigger), the rest added. */
  async function load(titles: TitleSpec[]) {
    const db = ctx().app.db;
    await db.execute(sql`DELETE FROM books`);
    const ids: number[] = [];
    for (const [i, title] of titles.entries()) {
      const [first, ...others] = title.editions;
      const regular = (e: EditionSpec) => e.priceCents + (e.reduced ? 300 : 0);
      const book = await insertBook(db, {
        title: `Volume ${i}${i % 2 === 0 ? ' Harbour' : ' Lantern'}`,
        categoryId: title.category === null ? null : categoryIds[title.category]!,
        authorId: title.author === null ? null : authorIds[title.author]!,
        bookAuthor: title.author === null ? 'Anonymous' : AUTHORS[title.author]!,
        bookType: first!.format,
        condition: first!.condition,
        priceCents: first!.priceCents,
        regularPriceCents: regular(first!),
        stockAmount: first!.format === 'eBook' ? null : first!.stock,
        ratingTenths: title.ratingTenths,
        available: title.available,
        reviewStatus: title.inShop ? 'approved' : 'pending',
      });
      ids.push(book.id);
      for (const e of others) {
        await db.execute(
          sql`INSERT INTO editions (book_id, format, condition, price_cents, regular_price_cents, stock_amount, available)
              VALUES (${book.id}, ${e.format}, ${e.condition}, ${e.priceCents}, ${regular(e)},
                ${e.format === 'eBook' ? null : e.stock}, ${e.available})`,
        );
      }
      // The books module keeps one edition of a title in the shop at least (its last cannot be removed).
      if (!title.editions.some((e) => e.available)) continue;
      if (!first!.available) {
        await db.execute(sql`UPDATE editions SET available = false WHERE id = (
          SELECT min(id) FROM editions WHERE book_id = ${book.id})`);
      }
    }
    await refreshTitlesById(db, ids);
    invalidateAnswers(db);
  }

  const get = async (url: string): Promise<PagedBooks> => {
    const res = await ctx().app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return pagedBooksSchema.parse(res.json());
  };
  const without = (query: Query, ...names: string[]) =>
    query.filter((part) => !names.some((name) => part.startsWith(`${name}=`)));

  /**
   * One listing (`base` is its address up to the query) with `filters`: the facets it answers against
   * the listing each value gives. `own` is the facet the address itself fixes (an author's or a
   * category's page), whose other values are other pages.
   */
  async function expectFacetsAgree(base: string, filters: Query, own?: 'author' | 'category') {
    const at = (query: Query, pageSize = 100) => get(`${base}?${[...query, `page_size=${pageSize}`].join('&')}`);
    const label = `${base}?${filters.join('&')}`;
    const listed = await at(filters);
    const { meta } = await at([...filters, 'facets=1'], 1);
    const facets: BookFacets = meta.facets!;
    expect(meta.count, `${label}: count with and without facets`).toBe(listed.meta.count);
    expect(listed.data, `${label}: every listed book on one page`).toHaveLength(Math.min(listed.meta.count, 100));
    const known = { category: CATEGORIES, author: AUTHORS, book_type: FORMATS, condition: CONDITIONS };
    for (const name of ['category', 'author', 'book_type', 'condition'] as const) {
      const shown = new Map(facets[name].map((v) => [v.value, v.count]));
      for (const value of new Set([...shown.keys(), ...known[name]])) {
        const count = shown.get(value) ?? 0;
        let expected: number;
        if (name === own) {
          // Another author's (category's) page: the same filters on /api/books/ with that author.
          const page = base.split('/')[3];
          if (value === page) expected = listed.meta.count;
          else
            expected = (await get(`/api/books/?${[...filters, `${name}=${value}`, 'page_size=1'].join('&')}`)).meta
              .count;
        } else {
          expected = (await at([...without(filters, name), `${name}=${encodeURIComponent(value)}`], 1)).meta.count;
        }
        expect(count, `${label}: ${name} ${value}`).toBe(expected);
      }
    }
    for (const value of facets.rating) {
      const narrowed = await at([...without(filters, 'rating_min'), `rating_min=${value.value}`], 1);
      expect(value.count, `${label}: rating_min ${value.value}`).toBe(narrowed.meta.count);
    }
    for (const name of ['in_stock', 'on_sale'] as const) {
      const narrowed = await at([...without(filters, name), `${name}=1`], 1);
      expect(facets[name], `${label}: ${name}`).toBe(narrowed.meta.count);
    }
    // The price span: every title of the listing without a price filter has an edition within it, none
    // below its lowest or above its highest.
    const anyPrice = without(filters, 'price_min', 'price_max');
    const all = (await at(anyPrice, 1)).meta.count;
    const { min, max } = facets.price;
    if (min === null || max === null) {
      expect(all, `${label}: no price span, no title`).toBe(0);
    } else {
      const cents = (money: string, by: number) => ((Math.round(Number(money) * 100) + by) / 100).toFixed(2);
      const within = await at([...anyPrice, `price_min=${min}`, `price_max=${max}`], 1);
      expect(within.meta.count, `${label}: price ${min} to ${max}`).toBe(all);
      if (Number(min) > 0) {
        const below = await at([...anyPrice, `price_max=${cents(min, -1)}`], 1);
        expect(below.meta.count, `${label}: price below ${min}`).toBe(0);
      }
      const above = await at([...anyPrice, `price_min=${cents(max, 1)}`], 1);
      expect(above.meta.count, `${label}: price above ${max}`).toBe(0);
    }
  }

  it('on every listing, for random catalogues of titles sold as several editions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(titleArb, { minLength: 14, maxLength: 22 }),
        fc.array(filtersArb, { minLength: 4, maxLength: 4 }),
        async (titles, queries) => {
          await load(titles);
          for (const filters of [[], ...queries]) {
            await expectFacetsAgree('/api/books/', filters);
            for (const keyword of KEYWORDS) {
              await expectFacetsAgree('/api/books/', [`keyword=${keyword}`, ...filters]);
            }
            await expectFacetsAgree(`/api/authors/${AUTHORS[0]}/books/`, without(filters, 'author'), 'author');
            await expectFacetsAgree(
              `/api/categories/${CATEGORIES[1]}/books/`,
              without(filters, 'category'),
              'category',
            );
          }
        },
      ),
      { seed: SEED, numRuns: CATALOGUES, endOnFailure: true },
    );
  }, 600_000);

  it("counts an author's paperbacks that are not their titles' first editions", async () => {
    // Three titles by one author, each sold first as an eBook (the cheapest, so the default edition) and
    // also as a paperback; a fourth only as an eBook.
    const paperbackToo: EditionSpec = {
      format: 'Paperback',
      condition: 'New',
      priceCents: 1500,
      stock: 3,
      reduced: false,
      available: true,
    };
    const ebook: EditionSpec = { ...paperbackToo, format: 'eBook', priceCents: 799 };
    const title = (editions: EditionSpec[]): TitleSpec => ({
      category: 0,
      author: 2,
      ratingTenths: 0,
      available: true,
      inShop: true,
      editions,
    });
    await load([
      title([ebook, paperbackToo]),
      title([ebook, paperbackToo]),
      title([ebook, paperbackToo]),
      title([ebook]),
    ]);
    const page = await get(`/api/authors/${AUTHORS[2]}/books/?facets=1`);
    expect(page.meta.count).toBe(4);
    expect(page.meta.facets!.book_type.find((v) => v.value === 'Paperback')).toMatchObject({ count: 3 });
    expect(page.meta.facets!.book_type.find((v) => v.value === 'eBook')).toMatchObject({ count: 4 });
    const paperbacks = await get(`/api/authors/${AUTHORS[2]}/books/?book_type=Paperback&facets=1`);
    expect(paperbacks.meta.count).toBe(3);
    expect(paperbacks.meta.facets!.book_type.find((v) => v.value === 'Paperback')).toMatchObject({ count: 3 });
    // A price span that holds each title's paperback and eBook alike.
    expect(page.meta.facets!.price).toEqual({ min: '7.99', max: '15.00' });
  });

  it("gives a category's page its number of titles, each title once however many editions it has", async () => {
    const sold = (format: EditionSpec['format'], priceCents: number): EditionSpec => ({
      format,
      condition: 'New',
      priceCents,
      stock: 2,
      reduced: false,
      available: true,
    });
    const inFiction = (editions: EditionSpec[]): TitleSpec => ({
      category: 0,
      author: null,
      ratingTenths: 0,
      available: true,
      inShop: true,
      editions,
    });
    await load([
      inFiction([sold('Paperback', 1050), sold('eBook', 500), sold('Hardcover', 2400)]),
      inFiction([sold('Paperback', 1050)]),
      inFiction([sold('eBook', 799), sold('Paperback', 1200)]),
      { ...inFiction([sold('eBook', 799)]), category: 1 },
    ]);
    const category = await ctx().app.inject({ method: 'GET', url: `/api/categories/${CATEGORIES[0]}/` });
    expect(category.json<{ number_of_books: number }>().number_of_books).toBe(3);
    expect((await get(`/api/categories/${CATEGORIES[0]}/books/`)).meta.count).toBe(3);
  });
});
