import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createUser, insertBook, orderBody, uniqueName, type TestUser } from '../../test/factories.js';

/**
 * A reader's book waiting for review (pending) or turned down (rejected) is not in the shop, and no
 * public route may tell it apart from a book that does not exist (docs/decisions/0015, 0028): each
 * answers with the same status and the same words (the id or title asked for aside).
 */
const ctx = useTestApp();
const app = () => ctx().app;

interface Asked {
  id: number;
  title: string;
}

/** Every public call that names a book, as a shopper (or a guest) makes it. */
function calls(shopper: TestUser) {
  const title = (book: Asked) => encodeURIComponent(book.title);
  return {
    'back in stock (ask)': (book: Asked) =>
      app().inject({ method: 'POST', url: `/api/books/${book.id}/notify/`, headers: shopper.headers }),
    'back in stock (whether waiting)': (book: Asked) =>
      app().inject({ method: 'GET', url: `/api/books/${book.id}/notify/`, headers: shopper.headers }),
    'by id': (book: Asked) => app().inject({ method: 'GET', url: `/api/books/book/${book.id}/` }),
    'by title': (book: Asked) => app().inject({ method: 'GET', url: `/api/books/book/${title(book)}` }),
    related: (book: Asked) => app().inject({ method: 'GET', url: `/api/books/${book.id}/related/` }),
    'reviews (read)': (book: Asked) => app().inject({ method: 'GET', url: `/api/books/${title(book)}/reviews/` }),
    'reviews (write)': (book: Asked) =>
      app().inject({
        method: 'POST',
        url: `/api/books/${title(book)}/reviews/`,
        headers: shopper.headers,
        payload: { rating: 5, comment: 'Lovely' },
      }),
    'wishlist (add)': (book: Asked) =>
      app().inject({ method: 'POST', url: `/api/wishlist/add/${book.id}/`, headers: shopper.headers }),
    'wishlist (remove)': (book: Asked) =>
      app().inject({ method: 'DELETE', url: `/api/wishlist/remove/${book.id}/`, headers: shopper.headers }),
    'cart lookup': (book: Asked) => app().inject({ method: 'GET', url: `/api/books/lookup/?ids=${book.id}` }),
    'cart quote': (book: Asked) =>
      app().inject({
        method: 'POST',
        url: '/api/cart/quote/',
        headers: shopper.headers,
        payload: { items: [{ book: book.id, quantity: 1 }] },
      }),
    order: (book: Asked) =>
      app().inject({
        method: 'POST',
        url: '/api/orders/',
        headers: shopper.headers,
        payload: orderBody([{ book: { id: book.id, price: '10.00' }, quantity: 1 }]),
      }),
  };
}

/** The answer with the id and title asked for taken out, so two books' answers compare. */
const answerOf = (reply: { statusCode: number; body: string }, book: Asked) => ({
  status: reply.statusCode,
  body: reply.body
    .replaceAll(JSON.stringify(book.title).slice(1, -1), '<title>')
    .replace(new RegExp(`\\b${book.id}\\b`, 'g'), '<id>'),
});

describe.each(['pending', 'rejected'] as const)('a %s book', (status) => {
  it.each([
    ['sold out', 0],
    ['in stock', 4],
  ])('%s, answers every public route as a book that does not exist', async (_, stock) => {
    const shopper = await createUser(app());
    const hidden = await insertBook(app().db, {
      title: `Hidden ${uniqueName()}`,
      stockAmount: stock,
      reviewStatus: status,
    });
    const unknown = { id: hidden.id + 1_000_000, title: `Nowhere ${uniqueName()}` };
    const asHidden: Record<string, ReturnType<typeof answerOf>> = {};
    const asUnknown: Record<string, ReturnType<typeof answerOf>> = {};
    for (const [name, call] of Object.entries(calls(shopper))) {
      asHidden[name] = answerOf(await call(hidden), hidden);
      asUnknown[name] = answerOf(await call(unknown), unknown);
    }
    expect(asHidden).toEqual(asUnknown);
    expect(Object.values(asHidden).filter((answer) => answer.status >= 500)).toEqual([]);
  });
});
