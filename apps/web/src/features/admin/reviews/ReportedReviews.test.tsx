import type { ReportedReview } from '@bookstore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderWithApp } from '../../../test/render';
import { ReportedReviews } from './ReportedReviews';

const reported = (values: Partial<ReportedReview>): ReportedReview => ({
  id: 5,
  user: 'Ann Reader',
  user_avatar: null,
  rating: 1,
  comment: 'Buy it somewhere else',
  created_at: '2026-11-20T10:00:00.000Z',
  verified_purchase: false,
  book_id: 9,
  book_title: 'The Quiet Sea',
  reports: 2,
  reasons: ['Advertising', 'Rude'],
  last_reported_at: '2026-11-21T10:00:00.000Z',
  ...values,
});

/** The queue the server holds, and every change the section sends it. */
function fakeServer(start: ReportedReview[], answer?: (method: string, url: string) => Response | undefined) {
  let list = start;
  const calls: { method: string; url: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const special = answer?.(method, url);
    if (special) return special;
    if (method === 'GET')
      return jsonReply({ data: list, meta: { page: 1, pageSize: 10, count: list.length, pages: 1, next: null } });
    calls.push({ method, url });
    const id = Number(/reviews\/(\d+)\//.exec(url)?.[1]);
    list = list.filter((r) => r.id !== id);
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return jsonReply({ kept: true, message: 'Review kept: its reports are cleared' });
  });
  return calls;
}

describe('the Reported reviews part of the Reviews section', () => {
  afterEach(() => vi.restoreAllMocks());

  const show = () =>
    renderWithApp(
      <>
        <ReportedReviews page={1} onPage={() => {}} />
        <Toaster />
      </>,
    );

  it('lists each review with its book, stars, author, comment, how many reported it and why', async () => {
    fakeServer([reported({})]);
    show();
    expect(screen.getByRole('heading', { name: 'Reported reviews' })).toBeInTheDocument();
    const item = await screen.findByTestId('reported-review');
    expect(item).toHaveTextContent('The Quiet Sea');
    expect(within(item).getByRole('img', { name: 'Rated 1 out of 5' })).toBeInTheDocument();
    expect(item).toHaveTextContent('by Ann Reader');
    expect(item).toHaveTextContent('Buy it somewhere else');
    expect(item).toHaveTextContent('Reported by 2 shoppers');
    expect(
      within(within(item).getByRole('list', { name: 'Reasons given' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Advertising', 'Rude']);
  });

  it('keeps a review: its reports are cleared and the queue is empty', async () => {
    const calls = fakeServer([reported({})]);
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Keep the review by Ann Reader of The Quiet Sea' }));
    expect(await screen.findByText('Review kept: its reports are cleared')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', url: expect.stringMatching(/\/api\/admin\/reviews\/5\/keep\/$/) }]);
    expect(await screen.findByText('No reported reviews.')).toBeInTheDocument();
  });

  it('asks before deleting; Cancel sends nothing; Delete removes the review from its book', async () => {
    const calls = fakeServer([reported({})]);
    show();
    const user = userEvent.setup();
    const deleteButton = await screen.findByRole('button', {
      name: 'Delete the review by Ann Reader of The Quiet Sea',
    });
    await user.click(deleteButton);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(deleteButton);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Review deleted')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'DELETE', url: expect.stringMatching(/\/api\/books\/The%20Quiet%20Sea\/reviews\/5\/$/) },
    ]);
    await waitFor(() => expect(screen.getByText('No reported reviews.')).toBeInTheDocument());
  });

  it('says so when the queue cannot be read', async () => {
    fakeServer([], () => jsonReply({ error: 'Something went wrong on our side' }, 500));
    show();
    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
  });
});
