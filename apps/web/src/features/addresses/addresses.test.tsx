import type { Address } from '@bookstore/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth';
import { jsonReply, renderWithApp } from '../../test/render';
import { AddressChooser } from './components/AddressChooser';
import { AddressForm } from './components/AddressForm';

const address = (id: number, values: Partial<Address> = {}): Address => ({
  id,
  name: 'Olive Buyer',
  line1: `${id} Downing Street`,
  line2: '',
  city: 'London',
  region: '',
  postal_code: 'SW1A 2AA',
  country: 'GB',
  phone: '',
  is_default: false,
  ...values,
});

/** Fetch answered by method and path; records the bodies sent. */
function serve(routes: Record<string, (body: unknown) => Response>) {
  const sent: Record<string, unknown> = {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input).replace(/^\/api/, '')}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent[key] = body;
    const answer = routes[key];
    return answer ? answer(body) : jsonReply({ error: 'No such address' }, 404);
  });
  return sent;
}

beforeEach(() => {
  const exp = Math.floor(Date.now() / 1000) + 900;
  useAuthStore.setState({
    access: `x.${btoa(JSON.stringify({ exp }))}.y`,
    refresh: 'r',
    isAuth: true,
    isAdmin: false,
    profile: null,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('AddressForm', () => {
  it("checks the fields with the contract's rules, in the shop's words, before sending anything", async () => {
    const sent = serve({});
    renderWithApp(<AddressForm submitLabel="Save address" onSaved={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Enter the name')).toBeVisible();
    expect(screen.getByText('Enter the address')).toBeVisible();
    expect(screen.getByText('Enter the city')).toBeVisible();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Full name'), 'Olive Buyer');
    await user.type(screen.getByLabelText('Address line 1'), '10 Downing Street');
    await user.type(screen.getByLabelText('City'), 'London');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.type(screen.getByLabelText('Postal code'), '12');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('This is not a postal code of United Kingdom')).toBeVisible();
    expect(Object.keys(sent)).toEqual([]);
  });

  it('saves a valid address and puts a refusal of the server under its field', async () => {
    const onSaved = vi.fn();
    let refuse = true;
    const sent = serve({
      'POST /addresses/': () =>
        refuse
          ? jsonReply({ error: 'Enter the city', fields: { city: ['That city is not on our delivery map'] } }, 400)
          : jsonReply(address(7), 201),
    });
    renderWithApp(<AddressForm submitLabel="Save address" defaultName="Olive Buyer" onSaved={onSaved} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Full name')).toHaveValue('Olive Buyer');
    await user.type(screen.getByLabelText('Address line 1'), '7 Downing Street');
    await user.type(screen.getByLabelText('City'), 'London');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.type(screen.getByLabelText('Postal code'), 'SW1A 2AA');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('That city is not on our delivery map')).toBeVisible();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(address(7)));
    expect(sent['POST /addresses/']).toMatchObject({
      name: 'Olive Buyer',
      line1: '7 Downing Street',
      city: 'London',
      postal_code: 'SW1A 2AA',
      country: 'GB',
    });
  });
});

describe('AddressChooser', () => {
  it('picks the default address first', async () => {
    serve({ 'GET /addresses/': () => jsonReply([address(1), address(2, { is_default: true })]) });
    const onChange = vi.fn();
    renderWithApp(<AddressChooser value={null} onChange={onChange} />);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(2));
  });

  it('offers the form in place when the shopper has no address, and says when the list fails', async () => {
    serve({ 'GET /addresses/': () => jsonReply([]) });
    const { unmount } = renderWithApp(<AddressChooser value={null} onChange={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Use this address' })).toBeVisible();
    unmount();
    vi.restoreAllMocks();
    serve({ 'GET /addresses/': () => jsonReply({ error: 'The server had a problem' }, 500) });
    renderWithApp(<AddressChooser value={null} onChange={() => {}} />);
    expect(await screen.findByText('Failed to load addresses')).toBeVisible();
  });
});
