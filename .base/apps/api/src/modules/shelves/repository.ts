import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { authors, categories } from '../../db/schema.js';
import { IN_SHOP } from '../catalogue/index.js';

/** Writes of the authors and categories tables (the catalogue module reads them). */
export type ShelfKind = 'author' | 'category';

const TABLES = { author: authors, category: categories } as const;
/** Each shelf's table, its own text column and the books column that points at it, for raw SQL. */
const SQL_NAMES = {
  author: { table: 'authors', about: 'brief', bookColumn: 'author_id' },
  category: { table: 'categories', about: 'description', bookColumn: 'category_id' },
} as const;

/** What staff write: the name, the shelf's own text (an author's brief, a category's description), featured. */
export interface ShelfColumns {
  name?: string;
  about?: string;
  featured?: boolean;
}

/** A shelf as the catalogue shows it: its own text as `about`, and how many of its books are in the shop. */
export interface ShelfRow {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  about: string;
  featured: boolean;
  number_of_books: number;
}

export async function findShelf(db: Queryable, kind: ShelfKind, id: number): Promise<ShelfRow | undefined> {
  const { table, about, bookColumn } = SQL_NAMES[kind];
  const [row] = await rows<ShelfRow>(
    db,
    sql`SELECT s.id, s.name, s.slug, s.image, s.${sql.raw(about)} AS about, s.featured,
          (SELECT count(*)::int FROM books b WHERE b.${sql.raw(bookColumn)} = s.id AND ${IN_SHOP}) AS number_of_books
        FROM ${sql.raw(table)} s WHERE s.id = ${id}`,
  );
  return row;
}

/**
 * Runs `write` while no other process writes a shelf of this kind under the same slug: names that
 * differ only in case (or punctuation) cannot both pass the checks at the same moment.
 */
export function withSlugLocked<T>(db: Database, kind: ShelfKind, slug: string, write: (tx: Transaction) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${kind}:${slug}`}))`);
    return write(tx);
  });
}

/** Whether another shelf of this kind has this name, whatever its case. */
export async function nameTaken(db: Queryable, kind: ShelfKind, name: string, exceptId?: number): Promise<boolean> {
  const t = TABLES[kind];
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(sql`lower(${t.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(t.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** The slugs of this kind that are `base` or `base-…`. */
export async function slugsLike(db: Queryable, kind: ShelfKind, base: string): Promise<Set<string>> {
  const t = TABLES[kind];
  const found = await db
    .select({ slug: t.slug })
    .from(t)
    .where(sql`${t.slug} = ${base} OR ${t.slug} LIKE ${`${base}-%`}`);
  return new Set(found.map((r) => r.slug));
}

export async function insertShelf(
  db: Queryable,
  kind: ShelfKind,
  values: { name: string; slug: string; about: string; featured: boolean },
): Promise<number> {
  const { about, ...rest } = values;
  const [row] =
    kind === 'author'
      ? await db
          .insert(authors)
          .values({ ...rest, brief: about })
          .returning({ id: authors.id })
      : await db
          .insert(categories)
          .values({ ...rest, description: about })
          .returning({ id: categories.id });
  return row!.id;
}

/** False when there is no such shelf. */
export async function updateShelf(db: Queryable, kind: ShelfKind, id: number, changes: ShelfColumns): Promise<boolean> {
  const { about, ...rest } = changes;
  const [row] =
    kind === 'author'
      ? await db
          .update(authors)
          .set({ ...rest, brief: about })
          .where(eq(authors.id, id))
          .returning({ id: authors.id })
      : await db
          .update(categories)
          .set({ ...rest, description: about })
          .where(eq(categories.id, id))
          .returning({ id: categories.id });
  return Boolean(row);
}

/** Locks the shelf's row until the transaction ends (a book written meanwhile waits); its name, or undefined. */
export async function lockShelf(tx: Transaction, kind: ShelfKind, id: number): Promise<string | undefined> {
  const { table } = SQL_NAMES[kind];
  const [row] = await rows<{ name: string }>(tx, sql`SELECT name FROM ${sql.raw(table)} WHERE id = ${id} FOR UPDATE`);
  return row?.name;
}

/** Every book on the shelf, whatever its review status (a reader's book waiting for staff counts too). */
export async function countBooks(tx: Transaction, kind: ShelfKind, id: number): Promise<number> {
  const { bookColumn } = SQL_NAMES[kind];
  const [row] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM books WHERE ${sql.raw(bookColumn)} = ${id}`,
  );
  return row?.n ?? 0;
}

export async function deleteShelf(tx: Transaction, kind: ShelfKind, id: number): Promise<void> {
  const t = TABLES[kind];
  await tx.delete(t).where(eq(t.id, id));
}
