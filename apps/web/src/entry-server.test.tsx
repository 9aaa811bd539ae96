import type { Book, BookDetail, CatalogueReader } from '@bookstore/contract';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';

const book = (id: number, title: string, image: string | null): Book => ({
  id,
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  image,
  image_srcset: image ? `${image}?w=320 320w, ${image}?w=640 640w` : null,
  image_sources: [],
  book_author: 'Eliza Hartley',
  author: 84,
  author_slug: 'eliza-hartley',
  category: 6,
  category_name: 'Gothic & Horror',
  category_slug: 'gothic-horror',
  price: '29.99',
  original_price: '0.00',
  regular_price: '29.99',
  lowest_price_30d: null,
  description: 'A young orphan must choose between duty and the truth.',
  publisher: 'Harbor & Quill',
  published_date: '1977-10-06',
  isbn: '9789329911549',
  genre: 'Adventure',
  book_type: 'Paperback',
  condition: 'New',
  available: true,
  featured: false,
  stock_amount: 8,
  count_in_stock: 8,
  in_stock: true,
  min_price: '29.99',
  max_price: '29.99',
  editions: [],
  tags: ['family'],
  rating: 4,
  rating_count: 1,
  review_count: 1,
  created_at: '2026-10-11T19:27:22.786Z',
});

const books: Record<string, BookDetail> = {
  'Wild Harbours': {
    ...book(1, 'Wild Harbours', '/media/covers/wild.jpg'),
    reviews: [
      {
        id: 1,
        user: 'Ann Reader',
        user_avatar: null,
        rating: 4,
        comment: 'A <b>fine</b> book',
        created_at: '2026-11-01T10:00:00.000Z',
        verified_purchase: true,
      },
    ],
  },
  'Still Waters': { ...book(2, 'Still Waters', null), reviews: [] },
};
const related = Array.from({ length: 8 }, (_, i) => book(10 + i, `Related ${i}`, i % 2 ? `/media/r${i}.jpg` : null));
const missing = () => Promise.reject(Object.assign(new Error('Not found'), { statusCode: 404 }));

const reader: CatalogueReader = {
  featured: () => Promise.resolve(related),
  books: missing,
  book: (title) => (books[title] ? Promise.resolve(books[title]) : missing()),
  related: () => Promise.resolve(related),
  author: missing,
  category: missing,
  shippingMethods: () =>
    Promise.resolve([
      { code: 'standard', name: 'Standard', days: '3-5 business days', price: '4.99', free_from: null },
    ]),
  headlineSale: missing,
};

describe('the server renderer', () => {
  it("puts the layout's kept parts in a page, from the routes that can match, byte for byte as a plain render makes it", async () => {
    const pages = [
      '/book/Wild%20Harbours',
      '/book/Still%20Waters',
      '/book/Wild%20Harbours?tab=reviews',
      '/book/No%20Such%20Book',
      '/author/eliza-hartley',
      '/category/gothic-horror',
      '/',
      '/books',
      '/about',
      '/cart',
      '/BOOK/Still%20Waters',
      '/b%6Fok/Still%20Waters',
      '/book/Still%20Waters/',
      '/book/a/b',
      // (Not /admin itself: its chart's uPlot reads matchMedia on import, which jsdom lacks; a server has no window.)
      '/admin/orders?payment=success',
      '/admin/settings',
      '/admin/orders/5',
      '/no/such/page',
    ];
    for (const round of ['first, keeping the parts', 'again, from the kept parts']) {
      for (const page of pages) {
        const url = `https://shop.test${page}`;
        const fresh = await render(url, reader, { plain: true });
        const reused = await render(url, reader);
        expect(fresh.kind, page).toBe('page');
        if (fresh.kind !== 'page' || reused.kind !== 'page') continue;
        expect(reused.status, `${round}: ${page}`).toBe(fresh.status);
        expect(reused.html, `${round}: ${page}`).toBe(fresh.html);
        expect(reused.html).not.toContain('bookstore-reused');
        expect(reused.html).toContain('</header>');
        expect(reused.html).toContain('</footer>');
      }
    }
  });

  it("answers an unknown author or category with the shop's 404 page and status 404", async () => {
    for (const page of ['/author/nobody-at-all', '/category/no-such-shelf']) {
      const result = await render(`https://shop.test${page}`, reader);
      expect(result.kind, page).toBe('page');
      if (result.kind !== 'page') continue;
      expect(result.status, page).toBe(404);
      expect(result.html, page).toContain('Page not found');
      expect(result.html, page).not.toContain('Failed to load');
    }
  });

  it("answers an address that cannot be read with the shop's 400 page and status 400", async () => {
    for (const page of ['/books/%E0%A4%A', '/book/%E0%A4%A', '/books?page=%E0%A4%A', '/search?q=%', '/books?q=%00']) {
      const result = await render(`https://shop.test${page}`, reader);
      expect(result.kind, page).toBe('page');
      if (result.kind !== 'page') continue;
      expect(result.status, page).toBe(400);
      expect(result.html, page).toContain('This address is not valid');
      expect(result.html).toContain('</header>');
    }
    // An unknown address that reads well is a 404.
    const unknown = await render('https://shop.test/books/abc', reader);
    expect(unknown.kind === 'page' && unknown.status).toBe(404);
  });
});
