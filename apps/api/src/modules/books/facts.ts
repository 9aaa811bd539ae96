import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { authors, books, categories } from '../../db/schema.js';

/** What reports group a title's sales by: its category and its author (null: none, or the title is gone). */
export interface BookFacts {
  category: { id: number; name: string } | null;
  author: { id: number | null; name: string } | null;
}

/** The category and author of each of these titles, by id. */
export async function bookFacts(db: Queryable, ids: number[]): Promise<Map<number, BookFacts>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({
      id: books.id,
      categoryId: categories.id,
      category: categories.name,
      authorId: authors.id,
      author: authors.name,
      bookAuthor: books.bookAuthor,
    })
    .from(books)
    .leftJoin(categories, eq(categories.id, books.categoryId))
    .leftJoin(authors, eq(authors.id, books.authorId))
    .where(inArray(books.id, [...new Set(ids)]));
  return new Map(
    found.map((row) => {
      const author = row.author ?? (row.bookAuthor.trim() || null);
      return [
        row.id,
        {
          category:
            row.categoryId !== null && row.category !== null ? { id: row.categoryId, name: row.category } : null,
          author: author === null ? null : { id: row.authorId, name: author },
        },
      ];
    }),
  );
}
