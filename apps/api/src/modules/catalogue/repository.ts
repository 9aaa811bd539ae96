import { type SQL, sql } from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE } from '@bookstore/contract';
import type { Database } from '../../db/client.js';
import { listReviews } from '../reviews/repository.js';
import {
  type AuthorRow,
  BOOK_COLUMNS,
  BOOK_FROM,
  type BookRow,
  type CategoryRow,
  type ReviewRow,
} from './serialize.js';

/** Every catalogue query, in SQL we can EXPLAIN. Each one is served by an index (see the migrations). */

export async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface BookFilter {
  authorId?: number;
  categoryId?: number;
}

export function filterConditions(filter: BookFilter): SQL[] {
  const parts: SQL[] = [];
  if (filter.authorId !== undefined) parts.push(sql`b.author_id = ${filter.authorId}`);
  if (filter.categoryId !== undefined) parts.push(sql`b.category_id = ${filter.categoryId}`);
  return parts;
}

function filterWhere(filter: BookFilter): SQL {
  const parts = filterConditions(filter);
  return parts.length > 0 ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
}

/** One page of books, newest (or oldest) first; the (created_at, id) indexes give the order. */
export function listBooks(
  db: Database,
  filter: BookFilter,
  newestFirst: boolean,
  limit: number,
  offset: number,
): Promise<BookRow[]> {
  const order = newestFirst ? sql.raw('b.created_at DESC, b.id DESC') : sql.raw('b.created_at ASC, b.id ASC');
  return rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} ${filterWhere(filter)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function countBooks(db: Database, filter: BookFilter): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM books b ${filterWhere(filter)}`);
  return row?.n ?? 0;
}

export async function findBookById(db: Database, id: number): Promise<BookRow | undefined> {
  const [row] = await rows<BookRow>(db, sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE b.id = ${id}`);
  return row;
}

/** Exact title, ignoring case (the unique lower(title) index), else the slug. */
export async function findBookByTitleOrSlug(db: Database, title: string): Promise<BookRow | undefined> {
  const [byTitle] = await rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE lower(b.title) = lower(${title})`,
  );
  if (byTitle) return byTitle;
  const [bySlug] = await rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE b.slug = ${title.toLowerCase()}`,
  );
  return bySlug;
}

/** The first page of a book's reviews, newest first (the reviews module owns review queries). */
export function reviewsOfBook(db: Database, bookId: number): Promise<ReviewRow[]> {
  return listReviews(db, bookId, REVIEWS_PAGE_SIZE, 0);
}

/**
 * Books by the same author first, then from the same category, newest first, never the book itself.
 * Two small index range scans instead of one sort over a whole category.
 */
export async function relatedBooks(db: Database, book: BookRow, limit: number): Promise<BookRow[]> {
  const sameAuthor =
    book.author_id === null
      ? []
      : await rows<BookRow>(
          db,
          sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}
              WHERE b.author_id = ${book.author_id} AND b.id <> ${book.id}
              ORDER BY b.created_at DESC LIMIT ${limit}`,
        );
  if (sameAuthor.length >= limit || book.category_id === null) return sameAuthor.slice(0, limit);
  const sameCategory = await rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}
        WHERE b.category_id = ${book.category_id} AND b.id <> ${book.id}
        ORDER BY b.created_at DESC LIMIT ${limit * 2}`,
  );
  const seen = new Set(sameAuthor.map((b) => b.id));
  return [...sameAuthor, ...sameCategory.filter((b) => !seen.has(b.id))].slice(0, limit);
}

export function featuredBooks(db: Database, limit: number): Promise<BookRow[]> {
  return rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE b.featured ORDER BY b.created_at DESC LIMIT ${limit}`,
  );
}

const AUTHOR_COLUMNS = sql.raw(`a.id, a.name, a.slug, a.image, a.brief, a.featured`);
const CATEGORY_COLUMNS = sql.raw(`c.id, c.name, c.slug, c.image, c.description, c.featured`);

/** Featured first, then by name; the book counts come from one pass over the author index. */
export function listAuthors(db: Database): Promise<AuthorRow[]> {
  return rows<AuthorRow>(
    db,
    sql`SELECT ${AUTHOR_COLUMNS}, coalesce(n.count, 0)::int AS number_of_books
        FROM authors a
        LEFT JOIN (SELECT author_id, count(*) AS count FROM books GROUP BY author_id) n ON n.author_id = a.id
        ORDER BY a.featured DESC, a.name, a.id`,
  );
}

export function listCategories(db: Database): Promise<CategoryRow[]> {
  return rows<CategoryRow>(
    db,
    sql`SELECT ${CATEGORY_COLUMNS}, coalesce(n.count, 0)::int AS number_of_books
        FROM categories c
        LEFT JOIN (SELECT category_id, count(*) AS count FROM books GROUP BY category_id) n ON n.category_id = c.id
        ORDER BY c.featured DESC, c.name, c.id`,
  );
}

/** By slug, or by id when the reference is a whole number (the add-book form sends ids). */
function byRef(alias: 'a' | 'c', ref: string): SQL {
  const column = sql.raw(alias);
  return /^\d{1,9}$/.test(ref)
    ? sql`(${column}.slug = ${ref} OR ${column}.id = ${Number(ref)})`
    : sql`${column}.slug = ${ref.toLowerCase()}`;
}

export async function findAuthor(db: Database, ref: string): Promise<AuthorRow | undefined> {
  const [row] = await rows<AuthorRow>(
    db,
    sql`SELECT ${AUTHOR_COLUMNS}, (SELECT count(*)::int FROM books b WHERE b.author_id = a.id) AS number_of_books
        FROM authors a WHERE ${byRef('a', ref)} LIMIT 1`,
  );
  return row;
}

export async function findCategory(db: Database, ref: string): Promise<CategoryRow | undefined> {
  const [row] = await rows<CategoryRow>(
    db,
    sql`SELECT ${CATEGORY_COLUMNS}, (SELECT count(*)::int FROM books b WHERE b.category_id = c.id) AS number_of_books
        FROM categories c WHERE ${byRef('c', ref)} LIMIT 1`,
  );
  return row;
}
