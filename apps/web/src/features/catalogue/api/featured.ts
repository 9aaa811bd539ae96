import type { Book } from '@bookstore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /featured/ : the new-arrivals carousel. */
export const featuredQuery = () =>
  queryOptions({
    queryKey: ['featured'],
    queryFn: ({ signal }) => api.get<Book[]>('/featured/', { signal, auth: false }),
  });

export function useFeaturedBooks() {
  return useQuery(featuredQuery());
}
