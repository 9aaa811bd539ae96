import type { Book } from '@bookstore/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '../../cart/stores/cart';
import { renderWithApp } from '../../../test/render';
import { BookCard } from './BookCard';
import { previewDescription } from './text';

const book = (over: Partial<Book> = {}): Book => ({
  id: 7,
  title: 'Emma',
  slug: 'emma',
  image: null,
  image_srcset: null,
  book_author: 'Jane Austen',
  author: 1,
  author_slug: 'jane-austen',
  category: 1,
  category_name: 'Romance',
  category_slug: 'romance',
  price: '6.00',
  original_price: '8.00',
  regular_price: '8.00',
  lowest_price_30d: '7.00',
  description: 'x'.repeat(200),
  publisher: 'P',
  published_date: null,
  isbn: '1',
  genre: 'Romance',
  book_type: 'Paperback',
  condition: 'New',
  available: true,
  featured: false,
  stock_amount: 5,
  count_in_stock: 5,
  in_stock: true,
  min_price: '6.00',
  max_price: '6.00',
  editions: [],
  tags: [],
  rating: 3.76,
  rating_count: 4,
  review_count: 4,
  created_at: '2025-01-01T00:00:00Z',
  ...over,
});

describe('book card', () => {
  beforeEach(() => useCartStore.setState({ carts: {}, activeCartId: null }));

  it('cuts descriptions at a word boundary within 150 characters plus "...", and leaves short ones alone', () => {
    const words =
      'A young officer jumps from a ship he believes is sinking, and spends the rest of his life trying to prove to himself that he is not a coward. Nobody believes him.';
    const preview = previewDescription(words);
    expect(preview).toBe(
      'A young officer jumps from a ship he believes is sinking, and spends the rest of his life trying to prove to himself that he is not a coward. Nobody...',
    );
    expect(preview.length - 3).toBeLessThanOrEqual(150);
    // A word ending exactly at the limit is kept whole.
    expect(previewDescription(`${'b'.repeat(145)} word more`)).toBe(`${'b'.repeat(145)} word...`);
    // One word longer than the limit is cut at the limit.
    expect(previewDescription('a'.repeat(151))).toBe(`${'a'.repeat(150)}...`);
    expect(previewDescription('a'.repeat(150))).toBe('a'.repeat(150));
    expect(previewDescription('Short.')).toBe('Short.');
  });

  it('shows price, struck original, rating and count, and "Details" by default', () => {
    renderWithApp(<BookCard book={book()} />);
    const card = screen.getByRole('article', { name: 'Emma' });
    expect(within(card).getByText('$6.00')).toBeInTheDocument();
    expect(within(card).getByText('$8.00').closest('s')).not.toBeNull();
    expect(within(card).getByRole('img', { name: 'Rated 3.8 out of 5' })).toBeInTheDocument();
    expect(within(card).getByText('(4)')).toBeInTheDocument();
    expect(within(card).getByText(`${'x'.repeat(150)}...`)).toBeInTheDocument();
    expect(within(card).queryByText('No ratings yet')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/book/Emma');
  });

  it('says "No ratings yet" instead of five empty stars for a book no buyer has rated', () => {
    // Reviewed, but not by anyone who bought it: the rating counts verified buyers only.
    renderWithApp(<BookCard book={book({ rating: 0, rating_count: 0, review_count: 2 })} />);
    const card = screen.getByRole('article', { name: 'Emma' });
    expect(within(card).getByText('No ratings yet')).toBeInTheDocument();
    expect(within(card).queryByRole('img', { name: /Rated/ })).toBeNull();
    expect(within(card).queryByText('(0)')).toBeNull();
    expect(within(card).queryByText('(2)')).toBeNull();
  });

  it('says "View" on the home page', () => {
    renderWithApp(<BookCard book={book()} actionLabel="View" />);
    expect(screen.getByRole('link', { name: 'View' })).toBeInTheDocument();
  });

  it('adds one copy to the active cart', () => {
    useCartStore.getState().initializeCart('reader');
    renderWithApp(<BookCard book={book()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(useCartStore.getState().carts.reader).toMatchObject({ totalCents: 1200, items: [{ id: 7, quantity: 2 }] });
  });

  it('adds an eBook once: it is one copy however often it is clicked', () => {
    useCartStore.getState().initializeCart('reader');
    const edition = {
      id: 70,
      format: 'eBook',
      condition: 'New',
      condition_note: '',
      isbn: '1',
      price: '6.00',
      original_price: '0.00',
      regular_price: '6.00',
      lowest_price_30d: null,
      stock_amount: null,
      in_stock: true,
      coming_soon: false,
    };
    renderWithApp(<BookCard book={book({ book_type: 'eBook', stock_amount: null, editions: [edition] })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(useCartStore.getState().carts.reader).toMatchObject({
      totalCents: 600,
      items: [{ id: 7, edition_id: 70, format: 'eBook', quantity: 1 }],
    });
  });

  it('says "Coming Soon" for an eBook whose file is not there yet, and cannot add it', () => {
    const edition = {
      id: 71,
      format: 'eBook',
      condition: 'New',
      condition_note: '',
      isbn: '1',
      price: '6.00',
      original_price: '0.00',
      regular_price: '6.00',
      lowest_price_30d: null,
      stock_amount: null,
      in_stock: true,
      coming_soon: true,
    };
    renderWithApp(<BookCard book={book({ book_type: 'eBook', stock_amount: null, editions: [edition] })} />);
    expect(screen.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('cannot add a book that is out of stock', () => {
    renderWithApp(<BookCard book={book({ stock_amount: 0 })} />);
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });
});
