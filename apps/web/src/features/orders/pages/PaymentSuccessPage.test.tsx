import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../cart/stores/cart';
import { fakeApi, json, makeOrder, renderRoute, signIn, signOut } from '../test-utils';
import PaymentSuccessPage from './PaymentSuccessPage';

const route = (id = '42') => renderRoute(<PaymentSuccessPage />, { path: `/payment-success/${id}`, pattern: '/payment-success/:orderId' });

describe('payment success page', () => {
  beforeEach(() => {
    signIn();
    useCartStore.setState({ carts: {}, activeCartId: null });
  });
  afterEach(() => signOut());

  it('sends guests to sign in and remembers the page', () => {
    signOut();
    route('42');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/payment-success/42');
  });

  it('shows a spinner, then the pending view with every detail, and clears the cart', async () => {
    const cart = useCartStore.getState();
    cart.initializeCart('reader');
    cart.addToCart({ id: 5, title: 'Emma', image: null, price: '12.99' });
    fakeApi(() => json(makeOrder()));
    route();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
    expect(screen.getByText('Please wait while we confirm your payment...')).toBeInTheDocument();
    expect(screen.getByText('#42')).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Pending');
    expect(screen.getByTestId('payment-reference')).toHaveTextContent('⏳ Processing...');
    expect(screen.getByText(new Date('2030-03-04T15:30:00.000Z').toLocaleString())).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Purchased items' }));
    expect(items.getByText('Emma')).toBeInTheDocument();
    expect(items.getByText('2 x $12.99')).toBeInTheDocument();
    expect(items.getByText('1 x $7.50')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Purchased items' }).querySelectorAll('img')).toHaveLength(2);
    expect(screen.getByText('Total Amount')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$33.48');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/books');
    expect(screen.getByRole('link', { name: 'View All Orders' })).toHaveAttribute('href', '/orders');
    expect(useCartStore.getState().carts.reader?.items).toEqual([]);
  });

  it('follows the payment until it succeeds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const replies = [makeOrder(), makeOrder({ status: 'completed', payment_status: 'success', transaction_ref: 'ORD-42-1700000000000' })];
      const calls = fakeApi(() => {
        const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
        return json(reply);
      });
      route();
      expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
      expect(screen.getByText('Thank you for your purchase. Your order has been confirmed.')).toBeInTheDocument();
      expect(screen.getByTestId('payment-status')).toHaveTextContent('Success');
      expect(screen.getByTestId('payment-reference')).toHaveTextContent('ORD-42-1700000000000');
      expect(calls.map((c) => c.path)).toEqual(['/orders/42/', '/orders/42/']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when it stops checking after 12 tries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = fakeApi(() => json(makeOrder()));
      route();
      await screen.findByRole('heading', { name: 'Payment Processing' });
      await act(() => vi.advanceTimersByTimeAsync(11 * 5_000));
      expect(await screen.findByText('Payment status check completed')).toBeInTheDocument();
      expect(calls).toHaveLength(12);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows 'Order Not Found' for an unknown or someone else's order", async () => {
    fakeApi(() => json({ error: 'Order not found' }, 404));
    route('999');
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Cart' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByText('Error loading order details')).toBeInTheDocument();
  });
});
