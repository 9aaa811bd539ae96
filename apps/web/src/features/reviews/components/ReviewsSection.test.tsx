import type { Review, ReviewsPage } from '@bookstore/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth';
import { jsonReply, renderWithApp } from '../../../test/render';
import ReviewsSection from './ReviewsSection';

const review = (values: Partial<Review>): Review => ({
  id: 1,
  user: 'Ann Reader',
  user_avatar: null,
  rating: 4,
  comment: 'Lovely',
  created_at: '2026-11-20T10:00:00.000Z',
  verified_purchase: false,
  ...values,
});

const page = (mine: Review | null, others: Review[]): ReviewsPage => ({
  data: mine ? [mine, ...others] : others,
  meta: { page: 1, pageSize: 10, count: others.length + (mine ? 1 : 0), pages: 1, next: null },
  summary: { average: 4, count: 1, reviews: 1, stars: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })) },
  mine,
});

/** The book's reviews, and every report the page sends. */
function fakeServer(reply: ReviewsPage, report: () => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if ((init?.method ?? 'GET') === 'GET') return jsonReply(reply);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return report();
  });
  return calls;
}

const signIn = () =>
  useAuthStore.setState({
    isAuth: true,
    isAdmin: false,
    access: `x.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.y`,
    refresh: 'r',
    profile: { username: 'sam', profile_picture: null, is_staff: false },
  });

describe("reporting a review on the book's page", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useAuthStore.getState().logout();
  });

  const show = () =>
    renderWithApp(
      <>
        <ReviewsSection title="The Quiet Sea" />
        <Toaster />
      </>,
    );

  it("offers Report on the others' reviews only, and sends the reason; the toast is the server's message", async () => {
    signIn();
    const thanks = 'Thank you. Our staff will look at this review.';
    const calls = fakeServer(page(review({ id: 9, user: 'Sam' }), [review({ id: 1 })]), () =>
      jsonReply({ reported: true, message: thanks }, 201),
    );
    show();
    const user = userEvent.setup();
    const reviews = await screen.findAllByTestId('review');
    expect(within(reviews[0]!).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    await user.click(within(reviews[1]!).getByRole('button', { name: 'Report the review by Ann Reader' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the review by Ann Reader' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Report review' }));
    expect(await screen.findByText(thanks)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: expect.stringMatching(/\/api\/books\/The%20Quiet%20Sea\/reviews\/1\/report\/$/),
        body: { reason: 'Advertising' },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal, and keeps the dialog open", async () => {
    signIn();
    const refusal = 'You cannot report your own review.';
    fakeServer(page(null, [review({ id: 1 })]), () => jsonReply({ error: refusal }, 409));
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report the review by Ann Reader' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Report review' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no Report to someone signed out', async () => {
    fakeServer(page(null, [review({ id: 1 })]), () => jsonReply({}, 500));
    show();
    expect(await screen.findByTestId('review')).toHaveTextContent('Lovely');
    expect(screen.queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
  });
});
