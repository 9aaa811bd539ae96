import type { Author, Book, Paged } from '@bookstore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { asList } from '../../../lib/lists';

/** GET /authors/ : fetched once for the header menus; a failure leaves the list empty. */
export function useAuthors() {
  return useQuery({
    queryKey: ['authors'],
    staleTime: Infinity,
    queryFn: async ({ signal }) => asList(await api.get<Author[] | Paged<Author>>('/authors/', { signal, auth: false })),
  });
}

/** GET /authors/{slug}/ */
export function useAuthor(slug: string) {
  return useQuery({
    queryKey: ['author', slug],
    queryFn: ({ signal }) => api.get<Author>(`/authors/${encodeURIComponent(slug)}/`, { signal, auth: false }),
  });
}

/** GET /authors/{slug}/books/ (paged) */
export function useAuthorBooks(slug: string) {
  return useQuery({
    queryKey: ['author', slug, 'books'],
    queryFn: ({ signal }) =>
      api.get<Paged<Book>>(`/authors/${encodeURIComponent(slug)}/books/?page_size=100`, { signal, auth: false }),
  });
}
