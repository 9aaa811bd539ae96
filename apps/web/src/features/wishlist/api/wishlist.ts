import type { Book, Wishlist } from '@bookstore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const wishlistKey = ['wishlist'] as const;

/** GET /wishlist/ (signed in only): the shopper's books, most recently added first. */
export function useWishlist(enabled: boolean) {
  return useQuery({
    queryKey: wishlistKey,
    enabled,
    queryFn: ({ signal }) => api.get<Wishlist>('/wishlist/', { signal }),
  });
}

export interface WishlistChange {
  book: Book;
  add: boolean;
}

/**
 * POST /wishlist/add/{id}/ or DELETE /wishlist/remove/{id}/. The list (and so every heart and the
 * menu's count) changes at once and goes back if the server refuses; then it is fetched again.
 */
export function useChangeWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ book, add }: WishlistChange) =>
      add ? api.post<Book>(`/wishlist/add/${book.id}/`) : api.delete<null>(`/wishlist/remove/${book.id}/`),
    onMutate: async ({ book, add }) => {
      await client.cancelQueries({ queryKey: wishlistKey });
      const previous = client.getQueryData<Wishlist>(wishlistKey);
      const others = (previous ?? []).filter((b) => b.id !== book.id);
      client.setQueryData<Wishlist>(wishlistKey, add ? [book, ...others] : others);
      return { previous };
    },
    onError: (_error, _change, context) => {
      client.setQueryData(wishlistKey, context?.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: wishlistKey }),
  });
}
