import type { Sale } from '@bookstore/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { jsonReply, renderWithApp } from '../../../test/render';
import { SalesTab } from './SalesTab';

const sale = (values: Partial<Sale>): Sale => ({
  id: 1,
  name: 'Winter sale',
  percent_off: 20,
  amount_off: null,
  target: 'all',
  target_ids: [],
  bestsellers: null,
  headline: false,
  starts_at: '2026-12-01T10:00:00.000Z',
  ends_at: '2026-12-08T10:00:00.000Z',
  status: 'running',
  active: true,
  book_ids: [],
  ...values,
});

/** The sales the server holds, and every change the tab sends it. */
function fakeServer(start: Sale[]) {
  let list = start;
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') calls.push({ method, url, body });
    const id = Number(/sales\/(\d+)\//.exec(url)?.[1]);
    if (method === 'PATCH') list = list.map((s) => (s.id === id ? { ...s, ...body } : s));
    if (method === 'POST' && url.endsWith('/end/'))
      list = list.map((s) => (s.id === id ? { ...s, status: 'ended' } : s));
    if (method === 'DELETE') {
      list = list.filter((s) => s.id !== id);
      return new Response(null, { status: 204 });
    }
    return jsonReply({ data: list });
  });
  return calls;
}

describe("the Sales tab's actions", () => {
  const show = () =>
    renderWithApp(
      <>
        <SalesTab />
        <Toaster />
      </>,
    );

  it('pauses a running sale, and ends it only once asked', async () => {
    const calls = fakeServer([sale({ id: 4, name: 'Winter sale' })]);
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause Winter sale' }));
    expect(await screen.findByText('Sale paused: its books are back at their regular prices')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PATCH', url: expect.stringMatching(/\/admin\/sales\/4\/$/), body: { active: false } },
    ]);
    expect(await screen.findByTestId('sale-status')).toHaveTextContent('running, paused');

    await user.click(screen.getByRole('button', { name: 'End now Winter sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'End sale Winter sale?' });
    expect(dialog).toHaveTextContent('Its books go back to their regular prices at once');
    expect(calls).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'End sale' }));
    expect(await screen.findByText('Sale "Winter sale" ended')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ method: 'POST', url: expect.stringMatching(/\/admin\/sales\/4\/end\/$/) });
  });

  it('offers Delete only for a sale that has not started; a running one keeps its start in the edit form', async () => {
    fakeServer([sale({ id: 5, name: 'Later', status: 'scheduled' }), sale({ id: 6, name: 'Now' })]);
    show();
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Delete Later' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit sale Now' });
    expect(within(dialog).getByLabelText('Starts')).toHaveAttribute('readonly');
    expect(within(dialog).getByText('It has started: the start stays.')).toBeInTheDocument();
  });
});
