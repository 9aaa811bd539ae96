import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authors, books, categories, orderItems } from '../../db/schema.js';
import { rows } from '../../db/rows.js';
import { BOOK_COLUMNS, BOOK_FROM, type BookRow } from '../catalogue/repository.js';

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

/** Titles are unique whatever their case (the lower(title) index). */
export async function titleTaken(db: Database, title: string, exceptId?: number): Promise<boolean> {
  const same = sql`lower(${books.title}) = lower(${title})`;
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(exceptId === undefined ? same : and(same, ne(books.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'book';
}

/** The title's slug, or the first of slug-2, slug-3... that nobody has. */
export async function freeSlug(db: Database, title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (
      await db
        .select({ slug: books.slug })
        .from(books)
        .where(sql`${books.slug} = ${base} OR ${books.slug} LIKE ${`${base}-%`}`)
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

export async function insertBook(db: Database, values: NewBook): Promise<number> {
  const [row] = await db.insert(books).values(values).returning({ id: books.id });
  return row!.id;
}

export async function updateBook(db: Database, id: number, changes: BookChangesRow): Promise<boolean> {
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
export async function deleteBook(db: Database, id: number) {
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
    )}) ORDER BY b.id`,
  );
}

