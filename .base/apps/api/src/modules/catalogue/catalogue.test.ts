import { authorSchema, bookDetailSchema, bookSchema, categorySchema, pagedBooksSchema } from '@bookstore/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import {
  createAccount,
  insertAuthor,
  insertBook,
  insertCategory,
  insertReview,
  insertUser,
} from '../../test/factories.js';
import { invalidateAnswers } from '../../lib/answers/cache.js';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 24 * 60 * 60 * 1000);

describe('catalogue reads', () => {
  const ctx = useTestApp();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = ctx().app.db;
    const gothic = await insertCategory(db, { name: 'Gothic', slug: 'gothic', description: 'Dark houses' });
    const romance = await insertCategory(db, { name: 'Romance', slug: 'romance', featured: true });
    await insertCategory(db, { name: 'Empty Shelf', slug: 'empty-shelf' });
    const radcliffe = await insertAuthor(db, {
      name: 'Ann Radcliffe',
      slug: 'ann-radcliffe',
      brief: 'Queen of terror',
    });
    const austen = await insertAuthor(db, { name: 'Jane Austen', slug: 'jane-austen', featured: true });
    await insertAuthor(db, { name: 'Nobody Yet', slug: 'nobody-yet' });
    ids.gothic = gothic.id;
    ids.radcliffe = radcliffe.id;

    // 22 gothic books by Radcliffe, one a day, so the order is unambiguous.
    for (let i = 0; i < 22; i++) {
      const book = await insertBook(db, {
        title: `Gothic Tale ${String(i).padStart(2, '0')}`,
        bookAuthor: 'Ann Radcliffe',
        authorId: radcliffe.id,
        categoryId: gothic.id,
        createdAt: day(i),
        featured: i % 10 === 0,
      });
      ids[`tale${i}`] = book.id;
    }
    const emma = await insertBook(db, {
      title: 'Emma',
      slug: 'emma',
      bookAuthor: 'Jane Austen',
      authorId: austen.id,
      categoryId: romance.id,
      // Half price in a running sale: 25.98 regular, 12.99 now, 14.99 the lowest of the 30 days before.
      priceCents: 1299,
      regularPriceCents: 2598,
      priorPriceCents: 1499,
      ratingTenths: 45,
      reviewCount: 2,
      stockAmount: 0,
      image: 'covers/emma.jpg',
      imageVariants: [
        { width: 200, path: 'covers/emma-200.webp' },
        { width: 400, path: 'covers/emma-400.webp' },
      ],
      publishedDate: '1815-12-23',
      tags: ['regency', 'comedy'],
      createdAt: day(30),
    });
    ids.emma = emma.id;
    const persuasion = await insertBook(db, {
      title: 'Persuasion',
      bookAuthor: 'Jane Austen',
      authorId: austen.id,
      categoryId: romance.id,
      createdAt: day(31),
    });
    ids.persuasion = persuasion.id;
    const numeric = await insertBook(db, { title: '1984', slug: 'nineteen-eighty-four', createdAt: day(-5) });
    ids.numeric = numeric.id;

    const named = await insertUser(db, {
      username: 'reader1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profilePicture: 'avatars/ada.webp',
    });
    const bare = await insertUser(db, { username: 'reader2' });
    await insertReview(db, { bookId: emma.id, userId: named.id, rating: 5, comment: 'Lovely', createdAt: day(40) });
    await insertReview(db, { bookId: emma.id, userId: bare.id, rating: 4, comment: 'Fun', createdAt: day(41) });
    invalidateAnswers(db);
  });

  const get = (url: string) => ctx().app.inject({ method: 'GET', url });

  describe('GET /api/books/', () => {
    it('lists 20 books newest first with paging metadata', async () => {
      const res = await get('/api/books/');
      expect(res.statusCode).toBe(200);
      const body = pagedBooksSchema.parse(res.json());
      expect(body.data).toHaveLength(20);
      expect(body.meta).toEqual({ page: 1, pageSize: 20, count: 25, pages: 2, next: 2 });
      expect(body.data[0]!.title).toBe('Persuasion');
      expect(body.data[1]!.title).toBe('Emma');
      const dates = body.data.map((b) => b.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('serves the last page with next null', async () => {
      const body = pagedBooksSchema.parse((await get('/api/books/?page=2')).json());
      expect(body.data).toHaveLength(5);
      expect(body.meta.next).toBeNull();
      expect(body.data.at(-1)!.title).toBe('1984');
    });

    it('answers a page past the end with no books', async () => {
      const body = pagedBooksSchema.parse((await get('/api/books/?page=9')).json());
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ page: 9, count: 25, next: null });
    });

    it('honours ordering=created_at (oldest first) and page_size', async () => {
      const body = pagedBooksSchema.parse((await get('/api/books/?ordering=created_at&page_size=3')).json());
      expect(body.data.map((b) => b.title)).toEqual(['1984', 'Gothic Tale 00', 'Gothic Tale 01']);
      expect(body.meta).toMatchObject({ pageSize: 3, pages: 9, next: 2 });
    });

    it('filters by category and author, by slug or id', async () => {
      const byCategory = pagedBooksSchema.parse((await get('/api/books/?category=romance')).json());
      expect(byCategory.data.map((b) => b.title)).toEqual(['Persuasion', 'Emma']);
      expect(byCategory.meta.count).toBe(2);
      const byAuthor = pagedBooksSchema.parse((await get(`/api/books/?author=${ids.radcliffe}&page_size=5`)).json());
      expect(byAuthor.meta.count).toBe(22);
      expect(byAuthor.data.every((b) => b.book_author === 'Ann Radcliffe')).toBe(true);
    });

    it('writes every book field the contract names', async () => {
      const body = pagedBooksSchema.parse((await get('/api/books/')).json());
      const emma = body.data.find((b) => b.title === 'Emma')!;
      expect(emma).toMatchObject({
        id: ids.emma,
        slug: 'emma',
        image: '/media/covers/emma.jpg',
        image_srcset: '/media/covers/emma-200.webp 200w, /media/covers/emma-400.webp 400w',
        book_author: 'Jane Austen',
        author_slug: 'jane-austen',
        category_name: 'Romance',
        category_slug: 'romance',
        price: '12.99',
        original_price: '25.98',
        regular_price: '25.98',
        lowest_price_30d: '14.99',
        published_date: '1815-12-23',
        stock_amount: 0,
        count_in_stock: 0,
        available: true,
        tags: ['regency', 'comedy'],
        rating: 4.5,
        review_count: 2,
      });
      expect(emma.created_at).toBe('2025-01-31T00:00:00.000Z');
      const plain = body.data.find((b) => b.title === 'Gothic Tale 20')!;
      expect(plain).toMatchObject({
        image: null,
        image_srcset: null,
        original_price: '0.00',
        lowest_price_30d: null,
        rating: 0,
      });
    });

    it.each([
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=-1', 'page'],
      ['page_size=1000', 'page_size'],
      ['page_size=0', 'page_size'],
      ['ordering=drop', 'ordering'],
      [`keyword=${'a'.repeat(2000)}`, 'keyword'],
    ])('refuses %s with a 400 naming the field', async (query, field) => {
      const res = await get(`/api/books/?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error).toMatch(new RegExp(`^${field}: `));
      expect(body.fields[field]).toBeDefined();
    });

    it('answers an unknown category or author filter with a 404', async () => {
      const category = await get('/api/books/?category=no-such-thing');
      expect(category.statusCode).toBe(404);
      expect(category.json()).toEqual({ error: 'Category not found' });
      const author = await get('/api/books/?author=999999');
      expect(author.statusCode).toBe(404);
      expect(author.json()).toEqual({ error: 'Author not found' });
    });
  });

  describe('GET /api/books/book/...', () => {
    it('finds a book by id with a trailing slash, with its reviews newest first', async () => {
      const res = await get(`/api/books/book/${ids.emma}/`);
      expect(res.statusCode).toBe(200);
      const book = bookDetailSchema.parse(res.json());
      expect(book.title).toBe('Emma');
      expect(book.reviews.map((r) => [r.user, r.rating, r.comment])).toEqual([
        ['reader2', 4, 'Fun'],
        ['Ada Lovelace', 5, 'Lovely'],
      ]);
      expect(book.reviews[1]!.user_avatar).toBe('/media/avatars/ada.webp');
      expect(book.reviews[0]!.user_avatar).toBeNull();
    });

    it('finds a book by exact title in any case, without a trailing slash', async () => {
      const res = await get('/api/books/book/pERSUASION');
      expect(res.statusCode).toBe(200);
      const book = bookDetailSchema.parse(res.json());
      expect(book.id).toBe(ids.persuasion);
      expect(book.reviews).toEqual([]);
    });

    it('reads a number without a trailing slash as a title, and falls back to the slug', async () => {
      expect((await get('/api/books/book/1984')).json().id).toBe(ids.numeric);
      expect((await get('/api/books/book/nineteen-eighty-four')).json().id).toBe(ids.numeric);
    });

    it('decodes titles with spaces and punctuation', async () => {
      const res = await get(`/api/books/book/${encodeURIComponent('Gothic Tale 07')}`);
      expect(res.json().id).toBe(ids.tale7);
    });

    it.each(['/api/books/book/999999/', '/api/books/book/No%20Such%20Book', '/api/books/book/%20'])(
      'answers %s with 404 Book not found',
      async (url) => {
        const res = await get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Book not found' });
      },
    );
  });

  describe('GET /api/books/{id}/related/', () => {
    it('gives books by the same author first, then the same category, never the book itself', async () => {
      const res = await get(`/api/books/${ids.emma}/related/`);
      expect(res.statusCode).toBe(200);
      const related = bookSchema.array().parse(res.json());
      expect(related.map((b) => b.title)).toEqual(['Persuasion']);

      const tale = bookSchema.array().parse((await get(`/api/books/${ids.tale3}/related/`)).json());
      expect(tale).toHaveLength(8);
      expect(tale.map((b) => b.id)).not.toContain(ids.tale3);
      expect(tale.every((b) => b.book_author === 'Ann Radcliffe')).toBe(true);
    });

    it('gives an empty list for a book with neither author nor category', async () => {
      expect((await get(`/api/books/${ids.numeric}/related/`)).json()).toEqual([]);
    });

    it('answers an unknown book with 404 and a bad id with 400', async () => {
      const missing = await get('/api/books/999999/related/');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Book not found' });
      const bad = await get('/api/books/abc/related/');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/id/);
    });
  });

  it('GET /api/featured/ lists only featured books, newest first', async () => {
    const res = await get('/api/featured/');
    expect(res.statusCode).toBe(200);
    const featured = bookSchema.array().parse(res.json());
    expect(featured.map((b) => b.title)).toEqual(['Gothic Tale 20', 'Gothic Tale 10', 'Gothic Tale 00']);
  });

  describe('authors and categories', () => {
    it('lists authors with their number of books, featured first, then by name', async () => {
      const list = authorSchema.array().parse((await get('/api/authors/')).json());
      expect(list.map((a) => [a.name, a.number_of_books, a.featured])).toEqual([
        ['Jane Austen', 2, true],
        ['Ann Radcliffe', 22, false],
        ['Nobody Yet', 0, false],
      ]);
    });

    it('lists categories the same way', async () => {
      const list = categorySchema.array().parse((await get('/api/categories/')).json());
      expect(list.map((c) => [c.slug, c.number_of_books])).toEqual([
        ['romance', 2],
        ['empty-shelf', 0],
        ['gothic', 22],
      ]);
    });

    it('shows one author and one category by slug', async () => {
      const author = authorSchema.parse((await get('/api/authors/ann-radcliffe/')).json());
      expect(author).toMatchObject({ name: 'Ann Radcliffe', brief: 'Queen of terror', number_of_books: 22 });
      const category = categorySchema.parse((await get('/api/categories/gothic/')).json());
      expect(category).toMatchObject({ name: 'Gothic', description: 'Dark houses', number_of_books: 22 });
    });

    it("pages an author's and a category's books", async () => {
      const byAuthor = pagedBooksSchema.parse((await get('/api/authors/ann-radcliffe/books/?page=2')).json());
      expect(byAuthor.meta).toEqual({ page: 2, pageSize: 20, count: 22, pages: 2, next: null });
      expect(byAuthor.data.map((b) => b.title)).toEqual(['Gothic Tale 01', 'Gothic Tale 00']);
      const byCategory = pagedBooksSchema.parse((await get('/api/categories/romance/books/')).json());
      expect(byCategory.data.map((b) => b.title)).toEqual(['Persuasion', 'Emma']);
      const empty = pagedBooksSchema.parse((await get('/api/categories/empty-shelf/books/')).json());
      expect(empty).toEqual({ data: [], meta: { page: 1, pageSize: 20, count: 0, pages: 1, next: null } });
    });

    it('answers unknown slugs with 404 and clear messages', async () => {
      for (const [url, error] of [
        ['/api/authors/nobody-at-all/', 'Author not found'],
        ['/api/authors/nobody-at-all/books/', 'Author not found'],
        ['/api/categories/nothing-here/', 'Category not found'],
        ['/api/categories/nothing-here/books/', 'Category not found'],
      ] as const) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error });
      }
    });

    it('refuses bad paging on the books of an author', async () => {
      const res = await get('/api/authors/ann-radcliffe/books/?page=abc');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^page: /);
    });
  });
});

describe('catalogue cache', () => {
  const ctx = useTestApp({ answerCacheSeconds: 60 });
  const count = async () =>
    pagedBooksSchema.parse((await ctx().app.inject('/api/books/?page_size=1')).json()).meta.count;

  it('reuses answers until a write goes through the API, then shows it at once', async () => {
    const { app } = ctx();
    await insertBook(app.db, { title: 'First Arrival', createdAt: day(1) });
    expect(await count()).toBe(1);
    await insertBook(app.db, { title: 'A Late Arrival', createdAt: day(100) });
    // Written behind the server's back: the cached answer stands.
    expect(await count()).toBe(1);
    // A write the catalogue shows (a review), through the API: every cached answer goes.
    const reader = await createAccount(app);
    const review = await app.inject({
      method: 'POST',
      url: `/api/books/${encodeURIComponent('First Arrival')}/reviews/`,
      headers: reader.auth,
      payload: { rating: 4, comment: 'Arrived first.' },
    });
    expect(review.statusCode).toBe(201);
    const after = pagedBooksSchema.parse((await app.inject('/api/books/?page_size=1')).json());
    expect(after.meta.count).toBe(2);
    expect(after.data[0]!.title).toBe('A Late Arrival');
  });

  it('does not clear on reads or failed writes', async () => {
    const { app } = ctx();
    const before = await count();
    await insertBook(app.db, { title: 'Quiet Arrival' });
    await app.inject('/api/featured/');
    const refused = await app.inject({ method: 'POST', url: '/api/contact', payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(await count()).toBe(before);
    invalidateAnswers(app.db);
    expect(await count()).toBe(before + 1);
  });
});

describe("an author's and a category's page count", () => {
  const ctx = useTestApp();
  const meta = async (url: string) => pagedBooksSchema.parse((await ctx().app.inject(url)).json()).meta;

  it('counts the books in the shop, as the same filter on /api/books/ does', async () => {
    const { app } = ctx();
    const author = await insertAuthor(app.db, { name: 'Mary Shelley', slug: 'mary-shelley' });
    const category = await insertCategory(app.db, { name: 'Horror', slug: 'horror' });
    for (let i = 0; i < 3; i++) {
      await insertBook(app.db, { authorId: author.id, categoryId: category.id, bookType: 'eBook' });
    }
    await insertBook(app.db, { authorId: author.id, categoryId: category.id, bookType: 'Paperback' });
    // Not in the shop: waiting for review, and turned down.
    await insertBook(app.db, { authorId: author.id, categoryId: category.id, reviewStatus: 'pending' });
    await insertBook(app.db, { authorId: author.id, categoryId: category.id, reviewStatus: 'rejected' });
    // Someone else's, in the same category.
    await insertBook(app.db, { categoryId: category.id });

    const pairs = [
      ['/api/authors/mary-shelley/books/', '/api/books/?author=mary-shelley', 4],
      ['/api/authors/mary-shelley/books/?book_type=eBook', '/api/books/?author=mary-shelley&book_type=eBook', 3],
      ['/api/categories/horror/books/', '/api/books/?category=horror', 5],
      ['/api/categories/horror/books/?page_size=2&page=2', '/api/books/?category=horror&page_size=2&page=2', 5],
    ] as const;
    for (const [page, listing, count] of pairs) {
      const [a, b] = [await meta(page), await meta(listing)];
      expect(a, page).toEqual(b);
      expect(a.count, page).toBe(count);
    }
  });
});
