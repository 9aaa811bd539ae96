import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/client.js';
import { authors, books, categories, orderItems } from '../../db/schema.js';
import { rows } from '../../db/rows.js';
import { containsPattern } from '../../lib/like.js';
import { firstFreeSlug, slugify } from '../../lib/slug.js';
import type { ReviewStatus } from '@bookstore/contract';
import { BOOK_COLUMNS, BOOK_FROM, type BookRow, IN_SHOP } from '../catalogue/index.js';

/** Writes of the books table (the catalogue module reads it). */
export type NewBook = typeof books.$inferInsert;
export type BookChangesRow = Partial<Omit<NewBook, 'id' | 'createdAt' | 'searchVector'>>;

export async function authorName(db: Database, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: authors.name }).from(authors).where(eq(authors.id, id)).limit(1);
  return row?.name;
}

export async function categoryExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return Boolean(row);
}

/** Whether a book other than `exceptId` meets the condition. */
async function anotherBook(db: Queryable, condition: SQL, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(exceptId === undefined ? condition : and(condition, ne(books.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** Titles are unique whatever their case (the lower(title) index). */
export function titleTaken(db: Database, title: string, exceptId?: number): Promise<boolean> {
  return anotherBook(db, sql`lower(${books.title}) = lower(${title})`, exceptId);
}

/** Whether another book's title looks the same (the same look-alike key, title-key.ts). */
export function lookAlikeTaken(db: Queryable, key: string, exceptId?: number): Promise<boolean> {
  return anotherBook(db, sql`${books.titleKey} = ${key}`, exceptId);
}

/** The title's slug, or the first of slug-2, slug-3... that nobody has. */
export async function freeSlug(db: Database, title: string): Promise<string> {
  const base = slugify(title, 'book');
  const taken = await db
    .select({ slug: books.slug })
    .from(books)
    .where(sql`${books.slug} = ${base} OR ${books.slug} LIKE ${`${base}-%`}`);
  return firstFreeSlug(base, new Set(taken.map((r) => r.slug)));
}

/**
 * The name shown on an author's books (`book_author`) follows the author's: the shelves module calls
 * this in the transaction that renames the author.
 */
export async function renameAuthorOnBooks(db: Queryable, authorId: number, name: string): Promise<void> {
  await db
    .update(books)
    .set({ bookAuthor: name, updatedAt: sql`now()` })
    .where(eq(books.authorId, authorId));
}

/**
 * Runs `write` while no other process writes a title with this look-alike key: two look-alikes sent
 * at the same moment cannot both pass the check (a transaction-scoped advisory lock on the key).
 */
export function withTitleKeyLocked<T>(db: Database, key: string, write: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`title:${key}`}))`);
    return write(tx);
  });
}

export async function insertBook(db: Queryable, values: NewBook): Promise<number> {
  const [row] = await db.insert(books).values(values).returning({ id: books.id });
  return row!.id;
}

export async function updateBook(db: Queryable, id: number, changes: BookChangesRow): Promise<boolean> {
  const [row] = await db
    .update(books)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(books.id, id))
    .returning({ id: books.id });
  return Boolean(row);
}

export async function findCover(db: Database, id: number) {
  const [row] = await db
    .select({ id: books.id, image: books.image, imageVariants: books.imageVariants })
    .from(books)
    .where(eq(books.id, id))
    .limit(1);
  return row;
}

/**
 * Deletes the book; its reviews and wishlist entries go with it (cascade) and order lines keep their
 * title, image and price as bought (book_id set to null). Returns its cover, or undefined if unknown.
 */
export async function deleteBook(db: Queryable, id: number) {
  const [row] = await db
    .delete(books)
    .where(eq(books.id, id))
    .returning({ image: books.image, imageVariants: books.imageVariants });
  return row;
}

/** Whether an order line shows this picture (then it must stay on disk). */
export async function imageInOrders(db: Database, image: string): Promise<boolean> {
  const [row] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.image, image)).limit(1);
  return Boolean(row);
}

export function booksByIds(db: Database, ids: number[]): Promise<BookRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE b.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND ${IN_SHOP} ORDER BY b.id`,
  );
}

/** A book with where it stands in review, and who sent it. */
export type SubmittedRow = BookRow & {
  reviewed_at: string | null;
  contributor_id: number | null;
  contributor_username: string | null;
  contributor_email: string | null;
};

const SUBMITTED_COLUMNS = sql`${BOOK_COLUMNS},
  to_char(b.reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS reviewed_at,
  u.id AS contributor_id, u.username AS contributor_username, u.email AS contributor_email`;
const SUBMITTED_FROM = sql`${BOOK_FROM} LEFT JOIN users u ON u.id = b.created_by`;

async function submittedPage(db: Database, where: SQL, order: SQL, limit: number, offset: number) {
  const [total] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${SUBMITTED_FROM} WHERE ${where}`);
  const page = await rows<SubmittedRow>(
    db,
    sql`SELECT ${SUBMITTED_COLUMNS} FROM ${SUBMITTED_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
  return { rows: page, count: total?.n ?? 0 };
}

/** The books one account added, whatever their status, newest first. */
export function booksAddedBy(db: Database, userId: number, limit: number, offset: number) {
  return submittedPage(db, sql`b.created_by = ${userId}`, sql`b.created_at DESC, b.id DESC`, limit, offset);
}

/** Books waiting for staff, oldest first (the review queue index), optionally those whose title, author or sender holds `search`. */
export function booksWaitingForReview(db: Database, limit: number, offset: number, search?: string) {
  const pattern = search ? containsPattern(search) : undefined;
  const where = pattern
    ? sql`b.review_status = 'pending' AND (lower(b.title) LIKE ${pattern} OR lower(b.book_author) LIKE ${pattern}
          OR lower(u.username) LIKE ${pattern} OR lower(u.email) LIKE ${pattern})`
    : sql`b.review_status = 'pending'`;
  return submittedPage(db, where, sql`b.created_at ASC, b.id ASC`, limit, offset);
}

export async function findSubmitted(db: Database, id: number): Promise<SubmittedRow | undefined> {
  const [row] = await rows<SubmittedRow>(
    db,
    sql`SELECT ${SUBMITTED_COLUMNS} FROM ${SUBMITTED_FROM} WHERE b.id = ${id}`,
  );
  return row;
}

/**
 * Staff's decision on a book: approving puts a waiting (or earlier rejected) book in the shop;
 * rejecting takes a waiting one out of the queue. False when the book is not in a state to decide on.
 */
export async function decideReview(
  db: Queryable,
  id: number,
  decision: Exclude<ReviewStatus, 'pending'>,
  staffId: number,
) {
  const from = decision === 'approved' ? sql`b.review_status <> 'approved'` : sql`b.review_status = 'pending'`;
  const changed = await rows<{ id: number }>(
    db,
    sql`UPDATE books b SET review_status = ${decision}, reviewed_by = ${staffId}, reviewed_at = now(), updated_at = now()
        WHERE b.id = ${id} AND ${from} RETURNING b.id`,
  );
  return changed.length > 0;
}
