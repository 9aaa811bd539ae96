import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderOfEditions } from '../../../test/orders';
import { fakeApi, json, makeOrder, renderRoute, signIn, signOut } from '../test-utils';
import OrdersPage from './OrdersPage';

const route = () => renderRoute(<OrdersPage />, { path: '/orders', pattern: '/orders' });

describe('order history page', () => {
  beforeEach(() => signIn());
  afterEach(() => signOut());

  it('sends guests to sign in and remembers the page', () => {
    signOut();
    route();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/orders');
  });

  it('shows the empty state', async () => {
    fakeApi(() => json([]));
    route();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No Orders Yet' })).toBeInTheDocument();
    expect(screen.getByText('Start shopping to create your first order!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Books' })).toHaveAttribute('href', '/books');
  });

  it('lists orders with badges, items, totals, references and a details link', async () => {
    fakeApi(() =>
      json([
        makeOrder({ id: 43, status: 'completed', payment_status: 'success', transaction_ref: 'ORD-43-1700000000001' }),
        makeOrder({ id: 42 }),
        makeOrder({ id: 41, status: 'completed', payment_status: 'pending' }),
        makeOrder({ id: 40, status: 'cancelled' }),
      ]),
    );
    route();
    expect(await screen.findByRole('heading', { name: 'Order History' })).toBeInTheDocument();
    const paid = within(screen.getByRole('article', { name: 'Order #43' }));
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(
      paid.getByText(`Placed on ${new Date('2030-03-04T15:30:00.000Z').toLocaleDateString()}`),
    ).toBeInTheDocument();
    expect(paid.getByText('Emma')).toBeInTheDocument();
    expect(paid.getByText('2 x $12.99')).toBeInTheDocument();
    expect(paid.getByTestId('order-total')).toHaveTextContent('$33.48');
    expect(paid.getByText('Total', { selector: 'dt' })).toBeInTheDocument();
    expect(paid.getByText('ORD-43-1700000000001')).toBeInTheDocument();
    expect(paid.getByRole('link', { name: 'View Order Details →' })).toHaveAttribute('href', '/payment-success/43');
    // Only the line with an image shows one.
    expect(screen.getByRole('article', { name: 'Order #43' }).querySelectorAll('img')).toHaveLength(1);

    const pending = within(screen.getByRole('article', { name: 'Order #42' }));
    expect(pending.getByText('Pending')).toBeInTheDocument();
    expect(pending.queryByText(/Transaction Ref/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Order #41' })).getByText('Pending')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Order #40' })).getByText('Cancelled')).toBeInTheDocument();
  });

  it("shows each line's edition and share of the code, the order's discount and shipping, and its refunds", async () => {
    fakeApi(() =>
      json([
        orderOfEditions({ id: 80 }, { lines: { 12: { quantity: 1, amount: '5.85' } }, total: '5.85', net: '56.84' }),
        orderOfEditions(
          { id: 79, status: 'cancelled', fulfilment_status: 'cancelled' },
          {
            lines: {},
            total: '62.69',
            net: '0.00',
          },
        ),
        makeOrder({
          id: 78,
          status: 'cancelled',
          fulfilment_status: 'cancelled',
          reserved_until: '2020-03-04T15:45:00.000Z',
          expired_at: '2020-03-04T15:45:30.000Z',
        }),
      ]),
    );
    route();
    const card = within(await screen.findByRole('article', { name: 'Order #80' }));
    expect(card.getAllByTestId('line-edition').map((edition) => edition.textContent)).toEqual([
      'Hardcover · ISBN 9780141439518',
      'Paperback, Used · ISBN 9780141439587',
      'eBook · ISBN 9780141199078',
    ]);
    expect(card.getAllByTestId('discount-line')[0]).toHaveTextContent('Discount (READ10)−$4.20');
    expect(card.getByTestId('refund-line')).toHaveTextContent('Refunded · 1 of 1 copy−$5.85');
    expect(card.getByTestId('order-books')).toHaveTextContent('$57.47');
    expect(card.getByTestId('order-discount')).toHaveTextContent('−$5.75');
    expect(card.getByText('Discount (READ10)', { selector: 'dt' })).toBeInTheDocument();
    expect(card.getByTestId('order-shipping')).toHaveTextContent('$4.99');
    expect(card.getByTestId('order-total')).toHaveTextContent('$62.69');
    expect(card.getByTestId('order-refunded')).toHaveTextContent('$5.85');

    const badges = (id: number) =>
      within(screen.getByRole('article', { name: `Order #${id}` })).getByTestId('order-badges').textContent;
    expect(badges(80)).toBe('Partly refunded');
    expect(badges(79)).toBe('CancelledRefunded');
    expect(badges(78)).toBe('Expired');
  });

  it('says when the orders could not be loaded', async () => {
    fakeApi(() => json({ error: 'Something went wrong on our side. Please try again.' }, 500));
    route();
    expect(await screen.findByText('Error loading orders')).toBeInTheDocument();
  });
});
