import { pagedBooksSchema } from '@bookstore/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { insertBook } from '../../test/factories.js';
import { invalidateAnswers } from '../../lib/answers/cache.js';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/rows.js';
import { planSearch, searchBooks, searchQuery } from './search.js';

describe('catalogue search (keyword)', () => {
  // These tests edit books behind the app's back, so no catalogue answers may be reused.
  const ctx = useTestApp({ answerCacheSeconds: 0 });

  beforeAll(async () => {
    const db = ctx().app.db;
    await insertBook(db, {
      title: 'Pride and Prejudice',
      bookAuthor: 'Jane Austen',
      genre: 'Romance',
      description: 'Elizabeth Bennet and Mr Darcy misjudge each other.',
    });
    await insertBook(db, {
      title: 'A Study of Manners',
      bookAuthor: 'Some Critic',
      genre: 'Criticism',
      description: 'An essay on pride and prejudice in the novels of the Regency.',
    });
    await insertBook(db, {
      title: 'Les Misérables',
      bookAuthor: 'Victor Hugo',
      genre: 'Historical fiction',
      isbn: '978-0-14-044430-8',
      tags: ['barricades', 'redemption'],
      description: 'Jean Valjean and Inspector Javert.',
    });
    await insertBook(db, {
      title: 'The Prejudiced Juror',
      bookAuthor: 'Ann Other',
      genre: 'Legal thriller',
      description: 'A courtroom drama.',
    });
    await insertBook(db, {
      title: 'Whaling Days',
      bookAuthor: 'Ishmael Sailor',
      genre: 'Nautical',
      tags: ['leviathan'],
      description: 'Life aboard a nineteenth-century whaler.',
    });
  });

  async function search(keyword: string) {
    const res = await ctx().app.inject(`/api/books/?keyword=${encodeURIComponent(keyword)}`);
    expect(res.statusCode, res.body).toBe(200);
    return pagedBooksSchema.parse(res.json());
  }
  const titles = async (keyword: string) => (await search(keyword)).data.map((b) => b.title);

  it('finds an exact title, title matches first', async () => {
    const found = await titles('pride and prejudice');
    expect(found[0]).toBe('Pride and Prejudice');
    expect(found).toContain('A Study of Manners');
    expect(found.indexOf('Pride and Prejudice')).toBeLessThan(found.indexOf('A Study of Manners'));
  });

  it('finds words by their beginning', async () => {
    expect((await titles('pride and prej'))[0]).toBe('Pride and Prejudice');
    expect(await titles('misér')).toEqual(['Les Misérables']);
    expect(await titles('whal')).toEqual(['Whaling Days']);
  });

  it('survives a typo', async () => {
    expect((await titles('pride and prejudce'))[0]).toBe('Pride and Prejudice');
    expect(await titles('Les Miserabels')).toEqual(['Les Misérables']);
    expect(await titles('valjaen')).toEqual(['Les Misérables']);
  });

  it('ignores accents and case, both ways', async () => {
    expect(await titles('Les Miserables')).toEqual(['Les Misérables']);
    expect(await titles('LES MISÉRABLES')).toEqual(['Les Misérables']);
    expect((await titles('PRIDE AND PREJUDICE'))[0]).toBe('Pride and Prejudice');
  });

  it('searches the author, ISBN, genre, tags and description too', async () => {
    expect(await titles('austen')).toEqual(['Pride and Prejudice']);
    expect(await titles('Victor Hugo')).toEqual(['Les Misérables']);
    expect(await titles('9780140444308')).toEqual(['Les Misérables']);
    expect(await titles('978-0-14-044430-8')).toEqual(['Les Misérables']);
    expect(await titles('legal thriller')).toEqual(['The Prejudiced Juror']);
    expect(await titles('leviathan')).toEqual(['Whaling Days']);
    expect(await titles('courtroom')).toEqual(['The Prejudiced Juror']);
  });

  it('ranks a title that starts with the words before one that only contains them', async () => {
    const found = await titles('prejudice');
    // "Prejudiced" in a title beats "prejudice" in a description; the exact title first of all.
    expect(found).toEqual(['Pride and Prejudice', 'The Prejudiced Juror', 'A Study of Manners']);
  });

  it('counts and pages the matches', async () => {
    const res = await ctx().app.inject('/api/books/?keyword=prejudice&page_size=2&page=2');
    const body = pagedBooksSchema.parse(res.json());
    expect(body.data.map((b) => b.title)).toEqual(['A Study of Manners']);
    expect(body.meta).toEqual({ page: 2, pageSize: 2, count: 3, pages: 2, next: null });
    const past = pagedBooksSchema.parse((await ctx().app.inject('/api/books/?keyword=prejudice&page=5')).json());
    expect(past.data).toEqual([]);
    expect(past.meta.count).toBe(3);
  });

  it('answers no match with an empty page', async () => {
    const body = await search('qqqqzzzz xxyyzz');
    expect(body.data).toEqual([]);
    expect(body.meta).toEqual({ page: 1, pageSize: 20, count: 0, pages: 1, next: null });
  });

  it('falls back to titles like the words run together', async () => {
    expect(await titles('whalingdays')).toEqual(['Whaling Days']);
  });

  it('treats a keyword without any word as no keyword', async () => {
    expect((await search('  !!  ')).meta.count).toBe(5);
    expect((await search('')).meta.count).toBe(5);
  });

  it('takes keywords up to 200 characters and refuses longer ones with a clear message', async () => {
    const long = `pride ${'x'.repeat(194)}`;
    expect((await ctx().app.inject(`/api/books/?keyword=${long}`)).statusCode).toBe(200);
    const res = await ctx().app.inject(`/api/books/?keyword=${long}x`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('keyword: keyword must be at most 200 characters');
  });

  it('keeps SQL and tsquery syntax inert', async () => {
    for (const keyword of ["pride' OR 1=1 --", 'pride & | ! ( ) :* <->', '%_\\']) {
      const res = await ctx().app.inject(`/api/books/?keyword=${encodeURIComponent(keyword)}`);
      expect(res.statusCode, keyword).toBe(200);
    }
  });

  it('sees a book edited after it was added', async () => {
    const book = await insertBook(ctx().app.db, { title: 'Untitled Draft' });
    expect(await titles('zanzibar')).toEqual([]);
    await ctx().app.db.execute(
      (await import('drizzle-orm')).sql`UPDATE books SET title = 'Zanzibar Nights' WHERE id = ${book.id}`,
    );
    // Written behind the server's back, so tell the catalogue cache, as a write through the API would.
    invalidateAnswers(ctx().app.db);
    expect(await titles('zanzibar')).toEqual(['Zanzibar Nights']);
  });
});

describe('a search asks the indexes for whole words instead of prefixes', () => {
  const ctx = useTestApp({ answerCacheSeconds: 0 });

  it('finds exactly the books the prefixes find, in the same order', async () => {
    const db = ctx().app.db;
    const words = ['river', 'rivers', 'riverside', 'rivet', 'golden', 'goldfinch', 'harbour'];
    // More words starting "sto" than are spelled out: that prefix stays a prefix.
    const many = Array.from({ length: 40 }, (_, i) => `sto${String.fromCharCode(97 + (i % 26))}${i}x`);
    for (let i = 0; i < 60; i++) {
      await insertBook(db, {
        title: `${words[i % words.length]} ${words[(i * 3 + 1) % words.length]} ${many[i % many.length]} ${i}`,
        bookAuthor: i % 5 === 0 ? 'Golda Rivera' : 'Ann Writer',
        description: `A tale of the ${words[(i * 5 + 2) % words.length]} and the sea, volume ${i}.`,
        tags: i % 4 === 0 ? ['riverbank'] : [],
        isbn: `97800000${String(i).padStart(5, '0')}`,
      });
    }
    for (const keyword of ['golden river', 'golden rivwr', 'rive', 'riv gold', 'sto river', 'harbour 97800', 'gol']) {
      const plan = (await planSearch(db, keyword))!;
      // The same books match the spelled-out words as the prefixes, in the titles and anywhere.
      for (const vector of ["to_tsvector('simple', search_normalize(b.title))", 'b.search_vector']) {
        const ids = async (query: string) =>
          (
            await rows<{ id: number }>(
              db,
              sql`SELECT b.id FROM books b WHERE ${sql.raw(vector)} @@ to_tsquery('simple', ${query}) ORDER BY b.id`,
            )
          ).map((r) => r.id);
        expect(await ids(plan.match), `${keyword}: ${plan.match}`).toEqual(await ids(plan.query));
      }
      // A title match is read from the weight-A words of the search vector: the same books.
      const titled = async (vector: string, query: string) =>
        (
          await rows<{ id: number }>(
            db,
            sql`WITH ${searchQuery(plan)} SELECT b.id FROM books b, q WHERE ${sql.raw(vector)} @@ ${sql.raw(query)} ORDER BY b.id`,
          )
        ).map((r) => r.id);
      const byTitle = await titled("to_tsvector('simple', search_normalize(b.title))", 'q.words');
      if (keyword !== 'harbour 97800') expect(byTitle.length, keyword).toBeGreaterThan(0);
      expect(await titled('b.search_vector', 'q.titled'), keyword).toEqual(byTitle);
      // And a shopper sees the same page as when the indexes were asked for the prefixes.
      const shown = (await searchBooks(db, plan, {}, 'relevance', 100, 0)).rows.map((b) => b.id);
      const asBefore = (await searchBooks(db, { ...plan, match: plan.query }, {}, 'relevance', 100, 0)).rows.map(
        (b) => b.id,
      );
      expect(shown, keyword).toEqual(asBefore);
      expect(shown.length, keyword).toBeGreaterThan(0);
    }
    const plan = (await planSearch(db, 'sto golden'))!;
    expect(plan.match).toBe('sto:* & (golden)');
    expect((await planSearch(db, 'rive'))!.match).toBe('(river | rivera | riverbank | rivers | riverside | rivet)');
  });
});

describe('a search ranks only the title matches when they fill the page', () => {
  const ctx = useTestApp({ answerCacheSeconds: 0 });

  it('shows the same pages as when every candidate is ranked', async () => {
    const db = ctx().app.db;
    const titles = ['Golden River', 'The River of Golden Days', 'Rivers Golden and Grey', 'A Golden Rivet'];
    for (let i = 0; i < 24; i++) {
      await insertBook(db, {
        title: `${titles[i % titles.length]}, Book ${i}`,
        description: i % 3 === 0 ? 'A golden river runs through it, golden and golden again.' : 'A quiet tale.',
      });
    }
    // Matches outside the title: the words in the description or the author only, and titles that hold
    // the phrase inside longer words (plain and accented), which rank before every other title match.
    for (let i = 0; i < 12; i++) {
      await insertBook(db, { title: `Harbour Lights ${i}`, description: 'Down the golden river road.' });
    }
    await insertBook(db, { title: 'Ungolden River Tales', description: 'Golden days.' });
    await insertBook(db, { title: 'Ungolden Rivér Songs', description: 'Golden days.' });
    await insertBook(db, { title: 'Silent Water', bookAuthor: 'Golden River' });
    for (const keyword of ['golden river', 'golden rivwr', 'river golden', 'golden']) {
      const plan = (await planSearch(db, keyword))!;
      // A page reaching past the title matches ranks every candidate: the reference.
      const all = await searchBooks(db, plan, {}, 'relevance', 100, 0);
      expect(all.total, keyword).toBeGreaterThan(24);
      for (const size of [3, 5, 7]) {
        const pages = [];
        for (let offset = 0; offset < all.total; offset += size) {
          const page = await searchBooks(db, plan, {}, 'relevance', size, offset);
          expect(page.total, `${keyword} ${size} ${offset}`).toBe(all.total);
          pages.push(...page.rows.map((b) => b.title));
        }
        expect(pages, `${keyword} by ${size}`).toEqual(all.rows.map((b) => b.title));
      }
      if (keyword.startsWith('golden riv')) {
        // The phrase inside longer words is found, before the title matches that do not hold it.
        const shown = all.rows.map((b) => b.title);
        const firstWithout = shown.findIndex((t) => t.startsWith('The River of Golden Days'));
        for (const title of ['Ungolden River Tales', 'Ungolden Rivér Songs']) {
          expect(shown.indexOf(title), `${keyword}: ${title}`).toBeGreaterThan(-1);
          expect(shown.indexOf(title), `${keyword}: ${title}`).toBeLessThan(firstWithout);
        }
      }
    }
  });
});

describe('a misspelt word is corrected to a word that a title holds beside the other words', () => {
  const ctx = useTestApp({ answerCacheSeconds: 0 });

  it('prefers, of the most similar words, one found with the others in a title', async () => {
    const db = ctx().app.db;
    await insertBook(db, { title: 'The Iron Tower', description: 'A keep on the moor.' });
    await insertBook(db, { title: 'A Town Called Hope', description: 'Iron rails run through it.' });
    // "town" is more like "towxr" than "tower" is, and is kept when nothing else was typed; beside "iron"
    // only "tower" is in a title (the description's "iron" beside "town" does not count).
    expect((await planSearch(db, 'towxr'))!.words).toEqual(['town']);
    expect((await planSearch(db, 'iron towxr'))!.words).toEqual(['iron', 'tower']);
    expect((await planSearch(db, 'towxr iron'))!.words).toEqual(['tower', 'iron']);
    // No title holds either beside "moor" (a word of a description): the most similar, as before.
    expect((await planSearch(db, 'moor towxr'))!.words).toEqual(['moor', 'town']);
    const res = await ctx().app.inject(`/api/books/?keyword=${encodeURIComponent('iron towxr')}&facets=1`);
    const body = res.json();
    expect(body.data[0].title).toBe('The Iron Tower');
    expect(body.meta.corrected_query).toBe('iron tower');
  });
});
