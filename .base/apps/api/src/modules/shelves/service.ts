import { type Author, authorMessages, type Category, categoryMessages, type ShelfDeleted } from '@bookstore/contract';
import type { Database } from '../../db/client.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { fieldsError } from '../../lib/form.js';
import { firstFreeSlug, slugify } from '../../lib/slug.js';
import { renameAuthorOnBooks } from '../books/index.js';
import { authorToJson, categoryToJson } from '../catalogue/index.js';
import {
  countBooks,
  deleteShelf,
  findShelf,
  insertShelf,
  lockShelf,
  nameTaken,
  type ShelfColumns,
  type ShelfKind,
  type ShelfRow,
  slugsLike,
  updateShelf,
  withSlugLocked,
} from './repository.js';

/**
 * Adding, changing and deleting authors and categories (staff). The rules of each field live in the
 * contract's schemas; these functions add what needs the database: a name nobody else on the same kind of shelf
 * has (any case), a free slug, the author's name on their books, and no delete while books remain.
 */

const MESSAGES = { author: authorMessages, category: categoryMessages } as const;

export type Shelf<K extends ShelfKind> = K extends 'author' ? Author : Category;

function toJson<K extends ShelfKind>(kind: K, row: ShelfRow): Shelf<K> {
  const { about, ...rest } = row;
  return (
    kind === 'author' ? authorToJson({ ...rest, brief: about }) : categoryToJson({ ...rest, description: about })
  ) as Shelf<K>;
}

const nameTakenError = (kind: ShelfKind) => fieldsError({ name: [MESSAGES[kind].nameTaken] }, 409);

async function shelf<K extends ShelfKind>(db: Database, kind: K, id: number): Promise<Shelf<K>> {
  const row = await findShelf(db, kind, id);
  if (!row) throw notFound(MESSAGES[kind].notFound);
  return toJson(kind, row);
}

/** The slug comes from the name: the first of name, name-2, name-3... that no shelf of this kind has. */
export async function create<K extends ShelfKind>(
  db: Database,
  kind: K,
  input: { name: string; about: string; featured: boolean },
): Promise<Shelf<K>> {
  const base = slugify(input.name, kind);
  try {
    const id = await withSlugLocked(db, kind, base, async (tx) => {
      if (await nameTaken(tx, kind, input.name)) throw nameTakenError(kind);
      const slug = firstFreeSlug(base, await slugsLike(tx, kind, base));
      return insertShelf(tx, kind, { name: input.name, about: input.about, featured: input.featured, slug });
    });
    return await shelf(db, kind, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTakenError(kind);
    throw err;
  }
}

/** Changes any of the fields; a rename keeps the slug (links to the page keep working). */
export async function update<K extends ShelfKind>(
  db: Database,
  kind: K,
  id: number,
  changes: ShelfColumns,
): Promise<Shelf<K>> {
  const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ShelfColumns;
  if (Object.keys(sent).length > 0) {
    await withSlugLocked(db, kind, slugify(sent.name ?? '', kind), async (tx) => {
      if (sent.name !== undefined && (await nameTaken(tx, kind, sent.name, id))) throw nameTakenError(kind);
      if (!(await updateShelf(tx, kind, id, sent))) throw notFound(MESSAGES[kind].notFound);
      if (kind === 'author' && sent.name !== undefined) await renameAuthorOnBooks(tx, id, sent.name);
    });
  }
  return shelf(db, kind, id);
}

/**
 * Deletes a shelf that no book points at. The books' foreign keys would quietly set theirs to none
 * (db/schema.ts), so a shelf with books is refused and says how many: staff move or delete them first.
 */
export async function remove(db: Database, kind: ShelfKind, id: number): Promise<ShelfDeleted> {
  const messages = MESSAGES[kind];
  await db.transaction(async (tx) => {
    const name = await lockShelf(tx, kind, id);
    if (name === undefined) throw notFound(messages.notFound);
    const n = await countBooks(tx, kind, id);
    if (n > 0) throw conflict(messages.stillHasBooks(name, n));
    await deleteShelf(tx, kind, id);
  });
  return { ok: true, message: messages.deleted };
}
