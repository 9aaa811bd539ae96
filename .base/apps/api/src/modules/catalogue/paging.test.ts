import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { insertAuthor, insertBook, insertCategory } from '../../test/factories.js';
import { invalidateAnswers } from '../../lib/answers/cache.js';
import * as repo from './repository.js';

const ORDERINGS = ['-created_at', 'created_at', 'price', '-price', '-rating', 'title'] as const;

/**
 * Deep pages: a listing walked page after page starts each page right after the last book of the one
 * before (keyset paging, service.ts), `?page=n` asked alone skips n-1 pages (offset). A client sees
 * the same books either way, ties in the sort order included.
 */
describe('paging through a listing', () => {
  const ctx = useTestApp({ answerCacheSeconds: 60 });
  let category = 0;

  beforeAll(async () => {
    const db = ctx().app.db;
    const author = await insertAuthor(db, { name: 'Paged Author', slug: 'paged-author' });
    category = (await insertCategory(db, { name: 'Paged', slug: 'paged' })).id;
    const other = await insertCategory(db, { name: 'Other', slug: 'other' });
    // 47 books; created_at, price and rating repeat, so the id decides between equals.
    for (let i = 0; i < 47; i++) {
      await insertBook(db, {
        title: `Paged Book ${String((i * 17) % 47).padStart(2, '0')}`,
        authorId: author.id,
        categoryId: i % 5 === 0 ? other.id : category,
        priceCents: 500 + (i % 4) * 100,
        ratingTenths: (i % 3) * 10,
        ratingCount: i % 2,
        createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 6))),
        reviewStatus: i === 13 ? 'pending' : 'approved',
      });
    }
    invalidateAnswers(db);
  });

  const idsOf = async (url: string) => {
    const res = await ctx().app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    const body = res.json<{ data: { id: number }[]; meta: { count: number } }>();
    return { ids: body.data.map((b) => b.id), count: body.meta.count };
  };

  it.each(ORDERINGS)(
    'gives the same books page after page as each page asked alone (ordering %s)',
    async (ordering) => {
      const db = ctx().app.db;
      for (const filter of ['', `&category=paged`]) {
        const base = `/api/books/?ordering=${ordering}&page_size=5${filter}`;
        invalidateAnswers(db);
        const walked: number[][] = [];
        const { count } = await idsOf(`${base}&page=1`);
        const pages = Math.ceil(count / 5);
        for (let page = 1; page <= pages; page++) walked.push((await idsOf(`${base}&page=${page}`)).ids);
        // Each page alone, last first, with nothing remembered: offset paging.
        const alone: number[][] = [];
        for (let page = pages; page >= 1; page--) {
          invalidateAnswers(db);
          alone[page - 1] = (await idsOf(`${base}&page=${page}`)).ids;
        }
        expect(walked, base).toEqual(alone);
        expect(walked.flat().length).toBe(count);
        expect(new Set(walked.flat()).size).toBe(count);
      }
    },
  );

  it('starts a page right after a given book exactly where offset paging starts it', async () => {
    const db = ctx().app.db;
    for (const ordering of ORDERINGS) {
      const all = await repo.listBooks(db, { categoryIds: [category] }, ordering, 100, { offset: 0 });
      for (const at of [0, 4, 17, all.length - 2]) {
        const seek = await repo.listBooks(db, { categoryIds: [category] }, ordering, 5, {
          afterId: all[at]!.id,
          offset: 0,
        });
        const skip = await repo.listBooks(db, { categoryIds: [category] }, ordering, 5, { offset: at + 1 });
        expect(
          seek.map((b) => b.id),
          `${ordering} after ${at}`,
        ).toEqual(skip.map((b) => b.id));
      }
    }
  });

  it('still answers a page past the end with no books, and a bad page number with the shop words', async () => {
    expect((await idsOf('/api/books/?page=400&page_size=5')).ids).toEqual([]);
    const bad = await ctx().app.inject({ method: 'GET', url: '/api/books/?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('error');
  });
});
