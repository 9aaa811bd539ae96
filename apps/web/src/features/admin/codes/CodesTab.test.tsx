import type { PromoCode } from '@bookstore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { jsonReply, renderWithApp } from '../../../test/render';
import { CodesTab } from './CodesTab';

const code = (values: Partial<PromoCode>): PromoCode => ({
  id: 1,
  code: 'SPRING',
  kind: 'percent',
  percent_off: 10,
  amount_off: null,
  min_subtotal: '0.00',
  starts_at: null,
  ends_at: null,
  book_ids: [],
  category_ids: [],
  max_uses: null,
  max_uses_per_customer: null,
  uses: 0,
  held: 0,
  left: null,
  revenue: '0.00',
  active: true,
  created_at: '2026-12-01T10:00:00.000Z',
  ...values,
});

describe('the Codes tab', () => {
  it('shows the uses paid for, the uses unpaid orders hold and the uses left now, each apart', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonReply({
        data: [
          code({ id: 2, code: 'THREE', max_uses: 3, uses: 0, held: 3, left: 0 }),
          code({ id: 1, code: 'OPEN', uses: 4, held: 1, left: null, revenue: '80.00' }),
        ],
      }),
    );
    renderWithApp(<CodesTab />);
    const table = await screen.findByRole('table', { name: /uses held by unpaid orders/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Code', 'Gives', 'Valid', 'Status', 'Used (paid)', 'Held (unpaid)', 'Left now', 'Revenue', 'Actions']);
    const [three, open] = within(table).getAllByRole('row').slice(1);
    expect(within(three!).getByTestId('code-used')).toHaveTextContent('0 of 3');
    expect(within(three!).getByTestId('code-held')).toHaveTextContent('3');
    expect(within(three!).getByTestId('code-left')).toHaveTextContent('0');
    expect(within(open!).getByTestId('code-used')).toHaveTextContent('4');
    expect(within(open!).getByTestId('code-held')).toHaveTextContent('1');
    expect(within(open!).getByTestId('code-left')).toHaveTextContent('No limit');
  });
});

/** The list the server holds, and every call the tab makes to it. */
function fakeServer(start: PromoCode[], answer?: (method: string, url: string, body: unknown) => Response | undefined) {
  let list = start;
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') calls.push({ method, url, body });
    const special = answer?.(method, url, body);
    if (special) return special;
    const id = Number(/promo-codes\/(\d+)\//.exec(url)?.[1]);
    if (method === 'PATCH') list = list.map((c) => (c.id === id ? { ...c, ...body } : c));
    if (method === 'DELETE') {
      list = list.filter((c) => c.id !== id);
      return new Response(null, { status: 204 });
    }
    return jsonReply({ data: list });
  });
  return calls;
}

describe("the Codes tab's actions", () => {
  const show = () =>
    renderWithApp(
      <>
        <CodesTab />
        <Toaster />
      </>,
    );

  it('pauses and resumes a code, saying so in a toast', async () => {
    const calls = fakeServer([code({ id: 7, code: 'WINTER' })]);
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause WINTER' }));
    expect(await screen.findByText('Code paused: the cart refuses it until you resume it')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PATCH', url: expect.stringMatching(/\/api\/admin\/promo-codes\/7\/$/), body: { active: false } },
    ]);
    expect(await screen.findByTestId('code-status')).toHaveTextContent('Paused');
    await user.click(await screen.findByRole('button', { name: 'Resume WINTER' }));
    expect(await screen.findByText('Code resumed')).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({ active: true });
  });

  it("asks before deleting; Cancel sends nothing, and a used code is refused in the shop's words", async () => {
    const refusal =
      'This code has been used, so it stays with the orders that used it and cannot be deleted. End it instead.';
    const calls = fakeServer([code({ id: 3, code: 'USED', uses: 2 }), code({ id: 4, code: 'SPARE' })], (method, url) =>
      method === 'DELETE' && url.includes('/3/') ? jsonReply({ error: refusal }, 409) : undefined,
    );
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete SPARE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete code SPARE?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete SPARE' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete code' }));
    expect(await screen.findByText('Code deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('SPARE')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete USED' }));
    const used = await screen.findByRole('dialog', { name: 'Delete code USED?' });
    expect(used).toHaveTextContent('Orders have used this code, so it cannot be deleted');
    await user.click(within(used).getByRole('button', { name: 'Delete code' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it("the edit form checks the contract's rules before sending, and sends only what changed", async () => {
    const calls = fakeServer([code({ id: 5, code: 'EDIT', percent_off: 10 })]);
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit EDIT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit code EDIT' });
    const percent = within(dialog).getByLabelText('Percent');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('The percentage off must be a whole number from 1 to 100'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(percent);
    await user.type(percent, '15');
    await user.type(within(dialog).getByLabelText('Uses in all (optional)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Code saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: expect.stringMatching(/\/promo-codes\/5\/$/),
        body: { kind: 'percent', percent_off: 15, max_uses: 20 },
      },
    ]);
  });

  it("a used code's text and discount cannot be edited", async () => {
    fakeServer([code({ id: 6, code: 'TAKEN', uses: 1 })]);
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit TAKEN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit code TAKEN' });
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Percent')).toHaveAttribute('readonly');
    expect(within(dialog).getByText('Used by orders: it cannot change.')).toBeInTheDocument();
  });
});
