import type { Author, AuthorInput, Category, CategoryInput, ShelfDeleted } from '@bookstore/contract';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorsQuery, categoriesQuery } from '../../../lib/catalogue-lists';

/** An author or a category: the dashboard's "Authors & categories" tab writes both the same way. */
export type ShelfKind = 'author' | 'category';
export type Shelf = Author | Category;
const PATHS = { author: '/authors/', category: '/categories/' } as const;

/** The lists the tab shows: the same cache entries as the header menus and the book forms' selects. */
export function useShelves(kind: ShelfKind) {
  // One hook for either list: both are arrays of shelves, cached under their own key.
  const query = kind === 'author' ? authorsQuery : (categoriesQuery as unknown as typeof authorsQuery);
  return useQuery(query) as UseQueryResult<Shelf[]>;
}

/** After a write, the menus, the book forms' selects, the author and category pages and the books (their author names) ask again. */
function useRefreshShelves() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [['authors'], ['author'], ['categories'], ['category'], ['books'], ['book'], ['featured'], ['admin']].map(
        (queryKey) => client.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /authors/ or /categories/ (no id), PUT /authors/{id}/ or /categories/{id}/ (an id). */
export function useSaveShelf(kind: ShelfKind) {
  const refresh = useRefreshShelves();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: AuthorInput | CategoryInput }) =>
      id === undefined ? api.post<Shelf>(PATHS[kind], values) : api.put<Shelf>(`${PATHS[kind]}${id}/`, values),
    onSuccess: () => refresh(),
  });
}

/** DELETE /authors/{id}/ or /categories/{id}/: refused (409) while books are on it. */
export function useDeleteShelf(kind: ShelfKind) {
  const refresh = useRefreshShelves();
  return useMutation({
    mutationFn: (id: number) => api.delete<ShelfDeleted>(`${PATHS[kind]}${id}/`),
    onSuccess: () => refresh(),
  });
}
