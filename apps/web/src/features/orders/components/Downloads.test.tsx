import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import PaymentSuccessPage from '../pages/PaymentSuccessPage';
import { fakeApi, json, makeOrder, renderRoute, signIn, signOut } from '../test-utils';

const paid = makeOrder({ status: 'completed', payment_status: 'success', transaction_ref: 'ORD-42-1' });
const line = {
  item: 7,
  title: 'Emma',
  file_format: 'epub',
  state: 'ready',
  downloads_used: 1,
  downloads_left: 4,
  expires_at: '2030-03-05T15:30:00Z',
  renewals_left: 3,
  url: '/api/downloads/7.1.1900000000.sig',
};
const route = () =>
  renderRoute(<PaymentSuccessPage />, { path: '/payment-success/42', pattern: '/payment-success/:orderId' });

describe('the order page’s eBooks', () => {
  beforeEach(() => signIn());
  afterEach(() => signOut());

  it('offers each paid eBook line for download, with what is left of its link', async () => {
    fakeApi(({ path }) => (path === '/orders/42/downloads/' ? json([line]) : json(paid)));
    route();
    const list = within(await screen.findByRole('list', { name: 'eBook downloads' }));
    expect(list.getByText(/EPUB · 4 of 5 downloads left/)).toBeInTheDocument();
    expect(list.getByRole('link', { name: 'Download Emma' })).toHaveAttribute('href', line.url);
    expect(
      screen.getByText(
        'Each link works for 24 hours and 5 downloads. You can get a new link here 3 times; after that, contact us for one.',
      ),
    ).toBeInTheDocument();
  });

  it('gives a used-up link a new one', async () => {
    const calls = fakeApi(({ path, method }) =>
      path === '/orders/42/downloads/'
        ? json([{ ...line, state: 'used_up', downloads_used: 5, downloads_left: 0, url: null }])
        : method === 'POST' && path === '/orders/42/downloads/7/renew'
          ? json({ ...line, downloads_used: 0, downloads_left: 5, url: '/api/downloads/7.2.1900000000.sig' })
          : json(paid),
    );
    route();
    const list = within(await screen.findByRole('list', { name: 'eBook downloads' }));
    expect(list.getByText('This link has been used 5 times.')).toBeInTheDocument();
    await userEvent.click(list.getByRole('button', { name: 'Get a new link for Emma' }));
    expect(await list.findByRole('link', { name: 'Download Emma' })).toHaveAttribute(
      'href',
      '/api/downloads/7.2.1900000000.sig',
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === '/orders/42/downloads/7/renew')).toBe(true);
  });

  it('after three new links, sends the shopper to the shop for the next one instead of offering a button', async () => {
    fakeApi(({ path }) =>
      path === '/orders/42/downloads/'
        ? json([{ ...line, state: 'expired', renewals_left: 0, url: null }])
        : json(paid),
    );
    route();
    const list = within(await screen.findByRole('list', { name: 'eBook downloads' }));
    expect(list.getByText(/You have renewed this link 3 times\./)).toBeInTheDocument();
    expect(list.getByRole('link', { name: 'Contact us for a new one' })).toHaveAttribute('href', '/contact');
    expect(list.queryByRole('button', { name: 'Get a new link for Emma' })).toBeNull();
  });

  it('shows nothing for an order without eBooks, and never asks before payment', async () => {
    const calls = fakeApi(({ path }) => (path === '/orders/42/downloads/' ? json([]) : json(makeOrder())));
    route();
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'eBook downloads' })).toBeNull();
    expect(calls.some((c) => c.path.includes('downloads'))).toBe(false);
  });

  it('says so when the downloads cannot be loaded', async () => {
    fakeApi(({ path }) =>
      path === '/orders/42/downloads/' ? json({ error: 'The server had a problem' }, 500) : json(paid),
    );
    route();
    expect(
      await screen.findByText(
        'We could not load your eBook downloads. Please reload the page.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });
});
