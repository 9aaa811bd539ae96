import type { Author } from '@bookstore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorsQuery } from '../../../lib/catalogue-lists';

/** GET /authors/ : fetched once for the header menus; a failure leaves the list empty. */
export function useAuthors() {
  return useQuery(authorsQuery);
}

/** GET /authors/{slug}/ */
export const authorQuery = (slug: string) =>
  queryOptions({
    queryKey: ['author', slug],
    queryFn: ({ signal }) => api.get<Author>(`/authors/${encodeURIComponent(slug)}/`, { signal, auth: false }),
  });

export function useAuthor(slug: string) {
  return useQuery(authorQuery(slug));
}
