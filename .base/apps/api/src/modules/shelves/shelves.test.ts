import { authorMessages, categoryMessages } from '@bookstore/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createAccount, insertAuthor, insertBook, insertCategory, uniqueName } from '../../test/factories.js';

/** Authors and categories follow the same rules; each differs in its own text and its books' column. */
const KINDS = [
  {
    kind: 'author',
    path: '/api/authors/',
    about: 'brief',
    messages: authorMessages,
    insert: insertAuthor,
    bookColumn: 'authorId',
  },
  {
    kind: 'category',
    path: '/api/categories/',
    about: 'description',
    messages: categoryMessages,
    insert: insertCategory,
    bookColumn: 'categoryId',
  },
] as const;

describe.each(KINDS)('$kind writes', ({ path, about, messages, insert, bookColumn }) => {
  const ctx = useTestApp();
  const app = () => ctx().app;
  const staff = async () => (await createAccount(app(), { staff: true })).auth;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
    app().inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const listed = async () =>
    (await app().inject({ method: 'GET', url: path })).json() as { id: number; name: string }[];

  describe(`POST ${path}`, () => {
    it('adds one with a slug made from its name, shown at once in the public list', async () => {
      const auth = await staff();
      await app().inject({ method: 'GET', url: path }); // the list is now in the answer cache
      const name = `Émile ${uniqueName()}`;
      const res = await send('POST', path, auth, { name: `  ${name} `, [about]: 'Wrote things.', featured: true });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        name,
        slug: name.toLowerCase().replace('é', 'e').replace(' ', '-'),
        [about]: 'Wrote things.',
        featured: true,
        image: null,
        number_of_books: 0,
      });
      expect((await listed()).map((s) => s.name)).toContain(name);
      const page = await app().inject({ method: 'GET', url: `${path}${res.json().slug}/` });
      expect(page.json()).toMatchObject({ name });
    });

    it('leaves out its text and featured when not sent', async () => {
      const res = await send('POST', path, await staff(), { name: `Plain ${uniqueName()}` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ [about]: '', featured: false });
    });

    it('refuses a name another one has, whatever its case (409 on the name)', async () => {
      const existing = await insert(app().db, { name: `Taken ${uniqueName()}` });
      const res = await send('POST', path, await staff(), { name: existing.name.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json().fields).toEqual({ name: [messages.nameTaken] });
    });

    it('gives a different name with the same slug the next free slug', async () => {
      const auth = await staff();
      const base = `Same ${uniqueName()}`;
      const first = (await send('POST', path, auth, { name: base })).json();
      const second = await send('POST', path, auth, { name: `${base}!` });
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json().slug).toBe(`${first.slug}-2`);
    });

    it('says what is wrong with each field', async () => {
      const auth = await staff();
      const cases: [object, Record<string, string[]>][] = [
        [{}, { name: ['Name is required'] }],
        [{ name: '   ' }, { name: ['Name is required'] }],
        [{ name: 'x'.repeat(201) }, { name: ['Name must be at most 200 characters'] }],
        [{ name: 'Fine', featured: 'yes' }, { featured: ['Featured must be yes or no'] }],
      ];
      for (const [payload, fields] of cases) {
        const res = await send('POST', path, auth, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().fields).toEqual(fields);
      }
      const long = await send('POST', path, auth, { name: 'Fine', [about]: 'x'.repeat(5001) });
      expect(long.statusCode).toBe(400);
      expect(Object.keys(long.json().fields)).toEqual([about]);
    });

    it('is for staff only: 401 signed out (whatever the body), 403 for a reader', async () => {
      const name = `Nobody ${uniqueName()}`;
      expect((await send('POST', path, {}, { name })).statusCode).toBe(401);
      expect((await send('POST', path, {}, {})).statusCode).toBe(401);
      const reader = await createAccount(app());
      const res = await send('POST', path, reader.auth, { name });
      expect(res.statusCode).toBe(403);
      expect((await listed()).map((s) => s.name)).not.toContain(name);
    });
  });

  describe(`PUT ${path}{id}/`, () => {
    it('changes any of the fields and keeps the slug', async () => {
      const shelf = await insert(app().db, { name: `Before ${uniqueName()}` });
      const name = `After ${uniqueName()}`;
      const res = await send('PUT', `${path}${shelf.id}/`, await staff(), { name, featured: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: shelf.id, name, slug: shelf.slug, featured: true });
      const text = await send('PUT', `${path}${shelf.id}/`, await staff(), { [about]: 'New text' });
      expect(text.json()).toMatchObject({ name, [about]: 'New text', featured: true });
      const flag = await send('PUT', `${path}${shelf.id}/`, await staff(), { featured: false });
      expect(flag.json()).toMatchObject({ name, [about]: 'New text', featured: false });
      expect((await listed()).find((s) => s.id === shelf.id)?.name).toBe(name);
    });

    it('keeps its own name in another case, and refuses another one’s (409 on the name)', async () => {
      const auth = await staff();
      const shelf = await insert(app().db, { name: `Mine ${uniqueName()}` });
      const other = await insert(app().db, { name: `Theirs ${uniqueName()}` });
      const own = await send('PUT', `${path}${shelf.id}/`, auth, { name: shelf.name.toLowerCase() });
      expect(own.statusCode, own.body).toBe(200);
      const res = await send('PUT', `${path}${shelf.id}/`, auth, { name: other.name });
      expect(res.statusCode).toBe(409);
      expect(res.json().fields).toEqual({ name: [messages.nameTaken] });
    });

    it('says what is wrong, and 404 for an unknown id', async () => {
      const auth = await staff();
      const shelf = await insert(app().db);
      const bad = await send('PUT', `${path}${shelf.id}/`, auth, { name: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ name: ['Name is required'] });
      const missing = await send('PUT', `${path}999999/`, auth, { name: 'Anything' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe(messages.notFound);
    });

    it('is for staff only: 401 signed out, 403 for a reader', async () => {
      const shelf = await insert(app().db);
      expect((await send('PUT', `${path}${shelf.id}/`, {}, { name: 'Hijacked' })).statusCode).toBe(401);
      const reader = await createAccount(app());
      expect((await send('PUT', `${path}${shelf.id}/`, reader.auth, { name: 'Hijacked' })).statusCode).toBe(403);
      expect((await listed()).find((s) => s.id === shelf.id)?.name).toBe(shelf.name);
    });
  });

  describe(`DELETE ${path}{id}/`, () => {
    it('refuses while a book is on it, saying how many, then deletes it once there are none', async () => {
      const auth = await staff();
      const shelf = await insert(app().db);
      const inShop = await insertBook(app().db, { [bookColumn]: shelf.id });
      const waiting = await insertBook(app().db, { [bookColumn]: shelf.id, reviewStatus: 'pending' });
      const refused = await send('DELETE', `${path}${shelf.id}/`, auth);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(messages.stillHasBooks(shelf.name, 2));
      expect(refused.json().error).toContain('still has 2 books');
      expect((await listed()).map((s) => s.id)).toContain(shelf.id);

      for (const book of [inShop, waiting]) {
        expect((await send('DELETE', `/api/books/${book.id}/`, auth)).statusCode).toBe(200);
      }
      const res = await send('DELETE', `${path}${shelf.id}/`, auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: messages.deleted });
      expect((await listed()).map((s) => s.id)).not.toContain(shelf.id);
      expect((await send('DELETE', `${path}${shelf.id}/`, auth)).statusCode).toBe(404);
    });

    it('says what is wrong with the id', async () => {
      const res = await send('DELETE', `${path}abc/`, await staff());
      expect(res.statusCode).toBe(400);
    });

    it('is for staff only: 401 signed out, 403 for a reader', async () => {
      const shelf = await insert(app().db);
      expect((await send('DELETE', `${path}${shelf.id}/`, {})).statusCode).toBe(401);
      const reader = await createAccount(app());
      expect((await send('DELETE', `${path}${shelf.id}/`, reader.auth)).statusCode).toBe(403);
      expect((await listed()).map((s) => s.id)).toContain(shelf.id);
    });
  });
});

describe('renaming an author', () => {
  const ctx = useTestApp();
  const app = () => ctx().app;

  it("shows the new name on the author's books, in lists and search", async () => {
    const author = await insertAuthor(app().db, { name: `Old ${uniqueName()}` });
    const book = await insertBook(app().db, { authorId: author.id, bookAuthor: author.name });
    const name = `Renamed ${uniqueName()}`;
    const staff = await createAccount(app(), { staff: true });
    const res = await app().inject({
      method: 'PUT',
      url: `/api/authors/${author.id}/`,
      headers: staff.auth,
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lookup = await app().inject({ method: 'GET', url: `/api/books/lookup/?ids=${book.id}` });
    expect(lookup.json()[0].book_author).toBe(name);
    const search = await app().inject({
      method: 'GET',
      url: `/api/books/?keyword=${encodeURIComponent(name.split(' ')[1]!)}`,
    });
    expect(search.json().data.map((b: { id: number }) => b.id)).toContain(book.id);
  });
});
