import type { Book, BookOrdering, Paged } from '@bookstore/contract';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /books/?page=&ordering=&page_size= : one page of the catalogue, newest first by default. */
export function fetchBooks(params: { page?: number; ordering?: BookOrdering; pageSize?: number; keyword?: string }, signal?: AbortSignal) {
  const query = new URLSearchParams();
  query.set('page', String(params.page ?? 1));
  if (params.ordering) query.set('ordering', params.ordering);
  if (params.pageSize) query.set('page_size', String(params.pageSize));
  if (params.keyword) query.set('keyword', params.keyword);
  return api.get<Paged<Book>>(`/books/?${query}`, { signal, auth: false });
}

export const HOME_GRID_SIZE = 8;

/** The first 8 books, for the home grid. */
export function useHomeBooks() {
  return useQuery({
    queryKey: ['books', 'home'],
    queryFn: ({ signal }) => fetchBooks({ page: 1, ordering: '-created_at', pageSize: HOME_GRID_SIZE }, signal),
  });
}

/** All books page by page, in the server's order (the client never re-sorts). */
export const bookPagesQuery = (ordering: BookOrdering) =>
  infiniteQueryOptions({
    queryKey: ['books', 'all', ordering],
    queryFn: ({ pageParam, signal }) => fetchBooks({ page: pageParam, ordering }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.meta.next ?? undefined,
  });

export function useBookPages(ordering: BookOrdering) {
  return useInfiniteQuery(bookPagesQuery(ordering));
}

/** The ordering the /books address asks for (newest first unless it says otherwise). */
export function orderingFrom(search: URLSearchParams): BookOrdering {
  return search.get('ordering') === 'created_at' ? 'created_at' : '-created_at';
}
