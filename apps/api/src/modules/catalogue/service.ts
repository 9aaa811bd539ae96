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
import type { ReviewRow } from './rows.js';
import { authorToJson, bookDetailToJson, bookToJson, categoryToJson } from './serialize.js';

export const RELATED_LIMIT = 8;
export const FEATURED_LIMIT = 20;

const BOOK_NOT_FOUND = 'Book not found';
const AUTHOR_NOT_FOUND = 'Author not found';
const CATEGORY_NOT_FOUND = 'Category not found';

/** What the catalogue routes call: reads of books, authors and categories, and search. */
/**
 * Lists and searches are answered from the catalogue cache for a few seconds (lib/answers/cache.ts): the home
 * page, /books and popular searches are asked for far more often than the catalogue changes.
 */
export function listBooks(db: Database, query: BookListQuery): Promise<PagedBooks> {
  return listOf(db, query, {});
}

/**
 * A listing, with the author or category of its page already found (an author's or a category's page):
 * that one is not looked up again, and its number of books is the listing's count when nothing else
 * filters it (both count the books in the shop; `findInGroup` in repository.ts).
 */
async function listOf(
  db: Database,
  query: BookListQuery,
  found: { author?: Author; category?: Category },
): Promise<PagedBooks> {
  if (query.price_min !== undefined && query.price_max !== undefined && query.price_min > query.price_max) {
    throw badRequest(PRICE_RANGE_MESSAGE, { price_min: [PRICE_RANGE_MESSAGE] });
  }
  const [authors, categories] = await Promise.all([
    found.author
      ? [found.author]
      : Promise.all(
          (query.author ?? []).map((ref) => answerCache(db).get(`author:${ref}`, () => authorBySlug(db, ref))),
        ),
    found.category
      ? [found.category]
      : Promise.all(
          (query.category ?? []).map((ref) => answerCache(db).get(`category:${ref}`, () => categoryBySlug(db, ref))),
        ),
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
  if (query.on_sale) filter.onSale = true;
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
  const known = found.author ?? found.category;
  const onlyFilter = Object.keys(filter).length === 1 && authors.length + categories.length === 1;
  const knownCount = known && onlyFilter && !keyword ? known.number_of_books : undefined;
  return answerCache(db).get(key, () => loadBooks(db, keyword, filter, ordering, query, selected, knownCount));
}

async function loadBooks(
  db: Database,
  keyword: string,
  filter: repo.BookFilter,
  ordering: BookOrdering,
  query: BookListQuery,
  selected: { authors: Author[]; categories: Category[] },
  knownCount: number | undefined,
): Promise<PagedBooks> {
  const { page, page_size: pageSize } = query;
  const offset = (page - 1) * pageSize;
  const plan = keyword ? await planSearch(db, keyword, !query.exact) : null;
  if (plan) {
    const [found, counts] = await Promise.all([
      searchBooks(db, plan, filter, ordering, pageSize, offset),
      query.facets ? searchFacets(db, plan, filter).then((rows) => facetsFromRows(rows, selected)) : null,
    ]);
    const extra = counts ? { facets: counts, corrected_query: plan.corrected ? plan.phrase : null } : {};
    if (found.total === 0 && page === 1) {
      const similar = await similarTitles(db, plan.phrase, filter, pageSize);
      return { data: similar.map(bookToJson), meta: { ...pageMeta(page, pageSize, similar.length), ...extra } };
    }
    return { data: found.rows.map(bookToJson), meta: { ...pageMeta(page, pageSize, found.total), ...extra } };
  }
  const listOrder = ordering === 'relevance' ? '-created_at' : ordering;
  const countOf = () => answerCache(db).get(`count:${JSON.stringify(filter)}`, () => repo.countBooks(db, filter));
  // A format, condition or price filter reads every edition: the listing is counted from them (the facet pass
  // counts each title by its default edition, docs/decisions/0022-editions.md), and first, so that a
  // listing few titles match is paged from the editions too (repository.ts, `listBooks`).
  const matches = repo.filtersEditions(filter) ? countOf() : undefined;
  // Without those filters the facet pass counts the listing too: no separate count.
  const [books, found, counted] = await Promise.all([
    Promise.resolve(matches).then((n) => listPage(db, filter, listOrder, page, pageSize, n)),
    query.facets ? repo.facetCounts(db, filter, null, RATING_THRESHOLDS) : undefined,
    matches ?? (query.facets ? undefined : (knownCount ?? countOf())),
  ]);
  const count = counted ?? found?.find((r) => r.g === repo.FACET_GROUP.totals)?.n_all ?? 0;
  const meta = pageMeta(page, pageSize, count);
  return {
    data: books.map(bookToJson),
    meta: found ? { ...meta, facets: facetsFromRows(found, selected) } : meta,
  };
}

/** How many pages back a listing looks for where a page it has made ended (keyset paging). */
const KEYSET_REACH = 50;

/**
 * One page of a listing. Each page made remembers the id of its last book (for as long as answers are
 * kept, and cleared by every catalogue write with them); a later page of the same listing starts from
 * the nearest page before it that is remembered, seeking right after that book instead of skipping
 * every book before it (keyset paging). `?page=n` is all a client sends; a shopper or a crawler walking
 * forward, page after page, never pays for the pages behind. The books are the same as offset paging
 * gives (catalogue.test.ts holds them to it).
 */
async function listPage(
  db: Database,
  filter: repo.BookFilter,
  ordering: Exclude<BookOrdering, 'relevance'>,
  page: number,
  pageSize: number,
  matches?: number,
): Promise<repo.BookRow[]> {
  const cache = answerCache(db);
  const generation = cache.generation;
  const listing = `page-end:${JSON.stringify([filter, ordering, pageSize])}:`;
  let start: repo.PageStart = { offset: (page - 1) * pageSize };
  for (let before = page - 1; before >= Math.max(1, page - KEYSET_REACH); before--) {
    const afterId = cache.recall<number>(listing + before);
    if (afterId === undefined) continue;
    start = { afterId, offset: (page - 1 - before) * pageSize };
    break;
  }
  const found = await repo.listBooks(db, filter, ordering, pageSize, start, matches);
  const last = found.at(-1);
  if (last && found.length === pageSize) cache.remember(listing + page, last.id, generation);
  return found;
}

/** A book by id, with its first reviews read in the same statement. */
export async function bookById(db: Database, id: number): Promise<BookDetail> {
  return detailOf(await repo.findBookWithReviewsById(db, id));
}

/** A book's title or slug as asked for, trimmed; nothing asked for is no book. */
function titleAsked(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw notFound(BOOK_NOT_FOUND);
  return trimmed;
}

/** A book and its first reviews as the API gives them, or the API's 404. */
function detailOf(book: BookWithReviews | undefined): BookDetail {
  if (!book) throw notFound(BOOK_NOT_FOUND);
  return bookDetailToJson(book.row, book.reviews);
}

/** A book by its title or slug, with its first reviews read in the same statement. */
export async function bookByTitle(db: Database, title: string): Promise<BookDetail> {
  return detailOf(await repo.findBookWithReviews(db, titleAsked(title)));
}

export async function related(db: Database, id: number): Promise<Book[]> {
  return relatedTo(db, await repo.findBookById(db, id));
}

async function relatedTo(db: Database, book: repo.BookRow | undefined): Promise<Book[]> {
  if (!book) throw notFound(BOOK_NOT_FOUND);
  return (await repo.relatedBooks(db, book, RELATED_LIMIT)).map(bookToJson);
}

/** A book in the shop with the first page of its reviews (newest first): what its page shows. */
export interface BookWithReviews {
  row: repo.BookRow;
  reviews: ReviewRow[];
}

/**
 * The book reads of one server-rendered page, each made once however many parts of the page ask. A
 * book page reads its book and first reviews for its head (modules/seo/head.ts) and again for its body,
 * then its related books by the book's id: six statements, three of them repeats, now two (the
 * book and its reviews in one)
 * (docs/benchmarks/million-titles.md, "A fresh book page: half the statements, the layout rendered
 * once"). The answers are those of `bookByTitle` and `related`. Pages made at the same time share
 * their loads of the same book (`AnswerCache.once`); nothing is kept after: the page is what is kept.
 */
export function pageReads(db: Database) {
  const cache = answerCache(db);
  const found = new Map<string, Promise<BookWithReviews | undefined>>();
  const byId = new Map<number, repo.BookRow>();
  /** A book by its title or slug written as `key` (findBookByTitleOrSlug), with its first reviews. */
  const find = (key: string): Promise<BookWithReviews | undefined> => {
    let read = found.get(key);
    if (read) return read;
    read = cache
      .once(`page-book:${key}`, () => repo.findBookWithReviews(db, key))
      .then((book) => {
        if (book) byId.set(book.row.id, book.row);
        return book;
      });
    // A failed read is asked again by the next part that wants it, as separate reads were.
    read.catch(() => found.delete(key));
    found.set(key, read);
    return read;
  };
  return {
    find,
    /** As `bookByTitle`. */
    async book(title: string): Promise<BookDetail> {
      return detailOf(await find(titleAsked(title)));
    },
    /** As `related`; the book itself is not read again when this page has read it. */
    related(id: number): Promise<Book[]> {
      return cache.once(`page-related:${id}`, async () =>
        relatedTo(db, byId.get(id) ?? (await repo.findBookById(db, id))),
      );
    },
  };
}

export type PageReads = ReturnType<typeof pageReads>;

export function featured(db: Database): Promise<Book[]> {
  return answerCache(db).get('featured', async () => (await repo.featuredBooks(db, FEATURED_LIMIT)).map(bookToJson));
}

export function allAuthors(db: Database): Promise<Author[]> {
  return answerCache(db).get('authors', async () => (await repo.listAuthors(db)).map(authorToJson));
}

export function allCategories(db: Database): Promise<Category[]> {
  return answerCache(db).get('categories', async () => (await repo.listCategories(db)).map(categoryToJson));
}

export async function authorBySlug(db: Database, slug: string): Promise<Author> {
  const row = await repo.findAuthor(db, slug);
  if (!row) throw notFound(AUTHOR_NOT_FOUND);
  return authorToJson(row);
}

export async function categoryBySlug(db: Database, slug: string): Promise<Category> {
  const row = await repo.findCategory(db, slug);
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return categoryToJson(row);
}

export async function authorBooks(db: Database, slug: string, query: BookListQuery): Promise<PagedBooks> {
  const author = await authorBySlug(db, slug);
  return listOf(db, { ...query, keyword: undefined, author: [String(author.id)] }, { author });
}

export async function categoryBooks(db: Database, slug: string, query: BookListQuery): Promise<PagedBooks> {
  const category = await categoryBySlug(db, slug);
  return listOf(db, { ...query, keyword: undefined, category: [String(category.id)] }, { category });
}
