import { BOOK_TYPES, type PagedBooks, pagedBooksSchema, RATING_THRESHOLDS } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { insertAuthor, insertBook, insertCategory } from '../../test/factories.js';
import { invalidateAnswers } from '../../lib/answers/cache.js';
import { rows } from '../../db/rows.js';
import { type BookFilter, type FacetRow, facetCounts } from './repository.js';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 24 * 60 * 60 * 1000);
const CONDITIONS = ['New', 'Used', 'Fairly Used'];
type Row = PagedBooks['data'][number];

describe('catalogue filters, facets and orderings', () => {
  const ctx = useTestApp();

  beforeAll(async () => {
    const db = ctx().app.db;
    const cats = [
      await insertCategory(db, { name: 'Fiction', slug: 'fiction' }),
      await insertCategory(db, { name: 'History', slug: 'history' }),
      await insertCategory(db, { name: 'Poetry', slug: 'poetry' }),
    ];
    const writers = [
      await insertAuthor(db, { name: 'Mary Shelley', slug: 'mary-shelley' }),
      await insertAuthor(db, { name: 'Edward Gibbon', slug: 'edward-gibbon' }),
      await insertAuthor(db, { name: 'John Keats', slug: 'john-keats' }),
    ];
    // 36 books whose properties vary independently, so every combination of filters leaves a few.
    for (let i = 0; i < 36; i++) {
      await insertBook(db, {
        title: `${i % 4 === 0 ? 'Prejudice' : 'Volume'} ${String.fromCharCode(65 + ((i * 7) % 26))}${i}`,
        bookAuthor: writers[i % 3]!.name,
        authorId: writers[i % 3]!.id,
        categoryId: i === 35 ? null : cats[Math.floor(i / 3) % 3]!.id,
        bookType: BOOK_TYPES[i % 4]!,
        condition: CONDITIONS[i % 3]!,
        priceCents: 500 + ((i * 37) % 30) * 100,
        // Every fifth book is reduced by a sale: its regular price is higher than its price now.
        regularPriceCents: 500 + ((i * 37) % 30) * 100 + (i % 5 === 0 ? 300 : 0),
        ratingTenths: (i * 13) % 51,
        reviewCount: i % 5,
        stockAmount: i % 4 === 1 ? 0 : 3,
        available: i % 9 !== 4,
        createdAt: day(i),
      });
    }
    invalidateAnswers(db);
  });

  const get = (url: string) => ctx().app.inject({ method: 'GET', url });
  async function list(query: string): Promise<PagedBooks> {
    const res = await get(`/api/books/?${query.includes('page_size=') ? '' : 'page_size=100&'}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return pagedBooksSchema.parse(res.json());
  }
  const direct = async (where: string) => {
    const [row] = await rows<{ n: number }>(
      ctx().app.db,
      sql.raw(`SELECT count(*)::int AS n FROM books b WHERE ${where}`),
    );
    return row!.n;
  };

  describe('filters', () => {
    it.each([
      ['category=fiction', "b.category_id = (SELECT id FROM categories WHERE slug = 'fiction')"],
      [
        'category=fiction&category=poetry',
        "b.category_id IN (SELECT id FROM categories WHERE slug IN ('fiction', 'poetry'))",
      ],
      ['author=john-keats', "b.author_id = (SELECT id FROM authors WHERE slug = 'john-keats')"],
      ['book_type=Paperback&book_type=eBook', "b.book_type IN ('Paperback', 'eBook')"],
      ['book_type=hardcover', "b.book_type = 'Hardcover'"],
      ['condition=Used', "b.condition = 'Used'"],
      ['price_min=20', 'b.price_cents >= 2000'],
      ['price_max=12.50', 'b.price_cents <= 1250'],
      ['price_min=10&price_max=20', 'b.price_cents BETWEEN 1000 AND 2000'],
      ['rating_min=3.5', 'b.rating_tenths >= 35'],
      ['in_stock=1', 'b.available AND b.stock_amount > 0'],
      ['in_stock=0', 'true'],
      ['on_sale=1', 'b.price_cents < b.regular_price_cents'],
      ['on_sale=1&price_max=15', 'b.price_cents < b.regular_price_cents AND b.price_cents <= 1500'],
      [
        'category=history&author=mary-shelley&in_stock=true&price_max=30',
        "b.category_id = (SELECT id FROM categories WHERE slug = 'history') AND b.author_id = (SELECT id FROM authors WHERE slug = 'mary-shelley') AND b.available AND b.stock_amount > 0 AND b.price_cents <= 3000",
      ],
      [
        'book_type=Hardcover&condition=New&rating_min=1',
        "b.book_type = 'Hardcover' AND b.condition = 'New' AND b.rating_tenths >= 10",
      ],
    ])('%s lists exactly the books a direct count finds', async (query, where) => {
      const body = await list(query);
      const expected = await direct(where);
      expect(expected).toBeGreaterThan(0);
      expect(body.meta.count).toBe(expected);
      expect(body.data).toHaveLength(expected);
      expect(body.meta.facets).toBeUndefined();
    });

    it('keeps filters when paging, and combines them with a keyword', async () => {
      const first = await list('category=fiction&page_size=2&page=1');
      const all = await list('category=fiction');
      expect(first.meta.count).toBe(all.meta.count);
      const searched = await list('keyword=prejudice&in_stock=1');
      expect(searched.data.length).toBeGreaterThan(0);
      expect(searched.meta.count).toBe(
        await direct("b.title LIKE 'Prejudice%' AND b.available AND b.stock_amount > 0"),
      );
      expect(searched.data.every((b) => b.title.startsWith('Prejudice') && b.available && b.in_stock)).toBe(true);
    });

    it('gives an empty page when nothing matches', async () => {
      const body = await list('category=poetry&price_min=999');
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ count: 0, pages: 1, next: null });
    });
  });

  describe('facet counts', () => {
    const facetQueries = [
      '',
      'category=fiction',
      'category=fiction&price_max=20',
      'author=mary-shelley&book_type=Paperback&book_type=Hardcover&in_stock=1',
      'condition=Used&rating_min=2&price_min=8',
      'keyword=prejudice&category=history',
      'keyword=volme&in_stock=1&book_type=eBook',
      'on_sale=1&category=fiction',
    ];
    const without = (query: string, name: string) =>
      query
        .split('&')
        .filter((part) => part && !part.startsWith(`${name}=`))
        .join('&');

    it.each(facetQueries)('each value of each facet counts what choosing it gives (%s)', async (query) => {
      const { meta } = await list(`${query}&facets=1`);
      const facets = meta.facets!;
      expect(facets).toBeDefined();
      expect(meta.count).toBe((await list(query)).meta.count);
      for (const name of ['category', 'author', 'book_type', 'condition'] as const) {
        for (const value of facets[name]) {
          const narrowed = await list(`${without(query, name)}&${name}=${encodeURIComponent(value.value)}`);
          expect(value.count, `${name}=${value.value}`).toBe(narrowed.meta.count);
        }
      }
      for (const value of facets.rating) {
        const narrowed = await list(`${without(query, 'rating_min')}&rating_min=${value.value}`);
        expect(value.count, `rating_min=${value.value}`).toBe(narrowed.meta.count);
      }
      const inStock = await list(`${without(query, 'in_stock')}&in_stock=1`);
      expect(facets.in_stock).toBe(inStock.meta.count);
      const onSale = await list(`${without(query, 'on_sale')}&on_sale=1`);
      expect(facets.on_sale).toBe(onSale.meta.count);
      const anyPrice = await list(without(without(query, 'price_min'), 'price_max'));
      const prices = anyPrice.data.map((b) => Number(b.price));
      expect(facets.price.min).toBe(prices.length ? Math.min(...prices).toFixed(2) : null);
      expect(facets.price.max).toBe(prices.length ? Math.max(...prices).toFixed(2) : null);
    });

    it('matches a direct count with every filter but the facet own', async () => {
      const { meta } = await list('category=fiction&price_max=20&in_stock=1&facets=1');
      const history = meta.facets!.category.find((c) => c.value === 'history')!;
      expect(history).toMatchObject({ label: 'History' });
      expect(history.count).toBe(
        await direct(
          "b.category_id = (SELECT id FROM categories WHERE slug = 'history') AND b.price_cents <= 2000 AND b.available AND b.stock_amount > 0",
        ),
      );
      const paperback = meta.facets!.book_type.find((t) => t.value === 'Paperback')!;
      expect(paperback.count).toBe(
        await direct(
          "b.book_type = 'Paperback' AND b.category_id = (SELECT id FROM categories WHERE slug = 'fiction') AND b.price_cents <= 2000 AND b.available AND b.stock_amount > 0",
        ),
      );
      expect(meta.facets!.in_stock).toBe(meta.count);
    });

    it('lists a selected value even when the other filters leave none of it, and every book type', async () => {
      const { meta } = await list('author=john-keats&category=poetry&price_min=999&facets=1');
      expect(meta.facets!.author.find((a) => a.value === 'john-keats')).toEqual({
        value: 'john-keats',
        label: 'John Keats',
        count: 0,
      });
      expect(meta.facets!.book_type.map((t) => t.value)).toEqual([...BOOK_TYPES]);
      expect(meta.facets!.rating.map((r) => r.label)).toEqual([
        '4 stars & up',
        '3 stars & up',
        '2 stars & up',
        '1 star & up',
      ]);
    });

    it('says which words were searched when a typo was corrected', async () => {
      expect((await list('keyword=prejudce&facets=1')).meta.corrected_query).toBe('prejudice');
      expect((await list('keyword=prejudice&facets=1')).meta.corrected_query).toBeNull();
      expect((await list('keyword=prejudce')).meta).not.toHaveProperty('corrected_query');
      expect((await list('facets=1')).meta).not.toHaveProperty('corrected_query');
      const exact = await list('keyword=prejudce&exact=1&facets=1');
      expect(exact.meta.corrected_query).toBeNull();
      // Nothing has the word as typed: only the "titles like it" fallback answers.
      expect(exact.meta.facets!.category.every((c) => c.count === 0)).toBe(true);
    });

    it('works on the books of an author and of a category', async () => {
      const res = await get('/api/categories/fiction/books/?in_stock=1&facets=1&ordering=price');
      expect(res.statusCode, res.body).toBe(200);
      const body = pagedBooksSchema.parse(res.json());
      expect(body.meta.count).toBe(
        await direct(
          "b.category_id = (SELECT id FROM categories WHERE slug = 'fiction') AND b.available AND b.stock_amount > 0",
        ),
      );
      // The page's own category is a filter like any other: its facet counts over the other filters.
      expect(body.meta.facets!.category).toContainEqual({ value: 'fiction', label: 'Fiction', count: body.meta.count });
      const byBoth = await get('/api/authors/mary-shelley/books/?category=history&category=poetry&page_size=100');
      expect(byBoth.statusCode, byBoth.body).toBe(200);
      expect(pagedBooksSchema.parse(byBoth.json()).meta.count).toBe(
        await direct(
          "b.author_id = (SELECT id FROM authors WHERE slug = 'mary-shelley') AND b.category_id IN (SELECT id FROM categories WHERE slug IN ('history', 'poetry'))",
        ),
      );
    });
  });

  describe('orderings', () => {
    const sortedBy = <T>(list: T[], key: (x: T) => number | string, desc = false) =>
      [...list].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const order = x < y ? -1 : x > y ? 1 : 0;
        return desc ? -order : order;
      });

    it.each([
      ['price', (b: Row) => Number(b.price), false],
      ['-price', (b: Row) => Number(b.price), true],
      ['-rating', (b: Row) => b.rating, true],
      ['title', (b: Row) => b.title.toLowerCase(), false],
    ] as [string, (b: Row) => number | string, boolean][])(
      'ordering=%s sorts the list, with filters and with a keyword',
      async (ordering, key, desc) => {
        for (const query of [
          `ordering=${ordering}`,
          `ordering=${ordering}&in_stock=1`,
          `ordering=${ordering}&keyword=volume`,
        ]) {
          const body = await list(query);
          expect(body.data.length).toBeGreaterThan(3);
          expect(body.data.map(key)).toEqual(sortedBy(body.data, key, desc).map(key));
        }
      },
    );

    it('pages through a price ordering without repeating or losing a book', async () => {
      const all = (await list('ordering=price')).data.map((b) => b.id);
      const paged: number[] = [];
      for (let page = 1; page <= 4; page++) {
        paged.push(...(await list(`ordering=price&page_size=10&page=${page}`)).data.map((b) => b.id));
      }
      expect(paged).toEqual(all);
    });

    it('orders a keyword search by relevance by default and when asked', async () => {
      const byDefault = await list('keyword=prejudice');
      const asked = await list('keyword=prejudice&ordering=relevance');
      expect(asked.data.map((b) => b.id)).toEqual(byDefault.data.map((b) => b.id));
      const noKeyword = await list('ordering=relevance');
      expect(noKeyword.data.map((b) => b.id)).toEqual((await list('')).data.map((b) => b.id));
    });
  });

  describe('unchanged calls', () => {
    it("answers the spec's ?page=&ordering= exactly as before, with no new fields", async () => {
      const plain = await get('/api/books/?page=1');
      const explicit = await get('/api/books/?page=1&ordering=-created_at');
      expect(explicit.body).toBe(plain.body);
      expect(Object.keys(plain.json().meta)).toEqual(['page', 'pageSize', 'count', 'pages', 'next']);
      const oldest = pagedBooksSchema.parse((await get('/api/books/?page=2&ordering=created_at&page_size=5')).json());
      expect(oldest.data.map((b) => b.created_at)).toEqual([...oldest.data.map((b) => b.created_at)].sort());
      const search = await get('/api/books/?keyword=prejudce');
      expect(Object.keys(search.json().meta)).toEqual(['page', 'pageSize', 'count', 'pages', 'next']);
    });
  });

  describe('bad values', () => {
    it.each([
      ['book_type=Scroll', 'book_type', 'book_type must be one of: Paperback'],
      ['condition=Mint', 'condition', 'condition must be one of: New, Used, Fairly Used'],
      ['price_min=cheap', 'price_min', 'price_min must be an amount such as 20 or 12.99'],
      ['price_max=-5', 'price_max', 'price_max must be an amount such as 20 or 12.99'],
      ['price_max=1.234', 'price_max', 'price_max must be an amount'],
      ['price_min=30&price_max=10', 'price_min', 'price_min must not be more than price_max'],
      ['rating_min=6', 'rating_min', 'rating_min must be a rating from 0 to 5'],
      ['rating_min=five', 'rating_min', 'rating_min must be a rating from 0 to 5'],
      ['in_stock=maybe', 'in_stock', 'in_stock must be 1 or 0'],
      ['facets=yes', 'facets', 'facets must be 1 or 0'],
      ['exact=2', 'exact', 'exact must be 1 or 0'],
      ['ordering=popularity', 'ordering', 'ordering must be one of: -created_at, created_at, price'],
      [`category=${'x'.repeat(201)}`, 'category', 'category must be at most 200 characters'],
      [
        Array.from({ length: 21 }, () => 'condition=New').join('&'),
        'condition',
        'condition may be given at most 20 times',
      ],
    ])('refuses %s with a 400 and a sentence', async (query, field, message) => {
      const res = await get(`/api/books/?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error).toContain(message);
      expect(body.fields[field]).toBeDefined();
    });

    it('answers an unknown category among several with a 404', async () => {
      const res = await get('/api/books/?category=fiction&category=no-such-shelf');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Category not found' });
    });
  });
});

describe('facet counts kept beside the books', () => {
  const ctx = useTestApp();
  const FILTERS: BookFilter[] = [
    {},
    { inStock: true },
    { bookTypes: ['eBook'], priceMaxCents: 1500 },
    { conditions: ['Used'], ratingMinTenths: 20, inStock: true },
  ];
  const sorted = (found: FacetRow[]) => found.map((r) => JSON.stringify(r)).sort((a, b) => a.localeCompare(b));
  /** The kept counts give what counting every book in the shop gives, for each filter (and its categories'). */
  async function expectSameAsCounting(categoryIds: number[]) {
    const db = ctx().app.db;
    for (const base of FILTERS) {
      for (const filter of [base, { ...base, categoryIds }]) {
        const kept = await facetCounts(db, filter, null, RATING_THRESHOLDS);
        const counted = await facetCounts(db, filter, sql`SELECT id FROM books`, RATING_THRESHOLDS);
        expect(sorted(kept), JSON.stringify(filter)).toEqual(sorted(counted));
      }
    }
  }

  it('stays right through every kind of write to the books', async () => {
    const db = ctx().app.db;
    const fiction = await insertCategory(db, { name: 'Fiction', slug: 'fiction' });
    const history = await insertCategory(db, { name: 'History', slug: 'history' });
    const keats = await insertAuthor(db, { name: 'John Keats', slug: 'john-keats' });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const book = await insertBook(db, {
        authorId: i % 3 === 0 ? keats.id : null,
        categoryId: i % 2 === 0 ? fiction.id : history.id,
        bookType: BOOK_TYPES[i % 3]!,
        condition: CONDITIONS[i % 3]!,
        priceCents: 800 + i * 100,
        ratingTenths: i * 4,
        stockAmount: i % 4 === 0 ? 0 : 2,
        reviewStatus: i === 11 ? 'pending' : 'approved',
      });
      ids.push(book.id);
    }
    const cats = [fiction.id];
    await expectSameAsCounting(cats);
    const change = async (statement: ReturnType<typeof sql>) => {
      await db.execute(statement);
      await expectSameAsCounting(cats);
    };
    // Stock sold out, and back; a stock change that keeps the book in stock.
    await change(sql`UPDATE books SET stock_amount = 0 WHERE id = ${ids[1]}`);
    await change(sql`UPDATE books SET stock_amount = 5 WHERE id = ${ids[0]}`);
    await change(sql`UPDATE books SET stock_amount = stock_amount + 1 WHERE id = ${ids[2]}`);
    // Several books at once: a new price, another category, a new rating.
    await change(sql`UPDATE books SET price_cents = price_cents + 250 WHERE id IN (${ids[3]}, ${ids[4]}, ${ids[5]})`);
    await change(sql`UPDATE books SET category_id = ${history.id}, book_type = 'eBook' WHERE id = ${ids[6]}`);
    await change(sql`UPDATE books SET rating_tenths = 50, condition = 'Used' WHERE id = ${ids[7]}`);
    // Into the shop and out of it; taken off sale.
    await change(sql`UPDATE books SET review_status = 'approved' WHERE id = ${ids[11]}`);
    await change(sql`UPDATE books SET review_status = 'rejected' WHERE id = ${ids[8]}`);
    await change(sql`UPDATE books SET available = false WHERE id = ${ids[9]}`);
    // Removed, and its author removed (the books lose their author).
    await change(sql`DELETE FROM books WHERE id = ${ids[10]}`);
    await change(sql`DELETE FROM authors WHERE id = ${keats.id}`);
    // A new book in a new combination, then every book gone.
    await insertBook(db, { categoryId: fiction.id, bookType: 'Large Print', priceCents: 9999 });
    await expectSameAsCounting(cats);
    await change(sql`DELETE FROM books`);
    const [left] = await rows<{ n: number; totals: number }>(
      db,
      sql`SELECT (SELECT coalesce(sum(n), 0)::int FROM book_facet_counts) AS n,
            (SELECT coalesce(sum(n), 0)::int FROM book_facet_totals) AS totals`,
    );
    expect(left).toEqual({ n: 0, totals: 0 });
  });
});
