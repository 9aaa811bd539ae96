import {
  type Author,
  type Book,
  type BookDetail,
  type BookListQuery,
  type BookOrdering,
  type Category,
  type PagedBooks,
  PRICE_RANGE_MESSAGE,
  pageMeta,
  RATING_THRESHOLDS,
} from '@bookstore/contract';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { facetsFromRows } from './facets.js';
import { answerCache } from '../../lib/answers/cache.js';
import * as repo from './repository.js';
import { planSearch, searchBooks, searchFacets, similarTitles } from './search.js';
import { authorToJson, bookDetailToJson, bookToJson, categoryToJson } from './serialize.js';

export const RELATED_LIMIT = 8;
export const FEATURED_LIMIT = 20;

const BOOK_NOT_FOUND = 'Book not found';
const AUTHOR_NOT_FOUND = 'Author not found';
const CATEGORY_NOT_FOUND = 'Category not found';

/** What the catalogue routes call: reads of books, authors and categories, and search. */
export class CatalogueService {
  constructor(private readonly db: Database) {}

  private get cache() {
    return answerCache(this.db);
  }

  /**
   * Lists and searches are answered from the catalogue cache for a few seconds (lib/answers/cache.ts): the home
   * page, /books and popular searches are asked for far more often than the catalogue changes.
   */
  async listBooks(query: BookListQuery): Promise<PagedBooks> {
    if (query.price_min !== undefined && query.price_max !== undefined && query.price_min > query.price_max) {
      throw badRequest(PRICE_RANGE_MESSAGE, { price_min: [PRICE_RANGE_MESSAGE] });
    }
    const [authors, categories] = await Promise.all([
      Promise.all((query.author ?? []).map((ref) => this.cache.get(`author:${ref}`, () => this.author(ref)))),
      Promise.all((query.category ?? []).map((ref) => this.cache.get(`category:${ref}`, () => this.category(ref)))),
    ]);
    const filter: repo.BookFilter = {};
    if (authors.length > 0) filter.authorIds = [...new Set(authors.map((a) => a.id))].sort((x, y) => x - y);
    if (categories.length > 0) filter.categoryIds = [...new Set(categories.map((c) => c.id))].sort((x, y) => x - y);
    if (query.book_type?.length) filter.bookTypes = [...query.book_type].sort();
    if (query.condition?.length) filter.conditions = [...query.condition].sort();
    if (query.price_min !== undefined) filter.priceMinCents = query.price_min;
    if (query.price_max !== undefined) filter.priceMaxCents = query.price_max;
    if (query.rating_min !== undefined) filter.ratingMinTenths = Math.round(query.rating_min * 10);
    if (query.in_stock) filter.inStock = true;
    const keyword = query.keyword?.trim().toLowerCase() ?? '';
    const ordering: BookOrdering = query.ordering ?? (keyword ? 'relevance' : '-created_at');
    const selected = { authors, categories };
    const key = JSON.stringify([
      'books',
      keyword,
      query.exact ?? false,
      filter,
      ordering,
      query.page,
      query.page_size,
      query.facets ?? false,
    ]);
    return this.cache.get(key, () => this.loadBooks(keyword, filter, ordering, query, selected));
  }

  private async loadBooks(
    keyword: string,
    filter: repo.BookFilter,
    ordering: BookOrdering,
    query: BookListQuery,
    selected: { authors: Author[]; categories: Category[] },
  ): Promise<PagedBooks> {
    const { page, page_size: pageSize } = query;
    const offset = (page - 1) * pageSize;
    const plan = keyword ? await planSearch(this.db, keyword, !query.exact) : null;
    if (plan) {
      const [found, counts] = await Promise.all([
        searchBooks(this.db, plan, filter, ordering, pageSize, offset),
        query.facets ? searchFacets(this.db, plan, filter).then((rows) => facetsFromRows(rows, selected)) : null,
      ]);
      const extra = counts ? { facets: counts, corrected_query: plan.corrected ? plan.phrase : null } : {};
      if (found.total === 0 && page === 1) {
        const similar = await similarTitles(this.db, plan.phrase, filter, pageSize);
        return { data: similar.map(bookToJson), meta: { ...pageMeta(page, pageSize, similar.length), ...extra } };
      }
      return { data: found.rows.map(bookToJson), meta: { ...pageMeta(page, pageSize, found.total), ...extra } };
    }
    const listOrder = ordering === 'relevance' ? '-created_at' : ordering;
    if (query.facets) {
      // The facet pass counts the listing too: no separate count.
      const [books, found] = await Promise.all([
        repo.listBooks(this.db, filter, listOrder, pageSize, offset),
        repo.facetCounts(this.db, filter, null, RATING_THRESHOLDS),
      ]);
      const count = found.find((r) => r.g === repo.FACET_GROUP.totals)?.n_all ?? 0;
      return {
        data: books.map(bookToJson),
        meta: { ...pageMeta(page, pageSize, count), facets: facetsFromRows(found, selected) },
      };
    }
    const [books, count] = await Promise.all([
      repo.listBooks(this.db, filter, listOrder, pageSize, offset),
      this.cache.get(`count:${JSON.stringify(filter)}`, () => repo.countBooks(this.db, filter)),
    ]);
    return { data: books.map(bookToJson), meta: pageMeta(page, pageSize, count) };
  }

  async bookById(id: number): Promise<BookDetail> {
    return this.withReviews(await repo.findBookById(this.db, id));
  }

  async bookByTitle(title: string): Promise<BookDetail> {
    const trimmed = title.trim();
    if (!trimmed) throw notFound(BOOK_NOT_FOUND);
    return this.withReviews(await repo.findBookByTitleOrSlug(this.db, trimmed));
  }

  private async withReviews(row: repo.BookRow | undefined): Promise<BookDetail> {
    if (!row) throw notFound(BOOK_NOT_FOUND);
    return bookDetailToJson(row, await repo.reviewsOfBook(this.db, row.id));
  }

  async related(id: number): Promise<Book[]> {
    const book = await repo.findBookById(this.db, id);
    if (!book) throw notFound(BOOK_NOT_FOUND);
    return (await repo.relatedBooks(this.db, book, RELATED_LIMIT)).map(bookToJson);
  }

  featured(): Promise<Book[]> {
    return this.cache.get('featured', async () => (await repo.featuredBooks(this.db, FEATURED_LIMIT)).map(bookToJson));
  }

  authors(): Promise<Author[]> {
    return this.cache.get('authors', async () => (await repo.listAuthors(this.db)).map(authorToJson));
  }

  categories(): Promise<Category[]> {
    return this.cache.get('categories', async () => (await repo.listCategories(this.db)).map(categoryToJson));
  }

  async author(slug: string): Promise<Author> {
    const row = await repo.findAuthor(this.db, slug);
    if (!row) throw notFound(AUTHOR_NOT_FOUND);
    return authorToJson(row);
  }

  async category(slug: string): Promise<Category> {
    const row = await repo.findCategory(this.db, slug);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return categoryToJson(row);
  }

  async authorBooks(slug: string, query: BookListQuery): Promise<PagedBooks> {
    const author = await this.author(slug);
    return this.listBooks({ ...query, keyword: undefined, author: [String(author.id)] });
  }

  async categoryBooks(slug: string, query: BookListQuery): Promise<PagedBooks> {
    const category = await this.category(slug);
    return this.listBooks({ ...query, keyword: undefined, category: [String(category.id)] });
  }
}
