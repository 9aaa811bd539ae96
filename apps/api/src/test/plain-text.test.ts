import { describe, expect, it } from 'vitest';
import { useTestApp } from './app.js';
import {
  createAccount,
  createBook,
  createUser,
  insertAuthor,
  insertCategory,
  SHIPPING_ADDRESS,
  uniqueName,
} from './factories.js';
import { multipart } from './uploads.js';

/**
 * Text that renders as typed (docs/decisions/0028-trust-round-three.md): titles, names, addresses and
 * reviews refuse control characters (a one-line field also refuses line breaks) and the bidirectional
 * overrides and isolates, with one message from the contract on every route.
 */
const ctx = useTestApp();
const app = () => ctx().app;

const RLO = '\u202e'; // RIGHT-TO-LEFT OVERRIDE: "txt.exe" shows as "exe.txt"
const LRI = '\u2066'; // LEFT-TO-RIGHT ISOLATE
const BAD_LINES = [
  `Dune\nPart Two`,
  `Dune\rPart`,
  `Dune\u0007`,
  `Dune\u2028Part`,
  `Dune ${RLO}owt traP`,
  `Dune ${LRI}x`,
];

const refusal = (subject: string) => `${subject} may not contain control characters or text-direction marks`;

function expectRefused(
  answer: { statusCode: number; json(): { fields?: Record<string, string[]> } },
  field: string,
  subject: string,
) {
  expect(answer.statusCode).toBe(400);
  expect(answer.json().fields?.[field]).toEqual([refusal(subject)]);
}

describe('one-line fields refuse line breaks, control characters and direction controls', () => {
  it("a book's title (staff and readers)", async () => {
    const { auth } = await createAccount(app(), { staff: true });
    const author = await insertAuthor(app().db, { name: `Writer ${uniqueName()}` });
    const category = await insertCategory(app().db);
    for (const title of BAD_LINES) {
      const { payload, headers } = await multipart({
        title,
        publisher: 'Penguin',
        published_date: '2020-02-29',
        isbn: '978-0-14-143951-8',
        genre: 'Romance',
        author: String(author.id),
        category: String(category.id),
        book_type: 'Paperback',
        condition: 'New',
        original_price: '20',
        price: '19.99',
        stock_amount: '7',
        description: 'A story\nover two lines.',
      });
      const answer = await app().inject({
        method: 'POST',
        url: '/api/books/',
        payload,
        headers: { ...headers, ...auth },
      });
      expectRefused(answer, 'title', 'Title');
    }
    const book = await createBook(app());
    const { payload, headers } = await multipart({ title: `Emma ${RLO}amme` });
    const renamed = await app().inject({
      method: 'PUT',
      url: `/api/books/update/${book.id}/`,
      payload,
      headers: { ...headers, ...auth },
    });
    expectRefused(renamed, 'title', 'Title');
  });

  it("an author's and a category's name", async () => {
    const { auth } = await createAccount(app(), { staff: true });
    for (const name of BAD_LINES) {
      for (const url of ['/api/authors/', '/api/categories/']) {
        const answer = await app().inject({ method: 'POST', url, headers: auth, payload: { name } });
        expectRefused(answer, 'name', 'Name');
      }
    }
  });

  it("a shopper's first and last name, at sign-up and in the profile", async () => {
    const username = uniqueName('r');
    const signUp = await app().inject({
      method: 'POST',
      url: '/api/register/',
      payload: {
        email: `${username}@example.test`,
        username,
        firstName: `Ada${RLO}`,
        lastName: 'Love\nlace',
        password: 'a-long-unusual-passphrase',
        password2: 'a-long-unusual-passphrase',
      },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().fields).toMatchObject({
      firstName: [refusal('First name')],
      lastName: [refusal('Last name')],
    });
    const { auth } = await createAccount(app());
    const profile = await app().inject({
      method: 'PUT',
      url: '/api/profile/update/',
      headers: auth,
      payload: { lastName: `Smith${LRI}` },
    });
    expectRefused(profile, 'lastName', 'Last name');
  });

  it('every line of an address', async () => {
    const shopper = await createUser(app());
    const fields = {
      name: 'The name',
      line1: 'The address',
      line2: 'The second address line',
      city: 'The city',
      region: 'The region',
    } as const;
    for (const [field, subject] of Object.entries(fields)) {
      for (const bad of [`Main\nStreet`, `Main ${RLO}teertS`]) {
        const answer = await app().inject({
          method: 'POST',
          url: '/api/addresses/',
          headers: shopper.headers,
          payload: { ...SHIPPING_ADDRESS, [field]: bad },
        });
        expectRefused(answer, field, subject);
      }
    }
  });
});

describe('multi-line fields keep their line breaks but refuse direction controls', () => {
  it('a review may run over several lines, but not reorder itself', async () => {
    const book = await createBook(app());
    const reader = await createUser(app());
    const url = `/api/books/${encodeURIComponent(book.title)}/reviews/`;
    const twisted = await app().inject({
      method: 'POST',
      url,
      headers: reader.headers,
      payload: { rating: 5, comment: `Great book! ${RLO}!gnirob yllaer` },
    });
    expectRefused(twisted, 'comment', 'Your comment');
    const bell = await app().inject({
      method: 'POST',
      url,
      headers: reader.headers,
      payload: { rating: 5, comment: 'Great\u0007book' },
    });
    expectRefused(bell, 'comment', 'Your comment');
    const lines = await app().inject({
      method: 'POST',
      url,
      headers: reader.headers,
      payload: { rating: 4, comment: 'Loved it.\n\nThe ending,\r\nthough…\tHmm. שלום‏ عربي' },
    });
    expect(lines.statusCode, lines.body).toBe(201);
  });
});
