import { RATING_THRESHOLDS } from '@bookstore/contract';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { invalidateAnswers } from '../../lib/answers/cache.js';
import { useTestApp } from '../../test/app.js';
import { createUser, insertAuthor, insertBook, insertCategory, type TestUser } from '../../test/factories.js';
import { type BookFilter, countBooks, type FacetRow, facetCounts, listBooks } from './repository.js';

/**
 * A listing filtered by format, condition or price is counted, and (when few titles match) paged newest
 * first, from the editions' copies of their title's category, author, "in the shop", "in stock" and date
 * (migration `edition_listing_copies`). Whatever is written, by the books module or directly, the count
 * and every page give what reading the titles and their editions directly gives.
 */
describe('listings filtered by edition, counted and paged from the editions', () => {
  const ctx = useTestApp();
  let staff: TestUser;
  let fiction = 0;
  let history = 0;
  let keats = 0;
  const ids: number[] = [];
  const ISBN = '9780141439518';
  const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));

  beforeAll(async () => {
    const { app } = ctx();
    staff = await createUser(app, { staff: true });
    fiction = (await insertCategory(app.db, { name: 'Fiction', slug: 'fiction' })).id;
    history = (await insertCategory(app.db, { name: 'History', slug: 'history' })).id;
    keats = (await insertAuthor(app.db, { name: 'John Keats', slug: 'john-keats' })).id;
    // 14 titles, several on the same day (the id decides between them), each first sold as one edition.
    for (let i = 0; i < 14; i++) {
      const book = await insertBook(app.db, {
        authorId: i % 3 === 0 ? keats : null,
        categoryId: i % 2 === 0 ? fiction : history,
        bookType: ['Paperback', 'Hardcover', 'eBook'][i % 3]!,
        condition: i % 5 === 0 ? 'Used' : 'New',
        priceCents: 600 + i * 150,
        stockAmount: i % 4 === 0 ? 0 : 2,
        createdAt: day(i % 5),
      });
      ids.push(book.id);
    }
  });

  const FILTERS = (): BookFilter[] => [
    { bookTypes: ['eBook'] },
    { categoryIds: [fiction], bookTypes: ['Paperback'], priceMaxCents: 1500 },
    { categoryIds: [fiction], bookTypes: ['Paperback', 'eBook'], priceMaxCents: 1500, inStock: true },
    { categoryIds: [fiction, history], conditions: ['Used'], priceMinCents: 500 },
    { conditions: ['Used', 'Fairly Used'], inStock: true },
    { categoryIds: [history], priceMinCents: 900, priceMaxCents: 1800 },
    { categoryIds: [fiction], bookTypes: ['Hardcover'], authorIds: [keats] },
  ];

  /** The titles the filter leaves, read from the books and their editions directly, in date order. */
  async function direct(filter: BookFilter, ascending: boolean): Promise<number[]> {
    const list = (values: (string | number)[]) =>
      sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      );
    const onTitle: SQL[] = [sql`b.review_status = 'approved'`];
    if (filter.categoryIds) onTitle.push(sql`b.category_id IN (${list(filter.categoryIds)})`);
    if (filter.authorIds) onTitle.push(sql`b.author_id IN (${list(filter.authorIds)})`);
    if (filter.inStock) onTitle.push(sql`b.available AND (b.stock_amount IS NULL OR b.stock_amount > 0)`);
    const onEdition: SQL[] = [sql`e.available`];
    if (filter.bookTypes) onEdition.push(sql`e.format IN (${list(filter.bookTypes)})`);
    if (filter.conditions) onEdition.push(sql`e.condition IN (${list(filter.conditions)})`);
    if (filter.priceMinCents !== undefined) onEdition.push(sql`e.price_cents >= ${filter.priceMinCents}`);
    if (filter.priceMaxCents !== undefined) onEdition.push(sql`e.price_cents <= ${filter.priceMaxCents}`);
    const order = sql.raw(ascending ? 'b.created_at, b.id' : 'b.created_at DESC, b.id DESC');
    const found = await rows<{ id: number }>(
      ctx().app.db,
      sql`SELECT b.id FROM books b WHERE ${sql.join(onTitle, sql` AND `)}
            AND b.id IN (SELECT e.book_id FROM editions e WHERE ${sql.join(onEdition, sql` AND `)})
          ORDER BY ${order}`,
    );
    return found.map((r) => r.id);
  }

  /** Every page of 3, by offset and right after the page before (keyset), from the editions and from the titles. */
  async function pages(filter: BookFilter, ordering: '-created_at' | 'created_at', matches?: number) {
    const db = ctx().app.db;
    const byOffset: number[] = [];
    const byKeyset: number[] = [];
    for (let offset = 0; ; offset += 3) {
      const page = await listBooks(db, filter, ordering, 3, { offset }, matches);
      byOffset.push(...page.map((b) => b.id));
      const afterId = byKeyset.at(-1);
      const start = afterId === undefined ? { offset: 0 } : { offset: 0, afterId };
      byKeyset.push(...(await listBooks(db, filter, ordering, 3, start, matches)).map((b) => b.id));
      if (page.length < 3) break;
    }
    return { byOffset, byKeyset };
  }

  async function expectSameAsReadingTitles(step: string) {
    const db = ctx().app.db;
    const [stale] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM editions e JOIN books b ON b.id = e.book_id
          WHERE (e.title_category_id, e.title_author_id, e.title_in_shop, e.title_in_stock, e.title_created_at)
            IS DISTINCT FROM (b.category_id, b.author_id, b.review_status = 'approved',
              b.available AND (b.stock_amount IS NULL OR b.stock_amount > 0), b.created_at)`,
    );
    expect(stale!.n, `${step}: editions whose copies of their title are stale`).toBe(0);
    // Each title's editions as the facets count them are its editions in the shop (migration `exact_facet_counts`).
    const [staleSets] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM books b JOIN title_edition_sets(ARRAY(SELECT id FROM books)) s ON s.book_id = b.id
          WHERE (b.edition_formats, b.edition_conditions, b.edition_prices) IS DISTINCT FROM (s.formats, s.conditions, s.prices)`,
    );
    expect(staleSets!.n, `${step}: titles whose editions the facets count are stale`).toBe(0);
    for (const filter of [{}, ...FILTERS()]) {
      const kept = await facetCounts(db, filter, null, RATING_THRESHOLDS);
      const counted = await facetCounts(db, filter, sql`SELECT id FROM books`, RATING_THRESHOLDS);
      const sorted = (found: FacetRow[]) => found.map((r) => JSON.stringify(r)).sort((a, b) => a.localeCompare(b));
      expect(sorted(kept), `${step}: facet counts kept for ${JSON.stringify(filter)}`).toEqual(sorted(counted));
    }
    for (const filter of FILTERS()) {
      const label = `${step}: ${JSON.stringify(filter)}`;
      const newest = await direct(filter, false);
      expect(await countBooks(db, filter), label).toBe(newest.length);
      for (const [ordering, expected] of [
        ['-created_at', newest],
        ['created_at', await direct(filter, true)],
      ] as const) {
        // From the editions (few matches) and from the titles (the count not known): the same books.
        for (const matches of [newest.length, undefined]) {
          const { byOffset, byKeyset } = await pages(filter, ordering, matches);
          expect(byOffset, `${label} ${ordering} by offset, matches ${matches}`).toEqual(expected);
          expect(byKeyset, `${label} ${ordering} after the page before, matches ${matches}`).toEqual(expected);
        }
      }
    }
  }

  const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const res = await ctx().app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<{ editions?: { id: number; format: string; condition: string }[] }>();
  };
  const editionsOf = async (bookId: number) =>
    rows<{ id: number; format: string; condition: string }>(
      ctx().app.db,
      sql`SELECT id, format, condition FROM editions WHERE book_id = ${bookId} ORDER BY id`,
    );
  const write = async (step: string, statement: SQL) => {
    await ctx().app.db.execute(statement);
    await expectSameAsReadingTitles(step);
  };

  it('gives what reading the titles gives, after every kind of edition write by the books module', async () => {
    await expectSameAsReadingTitles('first editions');
    // Staff add editions: a cheap used paperback and an eBook to some titles, a hardcover to others.
    for (const i of [0, 1, 2, 5, 8]) {
      await call('POST', `/api/books/${ids[i]}/editions/`, {
        format: 'Paperback',
        condition: 'Used',
        isbn: ISBN,
        price: '5.50',
        stock_amount: 1,
      });
      await call('POST', `/api/books/${ids[i]}/editions/`, { format: 'eBook', isbn: ISBN, price: `${7 + i}.00` });
    }
    for (const i of [3, 4, 6]) {
      await call('POST', `/api/books/${ids[i]}/editions/`, {
        format: 'Hardcover',
        isbn: ISBN,
        price: '30.00',
        stock_amount: 4,
      });
    }
    await expectSameAsReadingTitles('editions added');
    // A new price under and over a filter's bound, a new format, stock sold out (the title goes out of
    // stock with it when it was its only copy in stock) and back.
    const [, usedOf1] = await editionsOf(ids[1]!);
    await call('PUT', `/api/books/${ids[1]}/editions/${usedOf1!.id}/`, { price: '19.00' });
    await expectSameAsReadingTitles('repriced');
    const [firstOf7] = await editionsOf(ids[7]!);
    await call('PUT', `/api/books/${ids[7]}/editions/${firstOf7!.id}/`, { format: 'Paperback', price: '9.00' });
    await expectSameAsReadingTitles('format changed');
    const [firstOf9] = await editionsOf(ids[9]!);
    await call('PUT', `/api/books/${ids[9]}/editions/${firstOf9!.id}/`, { stock_amount: 0 });
    await expectSameAsReadingTitles('sold out');
    await call('PUT', `/api/books/${ids[9]}/editions/${firstOf9!.id}/`, { stock_amount: 3 });
    await expectSameAsReadingTitles('back in stock');
    // An edition removed.
    const ebookOf2 = (await editionsOf(ids[2]!)).find((e) => e.format === 'eBook')!;
    await call('DELETE', `/api/books/${ids[2]}/editions/${ebookOf2.id}/`);
    await expectSameAsReadingTitles('edition removed');
    // The old single-edition update of the title.
    await call('PUT', `/api/books/update/${ids[5]}/`, { price: '4.00', count_in_stock: 0 });
    await expectSameAsReadingTitles('old update');
  }, 240_000);

  it('gives what reading the titles gives, after direct writes to the titles and editions', async () => {
    const db = ctx().app.db;
    await write('category changed', sql`UPDATE books SET category_id = ${history} WHERE id = ${ids[0]}`);
    await write('out of the shop', sql`UPDATE books SET review_status = 'rejected' WHERE id = ${ids[2]}`);
    await write('back in the shop', sql`UPDATE books SET review_status = 'approved' WHERE id = ${ids[2]}`);
    await write('not available', sql`UPDATE books SET available = false WHERE id IN (${ids[1]}, ${ids[3]})`);
    await write('stock of the copy', sql`UPDATE books SET stock_amount = 0 WHERE id = ${ids[6]}`);
    await write('a new date', sql`UPDATE books SET created_at = ${day(9).toISOString()} WHERE id = ${ids[12]}`);
    await write('author removed', sql`DELETE FROM authors WHERE id = ${keats}`);
    await write(
      'an edition written directly',
      sql`INSERT INTO editions (book_id, format, condition, price_cents, regular_price_cents, stock_amount)
          VALUES (${ids[13]}, 'Paperback', 'Fairly Used', 700, 700, 1)`,
    );
    await write('an edition out of the shop', sql`UPDATE editions SET available = false WHERE book_id = ${ids[8]}`);
    await write('a stray copy', sql`UPDATE editions SET title_category_id = ${fiction}, title_in_shop = false`);
    await write('an edition moved', sql`UPDATE editions SET book_id = ${ids[4]} WHERE book_id = ${ids[13]}`);
    const added = await insertBook(db, {
      categoryId: fiction,
      bookType: 'eBook',
      priceCents: 800,
      createdAt: day(2),
    });
    await expectSameAsReadingTitles('a new title');
    await write('a title removed', sql`DELETE FROM books WHERE id IN (${added.id}, ${ids[10]})`);
  }, 240_000);

  it('answers the shop’s listing with the same count and books page after page', async () => {
    const db = ctx().app.db;
    invalidateAnswers(db);
    const filter = { categoryIds: [fiction, history], bookTypes: ['Paperback', 'eBook'], priceMaxCents: 1500 };
    const expected = await direct(filter, false);
    expect(expected.length).toBeGreaterThan(3);
    const base =
      '/api/books/?category=fiction&category=history&book_type=Paperback&book_type=eBook&price_max=15&page_size=2';
    const walked: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 2); page++) {
      const res = await ctx().app.inject({ method: 'GET', url: `${base}&facets=${page % 2}&page=${page}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ data: { id: number }[]; meta: { count: number } }>();
      expect(body.meta.count).toBe(expected.length);
      walked.push(...body.data.map((b) => b.id));
    }
    expect(walked).toEqual(expected);
  });
});
