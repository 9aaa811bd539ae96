import type { Book, Wishlist } from '@bookstore/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
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

/** What to do once a wishlist change is done (a toast), beside what the list itself does. */
export interface WishlistChangeCallbacks {
  onSuccess?: () => void;
  onError?: () => void;
}

/**
 * POST /wishlist/add/{id}/ or DELETE /wishlist/remove/{id}/. The list (and so every heart and the
 * menu's count) changes at once and goes back if the server refuses; then it is fetched again.
 *
 * The change runs through the query client's mutation cache, as `useMutation` would, without its
 * observer hook: the heart is on every book card, and TanStack Query's mutation observer then stays
 * out of every page's first file (docs/decisions/0021-less-script.md). Nothing here shows the
 * change's progress, so the observer's state was never read.
 */
export function useChangeWishlist() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      mutate(change: WishlistChange, { onSuccess, onError }: WishlistChangeCallbacks = {}) {
        client
          .getMutationCache()
          .build(client, {
            mutationFn: ({ book, add }: WishlistChange) =>
              add ? api.post<Book>(`/wishlist/add/${book.id}/`) : api.delete<null>(`/wishlist/remove/${book.id}/`),
            onMutate: async ({ book, add }: WishlistChange) => {
              await client.cancelQueries({ queryKey: wishlistKey });
              const previous = client.getQueryData<Wishlist>(wishlistKey);
              const others = (previous ?? []).filter((b) => b.id !== book.id);
              client.setQueryData<Wishlist>(wishlistKey, add ? [book, ...others] : others);
              return { previous };
            },
            onError: (_error: Error, _change: WishlistChange, context: { previous?: Wishlist } | undefined) => {
              client.setQueryData(wishlistKey, context?.previous);
            },
            onSettled: () => client.invalidateQueries({ queryKey: wishlistKey }),
          })
          .execute(change)
          .then(
            () => onSuccess?.(),
            () => onError?.(),
          );
      },
    }),
    [client],
  );
}
