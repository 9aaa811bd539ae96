import type { AdminBook, Edition, EditionStock, StockMovement } from '@bookstore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { jsonReply, renderWithApp } from '../../../test/render';
import { BooksTab } from './BooksTab';

const edition = (over: Partial<Edition>): Edition => ({
  id: 1,
  format: 'Hardcover',
  condition: 'New',
  condition_note: '',
  isbn: '9780141439518',
  price: '20.00',
  original_price: '0.00',
  regular_price: '20.00',
  lowest_price_30d: null,
  stock_amount: 4,
  in_stock: true,
  coming_soon: false,
  ...over,
});

const hardcover = edition({ id: 11, format: 'Hardcover', stock_amount: 4 });
const used = edition({ id: 12, format: 'Paperback', condition: 'Used', stock_amount: 1 });
const ebook = edition({ id: 13, format: 'eBook', stock_amount: null });

const book: AdminBook = {
  id: 7,
  title: 'Villette',
  slug: 'villette',
  image: null,
  image_srcset: null,
  book_author: 'Charlotte Brontë',
  author: 1,
  author_slug: 'charlotte-bronte',
  category: 1,
  category_name: 'Classics',
  category_slug: 'classics',
  price: '20.00',
  original_price: '0.00',
  regular_price: '20.00',
  lowest_price_30d: null,
  description: '',
  publisher: 'P',
  published_date: null,
  isbn: '9780141439518',
  genre: 'Fiction',
  book_type: 'Hardcover',
  condition: 'New',
  available: true,
  featured: false,
  stock_amount: 4,
  count_in_stock: 4,
  in_stock: true,
  min_price: '20.00',
  max_price: '20.00',
  editions: [hardcover, used, ebook],
  tags: [],
  rating: 0,
  rating_count: 0,
  review_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  waiting: 0,
};

const movement = (over: Partial<StockMovement>): StockMovement => ({
  id: 1,
  edition_id: 11,
  change: 4,
  reason: 'added',
  note: '',
  stock_after: 4,
  order_id: null,
  by: null,
  created_at: '2026-01-01T10:00:00.000Z',
  ...over,
});

/** The shop's answers: the books page, each edition's ledger (12 lines for the hardcover: two pages), adjustments. */
function fakeServer(post: (body: unknown) => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      calls.push({ url, body });
      return post(body);
    }
    if (url.includes('/admin/books/'))
      return jsonReply({ data: [book], meta: { page: 1, pageSize: 10, count: 1, pages: 1, next: null } });
    const id = Number(/editions\/(\d+)\/stock/.exec(url)?.[1]);
    const page = Number(new URL(url, 'http://shop.test').searchParams.get('page') ?? 1);
    const lines =
      id === 11
        ? Array.from({ length: 12 }, (_, i) =>
            movement({ id: 12 - i, change: -1, reason: 'sold', order_id: 100 + i, stock_after: 4 + i }),
          )
        : [
            movement({
              id: 50,
              edition_id: 12,
              change: 1,
              stock_after: 1,
              reason: 'received',
              by: 'Ada',
              note: 'Box 3',
            }),
          ];
    const answer: EditionStock = {
      edition_id: id,
      book_id: 7,
      title: 'Villette',
      format: id === 11 ? 'Hardcover' : 'Paperback',
      condition: id === 11 ? 'New' : 'Used',
      stock_amount: id === 11 ? 4 : 1,
      data: lines.slice((page - 1) * 10, page * 10),
      meta: {
        page,
        pageSize: 10,
        count: lines.length,
        pages: Math.ceil(lines.length / 10),
        next: page * 10 < lines.length ? page + 1 : null,
      },
    };
    return jsonReply(answer);
  });
  return calls;
}

const renderTab = () =>
  renderWithApp(
    <>
      <Toaster />
      <BooksTab search="" page={1} sort="-created_at" onPage={() => {}} onSort={() => {}} />
    </>,
  );

describe("the books table's stock", () => {
  it("shows each edition's copies, an eBook with none", async () => {
    fakeServer(() => jsonReply({}));
    renderTab();
    expect(await screen.findByTestId('book-stock')).toHaveTextContent('Hardcover 4 · Paperback, Used 1 · eBook —');
  });
});

describe('the stock dialog', () => {
  it('shows the copies now and the ledger newest first, paged with Older and Newer, per edition', async () => {
    fakeServer(() => jsonReply({}));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Stock of Villette' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock of Villette' });
    await waitFor(() => expect(within(dialog).getByTestId('stock-now')).toHaveTextContent('4'));
    const ledger = within(dialog).getByRole('table', { name: 'Stock changes, newest first' });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('Sold');
    expect(rows[0]).toHaveTextContent('-1');
    expect(within(rows[0]!).getByRole('link', { name: '#100' })).toHaveAttribute('href', '/admin/orders/100');

    expect(within(dialog).getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(3));
    expect(within(dialog).getByRole('button', { name: 'Older' })).toBeDisabled();

    // The eBook is not offered: it has no stock.
    const choice = within(dialog).getByLabelText('Edition');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Hardcover', 'Paperback, Used']);
    await userEvent.selectOptions(choice, 'Paperback, Used');
    const line = await within(dialog).findByRole('row', { name: /Received/ });
    expect(line).toHaveTextContent('+1');
    expect(line).toHaveTextContent('Box 3');
    expect(line).toHaveTextContent('Ada');
    expect(within(dialog).queryByRole('navigation', { name: 'Ledger pages' })).toBeNull();
  });

  it("checks the form with the shop's rules before sending, then sends the change", async () => {
    const calls = fakeServer(() =>
      jsonReply(
        {
          edition_id: 11,
          stock_amount: 9,
          movement: movement({ id: 99, change: 5, reason: 'received', stock_after: 9 }),
        },
        201,
      ),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Stock of Villette' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock of Villette' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter how many copies to add (or, with a minus sign, to remove)'),
    ).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Copies'), '-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Received copies are added: enter a number above 0')).toBeVisible();
    expect(calls).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Copies'));
    await userEvent.type(within(dialog).getByLabelText('Copies'), '5');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'From the printer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: expect.stringContaining('/admin/editions/11/stock/'),
        body: { change: 5, reason: 'received', note: 'From the printer' },
      },
    ]);
  });

  it("shows the server's refusal beside Copies and as a message", async () => {
    const sentence = 'Only 4 copies are in stock, so you cannot remove more than 4.';
    fakeServer(() => jsonReply({ error: sentence }, 409));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Stock of Villette' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock of Villette' });
    await userEvent.type(within(dialog).getByLabelText('Copies'), '-9');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Damaged');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Copies')).toHaveAccessibleDescription(sentence));
    expect(screen.getAllByText(sentence).length).toBeGreaterThanOrEqual(2);
  });
});
