import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { insertAuthor, insertBook, insertCategory, insertReview, insertUser } from '../../test/factories.js';
import { jsonForScript, summary } from './head.js';

const dist = mkdtempSync(path.join(tmpdir(), 'bookstore-seo-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Bookstore</title><meta name="description" content="Default" /></head><body><div id="root"></div></body></html>',
);

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe('search engines', () => {
  const ctx = useTestApp({ webDist: dist, publicUrl: 'https://books.example.com' });

  beforeAll(async () => {
    const db = ctx().app.db;
    const author = await insertAuthor(db, {
      name: 'Jane Austen',
      slug: 'jane-austen',
      brief: 'English novelist.',
      image: 'authors/jane-austen.svg',
    });
    const category = await insertCategory(db, { name: 'Romance', slug: 'romance', description: 'Love stories.' });
    await insertBook(db, {
      title: 'Pride and Prejudice',
      slug: 'pride-and-prejudice',
      bookAuthor: 'Jane Austen',
      authorId: author.id,
      categoryId: category.id,
      description: 'Elizabeth Bennet meets Mr Darcy.',
      isbn: '9780141439518',
      image: 'covers/pride-and-prejudice.svg',
      priceCents: 1299,
      publishedDate: '1813-01-28',
      ratingTenths: 45,
      reviewCount: 2,
    });
    const tricky = await insertBook(db, {
      title: 'Tricky </script><b>"Title"</b> & Co',
      slug: 'tricky',
      description: 'Ends here </script><script>alert(1)</script>',
      stockAmount: 0,
    });
    const reviewer = await insertUser(db, { firstName: 'Eve', lastName: '<b>Bold</b>' });
    await insertReview(db, {
      bookId: tricky.id,
      userId: reviewer.id,
      rating: 2,
      comment: '<img src=x onerror=alert(1)>',
    });
  });

  const page = (url: string) => ctx().app.inject(url);

  it('gives a book page its title, description, Open Graph tags and Book JSON-LD', async () => {
    const res = await page('/book/Pride%20and%20Prejudice');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Pride and Prejudice by Jane Austen | Bookstore</title>');
    expect(html).toContain('<meta name="description" content="Elizabeth Bennet meets Mr Darcy." />');
    expect(html).toContain('<meta property="og:type" content="book" />');
    expect(html).toContain('<meta property="og:title" content="Pride and Prejudice" />');
    expect(html).toContain(
      '<meta property="og:image" content="https://books.example.com/media/covers/pride-and-prejudice.svg" />',
    );
    expect(html).toContain('<link rel="canonical" href="https://books.example.com/book/Pride%20and%20Prejudice" />');
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: 'Pride and Prejudice',
      author: { '@type': 'Person', name: 'Jane Austen' },
      isbn: '9780141439518',
      datePublished: '1813-01-28',
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      offers: { price: '12.99', availability: 'https://schema.org/InStock' },
    });
  });

  it('finds the book by its slug too (the older /book/{slug} links)', async () => {
    const res = await page('/book/pride-and-prejudice');
    expect(res.body).toContain('<title>Pride and Prejudice by Jane Austen | Bookstore</title>');
  });

  it('escapes everything a title or description could smuggle in', async () => {
    const html = (await page(`/book/${encodeURIComponent('Tricky </script><b>"Title"</b> & Co')}`)).body;
    expect(html).toContain(
      '<title>Tricky &lt;/script&gt;&lt;b&gt;&quot;Title&quot;&lt;/b&gt; &amp; Co | Bookstore</title>',
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const data = jsonLd(html);
    expect(data.name).toBe('Tricky </script><b>"Title"</b> & Co');
    expect(data.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('announces an eBook whose file is not there yet as a pre-order, not as in stock', async () => {
    await insertBook(ctx().app.db, { title: 'Announced', slug: 'announced', bookType: 'eBook' });
    expect(jsonLd((await page('/book/Announced')).body).offers.availability).toBe('https://schema.org/PreOrder');
  });

  it('carries the newest reviews in the JSON-LD as text, never as markup', async () => {
    const html = (await page('/book/tricky')).body;
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Bold</b>');
    expect(jsonLd(html).review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Eve <b>Bold</b>' },
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        reviewBody: '<img src=x onerror=alert(1)>',
        reviewRating: { '@type': 'Rating', ratingValue: 2, bestRating: 5, worstRating: 1 },
      },
    ]);
  });

  it('gives author and category pages their own title and description', async () => {
    const author = (await page('/author/jane-austen')).body;
    expect(author).toContain('<title>Jane Austen: books and biography | Bookstore</title>');
    expect(author).toContain('<meta name="description" content="English novelist." />');
    expect(author).toContain(
      '<meta property="og:image" content="https://books.example.com/media/authors/jane-austen.svg" />',
    );
    const category = (await page('/category/romance')).body;
    expect(category).toContain('<title>Romance books | Bookstore</title>');
    expect(category).toContain('<meta property="og:url" content="https://books.example.com/category/romance" />');
  });

  it('keeps the defaults for unknown books and other pages', async () => {
    for (const url of ['/book/No%20Such%20Book', '/author/nobody', '/cart', '/']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Bookstore</title>');
      expect(res.body).not.toContain('application/ld+json');
    }
    expect((await page('/books')).body).toContain('<title>All books | Bookstore</title>');
  });

  it('serves a sitemap with the pages, authors, categories and books', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    for (const loc of [
      'https://books.example.com/',
      'https://books.example.com/books',
      'https://books.example.com/author/jane-austen',
      'https://books.example.com/category/romance',
      'https://books.example.com/book/Pride%20and%20Prejudice',
    ]) {
      expect(xml).toContain(`<loc>${loc}</loc>`);
    }
    expect(xml).toContain(
      '<loc>https://books.example.com/book/Tricky%20%3C%2Fscript%3E%3Cb%3E%22Title%22%3C%2Fb%3E%20%26%20Co</loc>',
    );
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('serves the parts of a large sitemap and 404s past the end', async () => {
    expect((await page('/sitemap-pages.xml')).body).toContain('/author/jane-austen');
    expect((await page('/sitemap-books-1.xml')).body).toContain('/book/Pride%20and%20Prejudice');
    const past = await page('/sitemap-books-2.xml');
    expect(past.statusCode).toBe(404);
    expect(past.json().error).toBe('No such sitemap');
  });

  it('serves robots.txt pointing at the sitemap and keeping private pages out', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /cart');
    expect(res.body).toContain('Sitemap: https://books.example.com/sitemap.xml');
  });

  it('cuts descriptions at a word and escapes JSON for script blocks', () => {
    expect(summary('word '.repeat(100)).length).toBeLessThanOrEqual(155);
    expect(summary('word '.repeat(100))).toMatch(/word…$/);
    expect(jsonForScript({ a: '</script>&' })).toBe('{"a":"\\u003c/script\\u003e\\u0026"}');
  });
});
