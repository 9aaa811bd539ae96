import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { authorSchema, bookSchema, categorySchema, pagedBooksSchema } from '@bookstore/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { isbnFor, seedDemoCatalogueIfEmpty, slugify } from './demo.js';

describe('demo catalogue', () => {
  const ctx = useTestApp();

  it('loads at least 60 books, 20 authors and 8 categories into an empty store, quickly', async () => {
    const { app, config } = ctx();
    const started = Date.now();
    expect(await seedDemoCatalogueIfEmpty(app.db, config, app.log)).toBe(true);
    // About half a second on an idle machine; the bound leaves room for a busy CI runner.
    expect(Date.now() - started).toBeLessThan(10_000);

    const page = pagedBooksSchema.parse((await app.inject('/api/books/?page_size=100')).json());
    expect(page.meta.count).toBeGreaterThanOrEqual(60);
    const authors = authorSchema.array().parse((await app.inject('/api/authors/')).json());
    const categories = categorySchema.array().parse((await app.inject('/api/categories/')).json());
    expect(authors.length).toBeGreaterThanOrEqual(20);
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(authors.every((a) => a.brief.length > 40 && a.number_of_books > 0)).toBe(true);
    expect(categories.every((c) => c.description.length > 40 && c.number_of_books > 0)).toBe(true);
    expect(authors.some((a) => a.featured) && categories.some((c) => c.featured)).toBe(true);

    const books = page.data;
    expect(books.filter((b) => b.featured).length).toBeGreaterThanOrEqual(8);
    expect(books.some((b) => Number(b.original_price) > Number(b.price))).toBe(true);
    expect(books.some((b) => b.original_price === (Number(b.price) * 2).toFixed(2))).toBe(true);
    const outOfStock = books.filter((b) => b.count_in_stock === 0);
    expect(outOfStock.length).toBeGreaterThanOrEqual(3);
    expect(outOfStock.every((b) => b.available)).toBe(true);
    expect(new Set(books.map((b) => b.created_at)).size).toBe(books.length);
    for (const book of books) {
      expect(book.description.length).toBeGreaterThan(80);
      expect(book.author).not.toBeNull();
      expect(book.category_name).toBeTruthy();
      expect(book.published_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(book.isbn).toMatch(/^\d{13}$/);
      expect(book.image).toMatch(/^\/media\/covers\/[a-z0-9-]+\.svg$/);
    }
    expect(books.find((b) => b.title === 'Les Misérables')).toMatchObject({
      book_author: 'Victor Hugo',
      published_date: '1862-01-01',
      slug: 'les-miserables',
    });
  });

  it('draws every cover, portrait and banner it refers to, and serves them from /media', async () => {
    const { app, config } = ctx();
    const books = bookSchema.array().parse((await app.inject('/api/featured/')).json());
    const authors = authorSchema.array().parse((await app.inject('/api/authors/')).json());
    const categories = categorySchema.array().parse((await app.inject('/api/categories/')).json());
    for (const image of [...books, ...authors, ...categories].map((x) => x.image!)) {
      const file = path.join(config.mediaDir, image.replace(/^\/media\//, ''));
      expect(existsSync(file), image).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // nothing fetched from the network
    }
    const res = await app.inject(books[0]!.image!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('finds the demo books by search', async () => {
    const res = await ctx().app.inject('/api/books/?keyword=sherlok%20holmes');
    const titles = pagedBooksSchema.parse(res.json()).data.map((b) => b.title);
    expect(titles[0]).toBe('The Adventures of Sherlock Holmes');
  });

  it('does nothing the second time', async () => {
    const { app, config } = ctx();
    const before = pagedBooksSchema.parse((await app.inject('/api/books/')).json()).meta.count;
    expect(await seedDemoCatalogueIfEmpty(app.db, config, app.log)).toBe(false);
    const after = pagedBooksSchema.parse((await app.inject('/api/books/')).json()).meta.count;
    expect(after).toBe(before);
  });

  it('makes slugs and well-formed ISBN-13s', () => {
    expect(slugify("Alice's Adventures in Wonderland")).toBe('alices-adventures-in-wonderland');
    expect(slugify('Les Misérables')).toBe('les-miserables');
    const isbn = isbnFor('emma');
    const sum = [...isbn].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
    expect(sum % 10).toBe(0);
  });
});
