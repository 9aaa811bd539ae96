import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { orderOfEditions, staffOrderOfEditions } from '../../../test/orders';
import { jsonReply, renderWithApp } from '../../../test/render';
import StaffOrderPage from './StaffOrderPage';

/** The staff's order page of a paid order of three editions, one copy of its hardcovers refunded. */
function openOrder() {
  const order = staffOrderOfEditions(
    orderOfEditions({}, { lines: { 11: { quantity: 1, amount: '21.88' } }, total: '21.88', net: '40.81' }),
  );
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonReply(order));
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
});
