import type { Category, Paged } from '@bookstore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { asList } from '../../../lib/lists';

/** GET /categories/ : fetched once for the header menus; a failure leaves the list empty. */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    staleTime: Infinity,
    queryFn: async ({ signal }) =>
      asList(await api.get<Category[] | Paged<Category>>('/categories/', { signal, auth: false })),
  });
}

/** GET /categories/{slug}/ */
export const categoryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['category', slug],
    queryFn: ({ signal }) => api.get<Category>(`/categories/${encodeURIComponent(slug)}/`, { signal, auth: false }),
  });

export function useCategory(slug: string) {
  return useQuery(categoryQuery(slug));
}
