import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '../../cart/stores/cart';
import { type FakeCall, fakeApi, json, makeOrder, renderRoute, signIn, signOut } from '../test-utils';
import { canCheckOut, CheckoutButton, NO_DELIVERY } from './CheckoutButton';

const route = () => renderRoute(<CheckoutButton delivery={NO_DELIVERY} />, { path: '/cart', pattern: '/cart' });

const init = {
  provider: 'sandbox',
  reference: 'ORD-42-1700000000000',
  amount: 3348,
  currency: 'USD',
  email: 'reader@example.com',
  public_key: 'pk_test_sandbox',
  order_id: 42,
};

function fillCart() {
  const cart = useCartStore.getState();
  cart.initializeCart('reader');
  cart.addToCart({ id: 5, title: 'Emma', image: null, price: '12.99' }, 2);
  cart.addToCart({ id: 6, title: 'Dracula', image: null, price: '7.50' });
}

/** The happy API: order created, attempt started, card approved, payment verified. */
function happyApi(overrides: Partial<Record<string, (call: FakeCall) => Response>> = {}) {
  return fakeApi((call) => {
    const custom = overrides[call.path];
    if (custom) return custom(call);
    switch (call.path) {
      case '/orders/':
        return json(makeOrder(), 201);
      case '/payments/initialize/':
        return json(init);
      case '/payments/sandbox/charge/':
        return json({ status: 'success', reference: init.reference, message: 'Approved' });
      case '/verify-payment/':
        return json({ status: 'success', order_status: 'completed' });
      default:
        return json({ error: 'No such address' }, 404);
    }
  });
}

async function openPopup() {
  fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
  return screen.findByTestId('payment-popup');
}

async function payWith(card: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Card number'), card);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1239');
  await user.type(screen.getByLabelText('CVV'), '408');
  await user.click(screen.getByRole('button', { name: 'Pay $33.48' }));
}

describe('who may check out', () => {
  it('needs a signed-in profile with an email (a profile still loading is left to the server)', () => {
    expect(canCheckOut({ isAuth: false, profile: null })).toBe(false);
    expect(
      canCheckOut({ isAuth: true, profile: { username: 'a', profile_picture: null, is_staff: false, email: '' } }),
    ).toBe(false);
    expect(
      canCheckOut({
        isAuth: true,
        profile: { username: 'a', profile_picture: null, is_staff: false, email: 'a@b.co' },
      }),
    ).toBe(true);
    expect(canCheckOut({ isAuth: true, profile: null })).toBe(true);
  });
});

describe('CheckoutButton', () => {
  beforeEach(() => {
    useCartStore.setState({ carts: {}, activeCartId: null });
    signIn();
    fillCart();
  });
  afterEach(() => signOut());

  it('sends a guest to sign in, remembering the cart', async () => {
    signOut();
    const calls = happyApi();
    route();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Please login to proceed with checkout')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/cart');
    expect(calls).toHaveLength(0);
  });

  it('places the order for the cart, then pays in the sandbox pop-up and lands on the confirmation', async () => {
    const calls = happyApi();
    route();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/orders/',
      body: {
        total_price: 33.48,
        status: 'pending',
        items: [
          { book: 5, quantity: 2, price: 12.99, protection: false },
          { book: 6, quantity: 1, price: 7.5, protection: false },
        ],
      },
    });
    // What happens next, with the hold the server set.
    expect(screen.getByText('Your order #42 is reserved for 15 minutes — pay to complete it')).toBeInTheDocument();

    const popup = within(await screen.findByTestId('payment-popup'));
    expect(popup.getByText('TEST MODE')).toBeInTheDocument();
    expect(popup.getByTestId('payment-popup-email')).toHaveTextContent('reader@example.com');
    expect(popup.getByTestId('payment-popup-amount')).toHaveTextContent('$33.48');
    await payWith('4084084084084081');

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/payment-success/42');
    expect(useCartStore.getState().carts.reader?.items).toEqual([]);
    const charge = calls.find((c) => c.path === '/payments/sandbox/charge/');
    expect(charge?.body).toEqual({
      reference: init.reference,
      card_number: '4084 0840 8408 4081',
      expiry: '12/39',
      cvv: '408',
    });
    expect(calls.find((c) => c.path === '/verify-payment/')?.body).toEqual({ reference: init.reference, order_id: 42 });
  });

  it('shows a decline in the pop-up and lets the shopper try again', async () => {
    happyApi({
      '/payments/sandbox/charge/': () => json({ error: 'Your card was declined. Please try another card.' }, 402),
    });
    route();
    await openPopup();
    await payWith('4000000000000002');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined. Please try another card.');
    expect(screen.getByTestId('payment-popup')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });

  it("says 'Payment cancelled' when the pop-up is closed, and clears the busy state", async () => {
    happyApi();
    route();
    await openPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Close payment window' }));
    expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('payment-popup')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it("says 'Error processing payment' when verification fails", async () => {
    happyApi({ '/verify-payment/': () => json({ status: 'failed', error: 'The payment was not successful' }, 402) });
    route();
    await openPopup();
    await payWith('4084084084084081');
    expect(await screen.findByText('Error processing payment')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(useCartStore.getState().carts.reader?.items).toHaveLength(2);
  });

  it("says 'Invalid order response' when the order has no id", async () => {
    happyApi({ '/orders/': () => json({ status: 'pending' }, 201) });
    route();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Invalid order response')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  });

  it("says 'Error processing checkout' when the order fails, and clears the busy state", async () => {
    happyApi({ '/orders/': () => json({ error: 'Something went wrong on our side. Please try again.' }, 500) });
    route();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText('Error processing checkout')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  });

  it('refreshes the cart prices when the shop says they changed', async () => {
    happyApi({
      '/orders/': () =>
        json(
          {
            error:
              'Prices have changed since these books were added to your cart. Please review your cart and check out again.',
            prices: [
              { book: 5, price: '14.99' },
              { book: 6, price: '7.50' },
            ],
            total_price: '37.48',
          },
          409,
        ),
    });
    route();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByText(/Prices have changed/)).toHaveTextContent('$37.48');
    const cart = useCartStore.getState().carts.reader!;
    expect(cart.items.find((i) => i.id === 5)).toMatchObject({ price: '14.99', priceCents: 1499 });
    expect(cart.totalCents).toBe(3748);
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  });

  it('sends the protection plan of the lines that have it, in the total too', async () => {
    const calls = happyApi();
    useCartStore.getState().setProtection({ id: 5 }, true);
    route();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await screen.findByRole('button', { name: 'Pay Now' });
    expect(calls[0]!.body).toEqual({
      total_price: 39.46,
      status: 'pending',
      items: [
        { book: 5, quantity: 2, price: 12.99, protection: true },
        { book: 6, quantity: 1, price: 7.5, protection: false },
      ],
    });
  });

  it('starts over when the cart changes after the order was placed', async () => {
    happyApi();
    route();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await screen.findByRole('button', { name: 'Pay Now' });
    useCartStore.getState().removeFromCart({ id: 6 });
    expect(await screen.findByRole('button', { name: 'Proceed to Checkout' })).toBeInTheDocument();
  });
});
