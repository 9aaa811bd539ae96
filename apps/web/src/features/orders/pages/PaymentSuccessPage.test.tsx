import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../cart/stores/cart';
import { orderOfEditions } from '../../../test/orders';
import { fakeApi, json, makeOrder, renderRoute, signIn, signOut } from '../test-utils';
import PaymentSuccessPage from './PaymentSuccessPage';

const route = (id = '42') =>
  renderRoute(<PaymentSuccessPage />, { path: `/payment-success/${id}`, pattern: '/payment-success/:orderId' });

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
      const replies = [
        makeOrder(),
        makeOrder({ status: 'completed', payment_status: 'success', transaction_ref: 'ORD-42-1700000000000' }),
      ];
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
      // The paid order's eBook downloads are asked for once it is paid (components/Downloads.tsx).
      expect(calls.map((c) => c.path).filter((p) => !p.endsWith('/downloads/'))).toEqual([
        '/orders/42/',
        '/orders/42/',
      ]);
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

  it('pays a pending order again with Pay Now, and follows it to paid', async () => {
    let paid = false;
    const calls = fakeApi((call) => {
      switch (call.path) {
        case '/orders/42/':
          return json(
            paid
              ? makeOrder({ status: 'completed', payment_status: 'success', transaction_ref: 'ORD-42-1' })
              : makeOrder(),
          );
        case '/payments/initialize/':
          return json({
            provider: 'sandbox',
            reference: 'ORD-42-1',
            amount: 3348,
            currency: 'USD',
            email: 'r@example.com',
            public_key: 'pk',
            order_id: 42,
          });
        case '/payments/sandbox/charge/':
          paid = true;
          return json({ status: 'success', reference: 'ORD-42-1', message: 'Approved' });
        case '/verify-payment/':
          return json({ status: 'success', order_status: 'completed' });
        default:
          return json({ error: 'No such address' }, 404);
      }
    });
    route();
    expect(await screen.findByText(/Your books are held for you until/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(calls.find((c) => c.path === '/payments/initialize/')?.body).toEqual({ order_id: 42 });
    await userEvent.type(await screen.findByLabelText('Card number'), '4084084084084081');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1239');
    await userEvent.type(screen.getByLabelText('CVV'), '408');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $33.48' }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('says plainly that an unpaid order whose hold ended has expired, and offers no payment', async () => {
    fakeApi(() =>
      json(
        makeOrder({
          status: 'cancelled',
          created_at: '2020-03-04T15:30:00.000Z',
          reserved_until: '2020-03-04T15:45:00.000Z',
        }),
      ),
    );
    route();
    expect(await screen.findByRole('heading', { name: 'The time to pay has run out' })).toBeInTheDocument();
    expect(screen.getByText(/was held for 15 minutes/)).toHaveTextContent(
      'nothing was charged and its books went back on sale',
    );
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.queryByText('Please wait while we confirm your payment...')).toBeNull();
    expect(screen.getByTestId('payment-reference')).toHaveTextContent('None');
  });

  it("shows a line's protection plan as a line of its own, and the total that includes it", async () => {
    const order = makeOrder({ total_price: '39.46' });
    order.items[0] = { ...order.items[0]!, protection: true, protection_price: '2.99' };
    order.summary = {
      ...order.summary,
      lines: [
        { ...order.summary.lines[0]!, protection_price: '2.99', protection: '5.98', amount: '31.96' },
        order.summary.lines[1]!,
      ],
      protection: '5.98',
      total: '39.46',
      net: '39.46',
    };
    fakeApi(() => json(order));
    route();
    const items = within(await screen.findByRole('list', { name: 'Purchased items' }));
    expect(items.getByTestId('protection-line')).toHaveTextContent('2-Year Protection · 2 x $2.99$5.98');
    expect(screen.getByTestId('order-protection')).toHaveTextContent('$5.98');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$39.46');
  });

  it("shows 'Order Not Found' for an unknown or someone else's order", async () => {
    fakeApi(() => json({ error: 'Order not found' }, 404));
    route('999');
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Cart' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByText('Error loading order details')).toBeInTheDocument();
  });

  it("names each line's edition and ISBN, its share of the code, and totals that add up as the server summed them", async () => {
    fakeApi((call) => json(call.path === '/orders/77/' ? orderOfEditions() : []));
    route('77');
    const list = await screen.findByRole('list', { name: 'Purchased items' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => within(line).getByTestId('line-edition').textContent)).toEqual([
      'Hardcover · ISBN 9780141439518',
      'Paperback, Used · ISBN 9780141439587',
      'eBook · ISBN 9780141199078',
    ]);
    expect(within(lines[0]!).getByText('2 x $20.99')).toBeInTheDocument();
    expect(within(lines[0]!).getByTestId('protection-line')).toHaveTextContent('2-Year Protection · 2 x $2.99$5.98');
    expect(lines.map((line) => within(line).getByTestId('discount-line').textContent)).toEqual([
      'Discount (READ10)−$4.20',
      'Discount (READ10)−$0.65',
      'Discount (READ10)−$0.90',
    ]);
    expect(screen.getByTestId('order-books')).toHaveTextContent('$57.47');
    expect(screen.getByTestId('order-protection')).toHaveTextContent('$5.98');
    expect(screen.getByText('Discount (READ10)', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByTestId('order-discount')).toHaveTextContent('−$5.75');
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('$4.99');
    expect(screen.getByText('Total Amount')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$62.69');
    expect(screen.queryByTestId('order-refunded')).toBeNull();
  });

  it('shows what was refunded of each line and of the order, and says Partly refunded', async () => {
    const order = orderOfEditions(
      { events: [] },
      { lines: { 11: { quantity: 1, amount: '21.88' } }, total: '21.88', net: '40.81' },
    );
    fakeApi((call) => json(call.path === '/orders/77/' ? order : []));
    route('77');
    const list = await screen.findByRole('list', { name: 'Purchased items' });
    expect(within(list).getByTestId('refund-line')).toHaveTextContent('Refunded · 1 of 2 copies−$21.88');
    expect(screen.getByTestId('order-refunded')).toHaveTextContent('$21.88');
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Partly refunded');
  });

  it('says Refunded for a paid order cancelled and refunded in full, not Success', async () => {
    const order = orderOfEditions(
      {
        status: 'cancelled',
        fulfilment_status: 'cancelled',
        events: [
          { type: 'paid', at: '2030-03-04T15:32:00.000Z', by: 'provider', amount: null },
          { type: 'cancelled', at: '2030-03-04T16:00:00.000Z', by: 'customer', amount: null },
          { type: 'refunded', at: '2030-03-04T16:00:00.000Z', by: 'customer', amount: '62.69' },
        ],
      },
      { lines: {}, total: '62.69', net: '0.00' },
    );
    fakeApi((call) => json(call.path === '/orders/77/' ? order : []));
    route('77');
    expect(await screen.findByRole('heading', { name: 'Order Cancelled' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Refunded');
  });

  it('says Expired for an unpaid order whose hold ran out, and stops checking it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = fakeApi(() =>
        json(
          makeOrder({
            status: 'cancelled',
            fulfilment_status: 'cancelled',
            reserved_until: '2020-03-04T15:45:00.000Z',
            expired_at: '2020-03-04T15:45:30.000Z',
            events: [{ type: 'expired', at: '2020-03-04T15:45:30.000Z', by: 'shop', amount: null }],
          }),
        ),
      );
      route();
      expect(await screen.findByRole('heading', { name: 'The time to pay has run out' })).toBeInTheDocument();
      expect(screen.getByTestId('payment-status')).toHaveTextContent('Expired');
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says Cancelled for an unpaid order the shopper cancelled, and stops checking it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = fakeApi(() =>
        json(
          makeOrder({
            status: 'cancelled',
            fulfilment_status: 'cancelled',
            events: [{ type: 'cancelled', at: '2030-03-04T15:35:00.000Z', by: 'customer', amount: null }],
          }),
        ),
      );
      route();
      expect(await screen.findByRole('heading', { name: 'Order Cancelled' })).toBeInTheDocument();
      expect(screen.getByTestId('payment-status')).toHaveTextContent('Cancelled');
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
