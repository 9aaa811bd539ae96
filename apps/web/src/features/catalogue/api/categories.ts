import type { Category } from '@bookstore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { categoriesQuery } from '../../../lib/catalogue-lists';

/** GET /categories/ : fetched once for the header menus; a failure leaves the list empty. */
export function useCategories() {
  return useQuery(categoriesQuery);
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
