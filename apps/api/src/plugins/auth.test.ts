import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { createBook, createUser, orderBody } from '../test/factories.js';

/**
 * A signed token that names an account which is not there (never was, or was deleted since) is a
 * 401 with the usual words on every route that needs a user, never a 500 (docs/decisions/0028).
 */
const ctx = useTestApp();
const app = () => ctx().app;
const EXPIRED = 'Your session has expired. Please sign in again.';

/** Calls a signed-in shopper makes that read their account or write rows of their own. */
async function signedInCalls(headers: { authorization: string }) {
  const book = await createBook(app());
  return [
    await app().inject({ method: 'GET', url: '/api/profile/', headers }),
    await app().inject({ method: 'POST', url: `/api/wishlist/add/${book.id}/`, headers }),
    await app().inject({
      method: 'POST',
      url: '/api/orders/',
      headers,
      payload: orderBody([{ book, quantity: 1 }]),
    }),
    await app().inject({
      method: 'POST',
      url: `/api/books/${encodeURIComponent(book.title)}/reviews/`,
      headers,
      payload: { rating: 5, comment: 'Lovely' },
    }),
    await app().inject({
      method: 'POST',
      url: '/api/addresses/',
      headers,
      payload: { name: 'A', line1: 'B', city: 'C', country: 'FR', postal_code: '75001' },
    }),
  ];
}

/** 401 with the words of a signed-out caller: the session's, or a route's own ("Please login to submit a review"). */
function expectSignedOut(answers: { statusCode: number; json(): { error: string } }[]) {
  for (const answer of answers) {
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toMatch(/^(Your session has expired\. Please sign in again\.|Please log ?in .*)$/);
  }
}

describe('a token for an account that is not there', () => {
  it('signed for a user id that never existed, on an open session: 401 everywhere', async () => {
    const someone = await createUser(app());
    const claims = await app().tokens.verifyAccess(someone.token);
    const forged = await app().tokens.signAccess({
      userId: 987_654,
      username: 'ghost',
      isStaff: false,
      sessionId: claims!.sessionId,
    });
    expectSignedOut(await signedInCalls({ authorization: `Bearer ${forged}` }));
    const list = await app().inject({
      method: 'GET',
      url: '/api/wishlist/',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(list.statusCode).toBe(401);
    expect(list.json().error).toBe(EXPIRED);
  });

  // Its sessions went with it; a process that checked the session a moment before trusts that answer for
  // SESSION_CHECK_SECONDS, and in that time a write naming the account is refused as signed out.
  it('whose account was deleted after the token was used: 401 on every write and on the profile, at once', async () => {
    const gone = await createUser(app());
    expect((await app().inject({ method: 'GET', url: '/api/profile/', headers: gone.headers })).statusCode).toBe(200);
    await app().db.delete(users).where(eq(users.id, gone.id));
    expectSignedOut(await signedInCalls(gone.headers));
  });
});
