import type { Book } from '@bookstore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /featured/ : the new-arrivals carousel. */
export function useFeaturedBooks() {
  return useQuery({
    queryKey: ['featured'],
    queryFn: ({ signal }) => api.get<Book[]>('/featured/', { signal, auth: false }),
  });
}
