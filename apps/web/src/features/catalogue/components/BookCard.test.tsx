import type { Book, Edition } from '@bookstore/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
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

  it('says "Coming Soon" too when its print edition has sold out and its eBook is on the way', () => {
    const ebook = {
      id: 72,
      format: 'eBook',
      condition: 'New',
      condition_note: '',
      isbn: '2',
      price: '6.00',
      original_price: '0.00',
      regular_price: '6.00',
      lowest_price_30d: null,
      stock_amount: null,
      in_stock: true,
      coming_soon: true,
    };
    const print = {
      ...ebook,
      id: 73,
      format: 'Paperback',
      price: '9.00',
      stock_amount: 0,
      in_stock: false,
      coming_soon: false,
    };
    renderWithApp(<BookCard book={book({ editions: [ebook, print] })} />);
    expect(screen.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('cannot add a book that is out of stock', () => {
    renderWithApp(<BookCard book={book({ stock_amount: 0 })} />);
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });
});

/** The dialog's code is loaded on the first click: on a busy machine that can take more than a second. */
const CHOOSER_LOADS = { timeout: 10_000 };

describe('the card of a title sold several ways', () => {
  beforeEach(() => {
    useCartStore.setState({ carts: {}, activeCartId: null });
    useCartStore.getState().initializeCart('reader');
  });

  const edition = (over: Partial<Edition> & Pick<Edition, 'id' | 'format' | 'price'>): Edition => ({
    coming_soon: false,
    condition: 'New',
    condition_note: '',
    isbn: '9780141439587',
    original_price: '0.00',
    regular_price: over.price,
    lowest_price_30d: null,
    stock_amount: 3,
    in_stock: true,
    ...over,
  });
  // The paperback stands for the title (its price is the card's); the used copy at $10.50 has sold out.
  const emma = book({
    price: '15.00',
    original_price: '0.00',
    lowest_price_30d: null,
    min_price: '9.99',
    max_price: '24.00',
    editions: [
      edition({ id: 11, format: 'Paperback', price: '15.00' }),
      edition({ id: 12, format: 'eBook', price: '9.99', stock_amount: null }),
      edition({ id: 13, format: 'Hardcover', price: '24.00', stock_amount: 1 }),
      edition({
        id: 14,
        format: 'Paperback',
        condition: 'Fairly Used',
        price: '10.50',
        stock_amount: 0,
        in_stock: false,
      }),
    ],
  });

  it('says how many formats a shopper can buy, and from what price', () => {
    renderWithApp(<BookCard book={emma} />);
    expect(screen.getByTestId('price-from')).toHaveTextContent('3 formats, from $9.99');
  });

  it('asks which format Add to Cart adds, and adds that one, named in the toast', async () => {
    renderWithApp(
      <>
        <BookCard book={emma} />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a format' }, CHOOSER_LOADS);
    // Every edition, as the book page's picker shows it; the one sold out cannot be chosen.
    const options = within(dialog).getAllByRole('button', { name: /\$/ });
    expect(options.map((o) => o.textContent)).toEqual([
      'PaperbackIn stock$15.00',
      'eBookAvailable now$9.99',
      'HardcoverIn stock$24.00',
      'Paperback, Fairly UsedOut of stock$10.50',
    ]);
    expect(options[3]).toBeDisabled();
    expect(useCartStore.getState().carts.reader!.items).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: /^Hardcover/ }));
    expect(await screen.findByText('Added Emma (Hardcover) to cart')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useCartStore.getState().carts.reader).toMatchObject({
      totalCents: 2400,
      items: [{ id: 7, edition_id: 13, format: 'Hardcover', condition: 'New', price: '24.00', quantity: 1 }],
    });
  });

  it('closes the choice without adding anything', async () => {
    renderWithApp(<BookCard book={emma} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a format' }, CHOOSER_LOADS);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useCartStore.getState().carts.reader!.items).toEqual([]);
  });

  it('adds a title sold one way at once, as before', () => {
    renderWithApp(<BookCard book={book({ editions: [edition({ id: 11, format: 'Paperback', price: '6.00' })] })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useCartStore.getState().carts.reader).toMatchObject({ items: [{ id: 7, quantity: 1, price: '6.00' }] });
  });
});
