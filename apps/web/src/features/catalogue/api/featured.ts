import type { Book } from '@bookstore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { asList } from '../../../lib/lists';

/** GET /featured/ : the new-arrivals carousel. */
export function useFeaturedBooks() {
  return useQuery({
    queryKey: ['featured'],
    queryFn: async ({ signal }) => asList(await api.get<Book[]>('/featured/', { signal, auth: false })),
  });
}
