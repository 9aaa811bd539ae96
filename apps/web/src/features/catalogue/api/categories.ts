import type { Category } from '@bookstore/contract';
import { useQuery } from '@tanstack/react-query';
import { categoriesQuery, collectionQuery } from '../../../lib/catalogue-lists';

/** GET /categories/ : fetched once for the header menus (when `enabled`); a failure leaves the list empty. */
export const useCategories = (enabled = true) => useQuery({ ...categoriesQuery, enabled });

/** GET /categories/{slug}/ */
export const categoryQuery = (slug: string) => collectionQuery<Category>('category', slug);
export const useCategory = (slug: string) => useQuery(categoryQuery(slug));
