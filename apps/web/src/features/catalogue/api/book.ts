import type { Book, BookDetail } from '@bookstore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /books/book/{title} (no trailing slash): by title, falling back to slug. */
export function fetchBookByTitle(title: string, signal?: AbortSignal) {
  if (!title.trim()) throw new Error('No book found with that title.');
  return api.get<BookDetail>(`/books/book/${encodeURIComponent(title)}`, { signal, auth: false });
}

export const bookQuery = (title: string) =>
  queryOptions({ queryKey: ['book', title], queryFn: ({ signal }) => fetchBookByTitle(title, signal) });

export function useBook(title: string) {
  return useQuery(bookQuery(title));
}

/** GET /books/{id}/related/ */
export const relatedQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: ['book', id, 'related'],
    queryFn: ({ signal }) => api.get<Book[]>(`/books/${id}/related/`, { signal, auth: false }),
  });

export function useRelatedBooks(id: number | undefined) {
  return useQuery({ ...relatedQuery(id), enabled: id !== undefined });
}
