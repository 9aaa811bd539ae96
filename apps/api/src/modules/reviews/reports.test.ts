import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, type TestUser } from '../../test/factories.js';

/**
 * Shoppers report reviews (POST /api/books/{title}/reviews/{id}/report/); staff see the reported ones
 * (GET /api/admin/reviews/reported/) and keep one (POST /api/admin/reviews/{id}/keep/) or delete it.
 */
const ctx = useTestApp();
const app = () => ctx().app;
const reviewsUrl = (title: string) => `/api/books/${encodeURIComponent(title)}/reviews/`;

async function review(author: TestUser, title: string, comment: string): Promise<number> {
  const res = await app().inject({
    method: 'POST',
    url: reviewsUrl(title),
    headers: author.headers,
    payload: { rating: 1, comment },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const report = (who: TestUser | null, title: string, id: number, payload: object = {}) =>
  app().inject({ method: 'POST', url: `${reviewsUrl(title)}${id}/report/`, headers: who?.headers ?? {}, payload });
const queue = (who: TestUser, query = '') =>
  app().inject({ url: `/api/admin/reviews/reported/${query}`, headers: who.headers });

describe('reported reviews', () => {
  it('wait for staff with how many reported them and why, until staff keep them or delete them', async () => {
    const staff = await createUser(app(), { staff: true });
    const [author, ada, bob] = [await createUser(app()), await createUser(app()), await createUser(app())];
    const book = await createBook(app());
    const rude = await review(author, book.title, 'Rude words about the author');
    const fair = await review(ada, book.title, 'Slow start');

    const first = await report(ada, book.title, rude, { reason: 'Insults the author' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ reported: true, message: 'Thank you. Our staff will look at this review.' });
    // Again: nothing more.
    expect((await report(ada, book.title, rude, { reason: 'Again' })).statusCode).toBe(200);
    expect((await report(bob, book.title, rude)).statusCode).toBe(201);
    expect((await report(bob, book.title, fair, { reason: 'Spoiler' })).statusCode).toBe(201);

    const waiting = await queue(staff);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().meta.count).toBe(2);
    expect(
      waiting
        .json()
        .data.map((r: { id: number; reports: number; reasons: string[]; book_title: string }) => [
          r.id,
          r.reports,
          r.reasons,
          r.book_title,
        ]),
    ).toEqual([
      [fair, 1, ['Spoiler'], book.title],
      [rude, 2, ['Insults the author'], book.title],
    ]);
    // The reviews stay on the book's page while they wait.
    const listed = await app().inject({ url: reviewsUrl(book.title) });
    expect(
      listed
        .json()
        .data.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([rude, fair].sort());

    const kept = await app().inject({
      method: 'POST',
      url: `/api/admin/reviews/${fair}/keep/`,
      headers: staff.headers,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ kept: true, message: 'Review kept: its reports are cleared' });
    const removed = await app().inject({
      method: 'DELETE',
      url: `${reviewsUrl(book.title)}${rude}/`,
      headers: staff.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await queue(staff)).json()).toMatchObject({ data: [], meta: { count: 0 } });
  });

  it('refuses your own review, an unknown one, a long reason, a stranger, and the queue to shoppers', async () => {
    const author = await createUser(app());
    const other = await createUser(app());
    const book = await createBook(app());
    const mine = await review(author, book.title, 'My own words');
    const own = await report(author, book.title, mine);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('You cannot report your own review.');
    expect((await report(other, book.title, 999_999)).statusCode).toBe(404);
    expect((await report(other, 'No Such Book At All', mine)).statusCode).toBe(404);
    const long = await report(other, book.title, mine, { reason: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.reason).toEqual(['Keep the reason under 300 characters']);
    expect((await report(null, book.title, mine)).statusCode).toBe(401);
    expect((await queue(other)).statusCode).toBe(403);
    expect((await app().inject('/api/admin/reviews/reported/')).statusCode).toBe(401);
    expect(
      (await app().inject({ method: 'POST', url: `/api/admin/reviews/${mine}/keep/`, headers: other.headers }))
        .statusCode,
    ).toBe(403);
    const staff = await createUser(app(), { staff: true });
    expect(
      (await app().inject({ method: 'POST', url: '/api/admin/reviews/999999/keep/', headers: staff.headers }))
        .statusCode,
    ).toBe(404);
  });
});
