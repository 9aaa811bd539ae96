import {
  type Author,
  type Book,
  type BookDetail,
  type BookListQuery,
  type Category,
  type Paged,
  pageMeta,
} from '@bookstore/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { catalogueCache } from './cache.js';
import * as repo from './repository.js';
import { planSearch, searchBooks, similarTitles } from './search.js';
import { authorToJson, bookDetailToJson, bookToJson, type BookRow, categoryToJson } from './serialize.js';

export const RELATED_LIMIT = 8;
export const FEATURED_LIMIT = 20;

const BOOK_NOT_FOUND = 'Book not found';
const AUTHOR_NOT_FOUND = 'Author not found';
const CATEGORY_NOT_FOUND = 'Category not found';

/** What the catalogue routes call: reads of books, authors and categories, and search. */
export class CatalogueService {
  constructor(private readonly db: Database) {}

  private get cache() {
    return catalogueCache(this.db);
  }

  /**
   * Lists and searches are answered from the catalogue cache for a few seconds (cache.ts): the home
   * page, /books and popular searches are asked for far more often than the catalogue changes.
   */
  async listBooks(query: BookListQuery): Promise<Paged<Book>> {
    const filter: repo.BookFilter = {};
    if (query.author)
      filter.authorId = (await this.cache.get(`author:${query.author}`, () => this.author(query.author!))).id;
    if (query.category) {
      filter.categoryId = (await this.cache.get(`category:${query.category}`, () => this.category(query.category!))).id;
    }
    const keyword = query.keyword?.trim().toLowerCase() ?? '';
    const key = JSON.stringify(['books', keyword, filter, query.ordering, query.page, query.page_size]);
    return this.cache.get(key, () => this.loadBooks(keyword, filter, query));
  }

  private async loadBooks(keyword: string, filter: repo.BookFilter, query: BookListQuery): Promise<Paged<Book>> {
    const { page, page_size: pageSize } = query;
    const newestFirst = query.ordering !== 'created_at';
    const offset = (page - 1) * pageSize;
    const plan = keyword ? await planSearch(this.db, keyword) : null;
    if (plan) {
      const found = await searchBooks(this.db, plan, filter, newestFirst, pageSize, offset);
      if (found.total === 0 && page === 1) {
        const similar = await similarTitles(this.db, plan.phrase, filter, pageSize);
        return { data: similar.map(bookToJson), meta: pageMeta(page, pageSize, similar.length) };
      }
      return { data: found.rows.map(bookToJson), meta: pageMeta(page, pageSize, found.total) };
    }
    const [books, count] = await Promise.all([
      repo.listBooks(this.db, filter, newestFirst, pageSize, offset),
      this.cache.get(`count:${filter.authorId ?? ''}:${filter.categoryId ?? ''}`, () =>
        repo.countBooks(this.db, filter),
      ),
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

  private async withReviews(row: BookRow | undefined): Promise<BookDetail> {
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

  async authorBooks(slug: string, query: BookListQuery): Promise<Paged<Book>> {
    const author = await this.author(slug);
    return this.listBooks({ ...query, keyword: undefined, category: undefined, author: String(author.id) });
  }

  async categoryBooks(slug: string, query: BookListQuery): Promise<Paged<Book>> {
    const category = await this.category(slug);
    return this.listBooks({ ...query, keyword: undefined, author: undefined, category: String(category.id) });
  }
}
