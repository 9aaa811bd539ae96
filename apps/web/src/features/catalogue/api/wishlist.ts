import type { Book } from '@bookstore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { asList } from '../../../lib/lists';

const KEY = ['wishlist'];

/** GET /wishlist/ (signed in only). */
export function useWishlist(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    enabled,
    queryFn: async ({ signal }) => asList(await api.get<Book[] | { data: Book[] }>('/wishlist/', { signal })),
  });
}

/** POST /wishlist/add/{id}/ or DELETE /wishlist/remove/{id}/, then the list is fetched again. */
export function useToggleWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, add }: { bookId: number; add: boolean }) =>
      add ? api.post(`/wishlist/add/${bookId}/`) : api.delete(`/wishlist/remove/${bookId}/`),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
