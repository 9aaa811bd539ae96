import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, reviews, users, wishlistItems } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import {
  createAccount,
  createUser,
  insertAuthor,
  insertBook,
  insertCategory,
  uniqueName,
} from '../../test/factories.js';
import { multipart, picture, pixelBomb as bomb } from '../../test/uploads.js';

describe('book writes', () => {
  const ctx = useTestApp();
  const app = () => ctx().app;
  const onDisk = (url: string) => path.join(ctx().config.mediaDir, url.replace('/media/', ''));

  async function refs() {
    const author = await insertAuthor(app().db, { name: `Writer ${uniqueName()}` });
    const category = await insertCategory(app().db);
    return { author, category };
  }

  async function validFields(overrides: Record<string, string> = {}) {
    const { author, category } = await refs();
    return {
      title: `A Book ${uniqueName()}`,
      publisher: 'Penguin',
      published_date: '2020-02-29',
      isbn: '978-0-14-143951-8',
      genre: 'Romance',
      author: String(author.id),
      category: String(category.id),
      book_type: 'Paperback',
      condition: 'New',
      original_price: '20',
      price: '19.99',
      stock_amount: '7',
      description: 'A story.',
      tags: ' classic, , romance ,england,',
      available: 'true',
      featured: 'false',
      ...overrides,
    };
  }

  async function create(auth: Record<string, string>, fields: Record<string, string>, cover: Buffer | null = null) {
    const image: Parameters<typeof multipart>[1] =
      cover === null ? {} : { image: { data: cover, name: 'cover.jpg', type: 'image/jpeg' } };
    const { payload, headers } = await multipart(fields, image);
    return app().inject({ method: 'POST', url: '/api/books/', payload, headers: { ...headers, ...auth } });
  }

  async function update(auth: Record<string, string>, id: number, fields: Record<string, string>, cover?: Buffer) {
    const image: Parameters<typeof multipart>[1] = cover
      ? { image: { data: cover, name: 'cover.png', type: 'image/png' } }
      : {};
    const { payload, headers } = await multipart(fields, image);
    return app().inject({ method: 'PUT', url: `/api/books/update/${id}/`, payload, headers: { ...headers, ...auth } });
  }

  async function approve(id: number) {
    const staff = await createAccount(app(), { staff: true });
    const res = await app().inject({ method: 'POST', url: `/api/admin/books/${id}/approve/`, headers: staff.auth });
    expect(res.statusCode, res.body).toBe(200);
  }

  describe('POST /api/books/', () => {
    it('adds a book with its cover in three sizes and formats, and it shows in the list and search', async () => {
      const { auth } = await createAccount(app());
      const fields = await validFields();
      const cover = await sharp({ create: { width: 1200, height: 1800, channels: 3, background: 'teal' } })
        .jpeg()
        .withExif({ IFD0: { Artist: 'Private Person' } })
        .toBuffer();
      const res = await create(auth, fields, cover);
      expect(res.statusCode).toBe(201);
      const book = res.json();
      expect(book).toMatchObject({
        title: fields.title,
        price: '19.99',
        // The typed original price is not struck through (decision 0019): no sale reduces this book.
        original_price: '0.00',
        regular_price: '19.99',
        lowest_price_30d: null,
        stock_amount: 7,
        isbn: '978-0-14-143951-8',
        tags: ['classic', 'romance', 'england'],
        author: Number(fields.author),
        category: Number(fields.category),
        book_type: 'Paperback',
        available: true,
        featured: false,
        published_date: '2020-02-29',
      });
      expect(book.review_status).toBe('pending');
      expect(book.book_author).toMatch(/^Writer /);
      expect(book.image).toMatch(/^\/media\/covers\/.+-960w\.jpg$/);
      expect(book.image_srcset).toMatch(/-240w\.jpg 240w, .+-480w\.jpg 480w, .+-960w\.jpg 960w$/);
      expect(book.image_sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp']);
      const meta = await sharp(onDisk(book.image)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 960, height: 1440 });
      expect(meta.exif).toBeUndefined();
      expect((await sharp(onDisk(book.image_sources[0].srcset.split(' ')[0])).metadata()).format).toBe('heif');

      // A reader's book is in the shop once staff approve it.
      await approve(book.id);
      const list = await app().inject({ url: '/api/books/?page_size=100' });
      expect(list.json().data.map((b: { id: number }) => b.id)).toContain(book.id);
      const search = await app().inject({ url: `/api/books/?keyword=${encodeURIComponent(fields.title)}` });
      expect(search.json().data[0].id).toBe(book.id);
    });

    it('accepts author 0 (none), a small cover and an ISBN-10 ending in X', async () => {
      const { auth } = await createAccount(app());
      const res = await create(
        auth,
        await validFields({ author: '0', isbn: '0-8044-2957-X' }),
        await picture('gif', 100),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ author: null, book_author: '', isbn: '0-8044-2957-X' });
      expect(res.json().image_srcset).toMatch(/-100w\.jpg 100w$/);
    });

    it('names every missing field in the shop’s words', async () => {
      const { auth } = await createAccount(app());
      const res = await create(auth, {});
      expect(res.statusCode).toBe(400);
      const { fields } = res.json();
      expect(fields).toMatchObject({
        title: ['Title is required'],
        publisher: ['Publisher is required'],
        published_date: ['Published date is required'],
        isbn: ['ISBN is required'],
        genre: ['Genre is required'],
        author: ['Author is required'],
        category: ['Category is required'],
        original_price: ['Original price is required'],
        price: ['Price is required'],
        stock_amount: ['Stock amount is required'],
        description: ['Description is required'],
        image: ['Cover image is required'],
      });
      expect(fields.book_type[0]).toMatch(/^Book type must be one of: Paperback, Hardcover/);
      expect(fields.condition[0]).toBe('Condition must be one of: New, Used, Fairly Used');
    });

    it.each([
      [{ price: '0' }, 'price', 'Price must be more than 0'],
      [{ price: '-1' }, 'price', 'Price must be more than 0'],
      [{ price: '12.999' }, 'price', 'Price must be an amount such as 12.99'],
      [{ original_price: '-0.01' }, 'original_price', 'Original price must be 0 or more'],
      [{ stock_amount: '2.5' }, 'stock_amount', 'Stock amount must be a whole number, 0 or more'],
      [{ stock_amount: '-1' }, 'stock_amount', 'Stock amount must be a whole number, 0 or more'],
      [{ isbn: '978-0-14-143951-9' }, 'isbn', 'Enter a valid ISBN-10 or ISBN-13 (the check digit does not match)'],
      [{ isbn: '12345' }, 'isbn', 'Enter a valid ISBN-10 or ISBN-13 (the check digit does not match)'],
      [{ published_date: '2021-02-30' }, 'published_date', 'Enter a date such as 2024-05-01'],
      [
        { book_type: 'Scroll' },
        'book_type',
        'Book type must be one of: Paperback, Hardcover, Board Book, Spiral Bound, Large Print, eBook',
      ],
      [{ condition: 'Mint' }, 'condition', 'Condition must be one of: New, Used, Fairly Used'],
      [{ author: 'tolstoy' }, 'author', 'Choose an author from the list'],
    ])('refuses %o', async (override, field, message) => {
      const { auth } = await createAccount(app());
      const res = await create(auth, await validFields(override), await picture('png'));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toEqual([message]);
    });

    it('keeps prices in exact cents', async () => {
      const { auth } = await createAccount(app());
      const res = await create(auth, await validFields({ price: '0.1', original_price: '1.10' }), await picture('png'));
      // A typed original price is kept for staff but never struck through: only a running sale reduces a
      // price (docs/decisions/0019-sales-and-price-history.md).
      expect(res.json()).toMatchObject({ price: '0.10', regular_price: '0.10', original_price: '0.00' });
    });

    it('refuses an unknown author or category', async () => {
      const { auth } = await createAccount(app());
      const res = await create(auth, await validFields({ author: '999999', category: '999999' }), await picture('png'));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        author: ['Choose an author from the list'],
        category: ['Choose a category from the list'],
      });
    });

    it('refuses a title that exists in any case (409)', async () => {
      const { auth } = await createAccount(app());
      const existing = await insertBook(app().db, { title: `Taken ${uniqueName()}` });
      const res = await create(auth, await validFields({ title: existing.title.toUpperCase() }), await picture('png'));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'title: A book with this title already exists',
        fields: { title: ['A book with this title already exists'] },
      });
    });

    it('checks the cover by its bytes, its size and its pixels', async () => {
      const { auth } = await createAccount(app());
      const disguised = await create(auth, await validFields(), Buffer.from('GIF89a but really a script'));
      expect(disguised.statusCode).toBe(400);
      expect(disguised.json().fields.image).toEqual(['Please upload a valid image file (JPEG, PNG, GIF or WebP)']);

      const text = await create(auth, await validFields(), Buffer.from('hello, not a picture'));
      expect(text.statusCode).toBe(400);

      const huge = Buffer.concat([await picture('jpeg'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const oversized = await create(auth, await validFields(), huge);
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json().fields.image).toEqual(['Image size should be less than 5MB']);

      const bombed = await create(auth, await validFields(), await bomb());
      expect(bombed.statusCode).toBe(413);
      expect(bombed.json().fields.image).toEqual(['This image has too many pixels. Please upload a smaller picture']);
    });

    it('needs a signed-in user with first name, last name and email', async () => {
      const fields = await validFields();
      const guest = await create({}, fields, await picture('png'));
      expect(guest.statusCode).toBe(401);

      const { user, auth } = await createAccount(app());
      await app().db.update(users).set({ lastName: '' }).where(eq(users.id, user.id));
      const incomplete = await create(auth, fields, await picture('png'));
      expect(incomplete.statusCode).toBe(403);
      expect(incomplete.json().error).toBe('Complete your profile first');
    });

    it('never asks staff to complete a profile: the owner made from ADMIN_EMAIL has no name', async () => {
      const staff = await createUser(app(), { staff: true });
      await app().db.update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, staff.id));
      const res = await create(staff.headers, await validFields(), await picture('png'));
      expect(res.statusCode, res.body).toBe(201);
    });

    it('never takes the creator from the form', async () => {
      const { user, auth } = await createAccount(app());
      const res = await create(auth, await validFields({ created_by: '1', id: '1' }), await picture('png'));
      expect(res.statusCode).toBe(201);
      expect(res.json().id).not.toBe(1);
      void user;
    });
  });

  describe('PUT /api/books/update/{id}/', () => {
    it('changes only what the dashboard sends (count_in_stock is the stock)', async () => {
      const staff = await createAccount(app(), { staff: true });
      const { category } = await refs();
      const book = await insertBook(app().db, { title: `Edit ${uniqueName()}`, description: 'Old', publisher: 'Kept' });
      const res = await update(staff.auth, book.id, {
        id: String(book.id),
        title: `${book.title} (2nd edition)`,
        count_in_stock: '12',
        category: String(category.id),
        description: 'New words',
        price: '8.50',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        title: `${book.title} (2nd edition)`,
        stock_amount: 12,
        count_in_stock: 12,
        category: category.id,
        description: 'New words',
        price: '8.50',
        publisher: 'Kept',
      });
    });

    it('replaces the cover and removes the old files', async () => {
      const staff = await createAccount(app(), { staff: true });
      const { auth } = await createAccount(app());
      const created = (await create(auth, await validFields(), await picture('png', 300))).json();
      const res = await update(staff.auth, created.id, {}, await picture('webp', 200));
      expect(res.statusCode).toBe(200);
      expect(res.json().image).not.toBe(created.image);
      expect(existsSync(onDisk(res.json().image))).toBe(true);
      expect(existsSync(onDisk(created.image))).toBe(false);
    });

    it('checks what it is sent', async () => {
      const staff = await createAccount(app(), { staff: true });
      const book = await insertBook(app().db);
      const other = await insertBook(app().db, { title: `Other ${uniqueName()}` });
      const bad = await update(staff.auth, book.id, { price: '0', count_in_stock: '-3', category: '999999' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        price: ['Price must be more than 0'],
        count_in_stock: ['Stock amount must be a whole number, 0 or more'],
      });
      const unknown = await update(staff.auth, book.id, { category: '999999' });
      expect(unknown.json().fields).toEqual({ category: ['Choose a category from the list'] });
      const taken = await update(staff.auth, book.id, { title: other.title.toLowerCase() });
      expect(taken.statusCode).toBe(409);
      const sameTitle = await update(staff.auth, book.id, { title: book.title });
      expect(sameTitle.statusCode).toBe(200);
      const cover = await update(staff.auth, book.id, {}, Buffer.from('not a picture'));
      expect(cover.statusCode).toBe(400);
      const missing = await update(staff.auth, 999_999, { price: '1' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('Book not found');
    });

    it('is for staff only', async () => {
      const book = await insertBook(app().db);
      expect((await update({}, book.id, { price: '1' })).statusCode).toBe(401);
      const shopper = await createAccount(app());
      const res = await update(shopper.auth, book.id, { price: '1' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('DELETE /api/books/{id}/', () => {
    it('removes the book from lists, search, counts and wishlists; orders stay readable as bought', async () => {
      const staff = await createAccount(app(), { staff: true });
      const shopper = await createAccount(app());
      const { auth } = await createAccount(app());
      const fields = await validFields({ title: `Vanishing Quokka ${uniqueName()}` });
      const book = (await create(auth, fields, await picture('png', 300))).json();
      await approve(book.id);
      const [order] = await app()
        .db.insert(orders)
        .values({ userId: shopper.user.id, totalCents: 1999, currency: 'USD', reservedUntil: new Date() })
        .returning();
      await app().db.insert(orderItems).values({
        orderId: order!.id,
        bookId: book.id,
        title: book.title,
        image: book.image,
        quantity: 1,
        priceCents: 1999,
      });
      await app().db.insert(wishlistItems).values({ userId: shopper.user.id, bookId: book.id });
      await app().db.insert(reviews).values({ userId: shopper.user.id, bookId: book.id, rating: 4, comment: 'Fine' });
      const authorSlug = book.author_slug;
      const before = await app().inject({ url: `/api/authors/${authorSlug}/` });
      expect(before.json().number_of_books).toBe(1);

      const res = await app().inject({ method: 'DELETE', url: `/api/books/${book.id}/`, headers: staff.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: 'Book deleted successfully' });

      expect((await app().inject({ url: `/api/books/book/${book.id}/` })).statusCode).toBe(404);
      const list = await app().inject({ url: '/api/books/?page_size=100' });
      expect(list.json().data.map((b: { id: number }) => b.id)).not.toContain(book.id);
      const search = await app().inject({ url: `/api/books/?keyword=${encodeURIComponent('Vanishing Quokka')}` });
      expect(search.json().data).toEqual([]);
      expect((await app().inject({ url: `/api/authors/${authorSlug}/` })).json().number_of_books).toBe(0);
      const categories = (await app().inject({ url: '/api/categories/' })).json();
      expect(categories.find((c: { id: number }) => c.id === Number(fields.category)).number_of_books).toBe(0);
      expect(await app().db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.user.id))).toEqual([]);
      const lookup = await app().inject({ url: `/api/books/lookup/?ids=${book.id}` });
      expect(lookup.json()).toEqual([]);

      const bought = await app().inject({ url: `/api/orders/${order!.id}/`, headers: shopper.auth });
      expect(bought.json().items).toEqual([
        expect.objectContaining({ book: null, title: book.title, image: book.image, price: '19.99', quantity: 1 }),
      ]);
      // The order still shows the cover it was bought with.
      expect(existsSync(onDisk(book.image))).toBe(true);
    });

    it('is for staff only, and says when the book is unknown', async () => {
      const book = await insertBook(app().db);
      expect((await app().inject({ method: 'DELETE', url: `/api/books/${book.id}/` })).statusCode).toBe(401);
      const shopper = await createAccount(app());
      expect(
        (await app().inject({ method: 'DELETE', url: `/api/books/${book.id}/`, headers: shopper.auth })).statusCode,
      ).toBe(403);
      const staff = await createAccount(app(), { staff: true });
      const missing = await app().inject({ method: 'DELETE', url: '/api/books/999999/', headers: staff.auth });
      expect(missing.statusCode).toBe(404);
      expect((await app().inject({ url: `/api/books/book/${book.id}/` })).statusCode).toBe(200);
    });
  });

  describe('GET /api/books/lookup/', () => {
    it('returns the books of these ids that still exist', async () => {
      const a = await insertBook(app().db);
      const res = await app().inject({ url: `/api/books/lookup/?ids=${a.id},999999` });
      expect(res.json().map((b: { id: number }) => b.id)).toEqual([a.id]);
      expect((await app().inject({ url: '/api/books/lookup/?ids=x' })).statusCode).toBe(400);
    });
  });
});
