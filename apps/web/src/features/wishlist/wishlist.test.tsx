import type { Book } from '@bookstore/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth';
import { jsonReply, renderWithApp } from '../../test/render';
import { WishlistToggle } from './components/WishlistToggle';
import WishlistPage from './pages/WishlistPage';

const book = (id: number, values: Partial<Book> = {}): Book => ({
  id,
  title: `Book ${id}`,
  slug: `book-${id}`,
  image: null,
  image_srcset: null,
  book_author: 'An Author',
  author: null,
  author_slug: null,
  category: null,
  category_name: null,
  category_slug: null,
  price: '9.99',
  original_price: '0.00',
  regular_price: '0.00',
  lowest_price_30d: null,
  description: '',
  publisher: '',
  published_date: null,
  isbn: '',
  genre: '',
  book_type: 'Paperback',
  condition: 'New',
  available: true,
  featured: false,
  stock_amount: 3,
  count_in_stock: 3,
  in_stock: true,
  min_price: '9.99',
  max_price: '9.99',
  editions: [],
  tags: [],
  rating: 0,
  rating_count: 0,
  review_count: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  ...values,
});

/** Fetch answered by path; records the calls. */
function serve(routes: Record<string, () => Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input).replace(/^\/api/, '');
    const answer = routes[`${init?.method ?? 'GET'} ${path}`];
    return answer ? answer() : jsonReply({ error: 'No such address' }, 404);
  });
}

beforeEach(() => {
  const exp = Math.floor(Date.now() / 1000) + 900;
  useAuthStore.setState({
    access: `x.${btoa(JSON.stringify({ exp }))}.y`,
    refresh: 'r',
    isAuth: true,
    isAdmin: false,
    profile: null,
  });
});

describe('WishlistPage', () => {
  it('keeps a sold-out book listed, marked out of stock, with Add to Cart disabled', async () => {
    serve({ 'GET /wishlist/': () => jsonReply([book(1), book(2, { stock_amount: 0 })]) });
    renderWithApp(<WishlistPage />, { path: '/wishlist' });
    expect(await screen.findByRole('heading', { name: 'My Wishlist (2 items)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Book 1 to cart' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Book 2 is out of stock' })).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeVisible();
  });
});

describe('WishlistToggle', () => {
  it('fills the heart at once and empties it again when the server refuses', async () => {
    let release: (r: Response) => void = () => {};
    serve({
      'GET /wishlist/': () => jsonReply([]),
      'POST /wishlist/add/1/': () => new Promise<Response>((resolve) => (release = resolve)) as unknown as Response,
    });
    renderWithApp(<WishlistToggle book={book(1)} />);
    const heart = await screen.findByRole('button', { name: 'Add Book 1 to wishlist' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(heart);
    expect(await screen.findByRole('button', { name: 'Remove Book 1 from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    release(jsonReply({ error: 'The server had a problem' }, 500));
    expect(await screen.findByRole('button', { name: 'Add Book 1 to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
