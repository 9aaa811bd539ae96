import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
    expect(paid.getByText('Total: $33.48')).toBeInTheDocument();
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

  it('says when the orders could not be loaded', async () => {
    fakeApi(() => json({ error: 'Something went wrong on our side. Please try again.' }, 500));
    route();
    expect(await screen.findByText('Error loading orders')).toBeInTheDocument();
  });
});
