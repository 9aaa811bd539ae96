import type { Book } from '@bookstore/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { rows } from '../../db/rows.js';
import { BOOK_COLUMNS, BOOK_FROM, type BookRow, findBookById, bookToJson } from '../catalogue/index.js';

export const wishlistMessages = {
  bookNotFound: 'Book not found',
  notInWishlist: 'This book is not in your wishlist',
} as const;

/**
 * The signed-in shopper's wishlist. Every call takes the user from the access token: nobody can name
 * another person's list. A book that sells out stays listed (with its stock, so the page can say so).
 */
export async function list(db: Database, userId: number): Promise<Book[]> {
  const books = await rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} JOIN wishlist_items w ON w.book_id = b.id
        WHERE w.user_id = ${userId}
        ORDER BY w.created_at DESC, b.id DESC`,
  );
  return books.map(bookToJson);
}

/** Adds the book; adding it again keeps the one entry. Says whether it was new. */
export async function add(db: Database, userId: number, bookId: number): Promise<{ book: Book; added: boolean }> {
  const book = await findBookById(db, bookId);
  if (!book) throw notFound(wishlistMessages.bookNotFound);
  const inserted = await rows(
    db,
    sql`INSERT INTO wishlist_items (user_id, book_id) VALUES (${userId}, ${bookId})
        ON CONFLICT DO NOTHING RETURNING book_id`,
  );
  return { book: bookToJson(book), added: inserted.length > 0 };
}

export async function remove(db: Database, userId: number, bookId: number): Promise<void> {
  const removed = await rows(
    db,
    sql`DELETE FROM wishlist_items WHERE user_id = ${userId} AND book_id = ${bookId} RETURNING book_id`,
  );
  if (removed.length > 0) return;
  if (!(await findBookById(db, bookId))) throw notFound(wishlistMessages.bookNotFound);
  throw notFound(wishlistMessages.notInWishlist);
}
