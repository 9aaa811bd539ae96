import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { orderOfEditions, staffOrderOfEditions } from '../../../test/orders';
import { jsonReply, renderWithApp } from '../../../test/render';
import StaffOrderPage from './StaffOrderPage';

/** The staff's order page of a paid order of three editions, one copy of its hardcovers refunded. */
function openOrder(answer?: (url: string, init?: RequestInit) => Response | undefined) {
  const order = staffOrderOfEditions(
    orderOfEditions({}, { lines: { 11: { quantity: 1, amount: '21.88' } }, total: '21.88', net: '40.81' }),
  );
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input, init) => answer?.(String(input), init) ?? jsonReply(order));
  renderWithApp(
    <Routes>
      <Route path="/admin/orders/:orderId" element={<StaffOrderPage actions={() => null} />} />
    </Routes>,
    { path: '/admin/orders/77' },
  );
  return fetch;
}

/** The packing slip's rows (it is shown on paper only, so it is hidden from the screen's tree). */
function slipRows() {
  const slip = document.getElementById('packing-slip')!;
  return [...slip.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );
}

describe("the staff's order page", () => {
  it("shows each line's edition, ISBN, share of the code and refund, and the order's totals as the server summed them", async () => {
    const fetch = openOrder();
    const list = await screen.findByRole('list', { name: 'Items of the order' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/orders/77/');
    const lines = within(list).getAllByRole('listitem');
    expect(lines.map((line) => within(line).getByTestId('line-edition').textContent)).toEqual([
      'Hardcover · ISBN 9780141439518',
      'Paperback, Used · ISBN 9780141439587',
      'eBook · ISBN 9780141199078',
    ]);
    expect(within(lines[0]!).getByTestId('discount-line')).toHaveTextContent('Discount (READ10)−$4.20');
    expect(within(lines[0]!).getByTestId('refund-line')).toHaveTextContent('Refunded · 1 of 2 copies−$21.88');
    expect(screen.getByTestId('order-books')).toHaveTextContent('$57.47');
    expect(screen.getByTestId('order-discount')).toHaveTextContent('−$5.75');
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('$4.99');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$62.69');
    expect(screen.getByTestId('order-refunded')).toHaveTextContent('$21.88');
  });

  it('says Partly refunded in the badge and the payment status, not Paid and Success', async () => {
    openOrder();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Order #77' });
    expect(within(heading.parentElement!).getByText('Partly refunded')).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Partly refunded');
  });

  it('prints a packing slip of only what goes in the parcel: no eBook, no refunded copy, each with its edition and ISBN', async () => {
    openOrder();
    await screen.findByRole('list', { name: 'Items of the order' });
    expect(slipRows()).toEqual([
      ['1', 'Pride and Prejudice (with 2-Year Protection)', 'Hardcover', '9780141439518', '☐'],
      ['1', 'Emma', 'Paperback, Used', '9780141439587', '☐'],
    ]);
    const slip = document.getElementById('packing-slip')!;
    expect(slip.textContent).not.toContain('eBook');
    expect(slip.textContent).not.toContain('$');
    expect([...slip.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual([
      'Qty',
      'Title',
      'Edition',
      'ISBN',
      'Packed',
    ]);
  });

  it('gives an eBook line a new download link with the button beside it; a printed line has none', async () => {
    const fetch = openOrder((url, init) =>
      init?.method === 'POST' && url === '/api/admin/orders/77/downloads/13/renew'
        ? jsonReply({
            item: 13,
            title: 'Pride and Prejudice',
            file_format: 'epub',
            state: 'ready',
            downloads_used: 0,
            downloads_left: 5,
            expires_at: '2030-03-05T15:30:00Z',
            renewals_left: 3,
            url: '/api/downloads/1.5.1900000000.sig',
          })
        : undefined,
    );
    const list = await screen.findByRole('list', { name: 'Items of the order' });
    const lines = within(list).getAllByRole('listitem');
    expect(within(lines[0]!).queryByRole('button', { name: /New download link/ })).toBeNull();
    expect(within(lines[1]!).queryByRole('button', { name: /New download link/ })).toBeNull();
    await userEvent.click(within(lines[2]!).getByRole('button', { name: 'New download link for Pride and Prejudice' }));
    expect(await within(lines[2]!).findByRole('status')).toHaveTextContent('New link ready: 5 downloads until');
    expect(
      fetch.mock.calls.filter(
        ([url, init]) => url === '/api/admin/orders/77/downloads/13/renew' && init?.method === 'POST',
      ),
    ).toHaveLength(1);
  });

  it('says why when the shop cannot give a link (the order was refunded)', async () => {
    openOrder((url, init) =>
      init?.method === 'POST' && url.endsWith('/renew')
        ? jsonReply({ error: 'This order was refunded or cancelled, so its eBooks can no longer be downloaded.' }, 409)
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'New download link for Pride and Prejudice' }));
    expect(
      await screen.findByText('This order was refunded or cancelled, so its eBooks can no longer be downloaded.'),
    ).toBeInTheDocument();
  });
});
