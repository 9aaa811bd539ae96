import type { Author, Category } from '@bookstore/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /authors/ and GET /categories/: plain arrays, fetched once and shared by the header menus and
 * the book forms (one cache entry each, whichever feature asks first).
 */
const wholeList = <T>(name: 'authors' | 'categories') =>
  queryOptions({
    queryKey: [name],
    staleTime: Infinity,
    queryFn: ({ signal }) => api.get<T[]>(`/${name}/`, { signal, auth: false }),
  });

export const authorsQuery = wholeList<Author>('authors');
export const categoriesQuery = wholeList<Category>('categories');

/** GET /authors/{slug}/ or /categories/{slug}/: one author or category, cached by its slug. */
export const collectionQuery = <T>(name: 'author' | 'category', slug: string) =>
  queryOptions({
    queryKey: [name, slug],
    queryFn: ({ signal }) =>
      api.get<T>(`/${name === 'author' ? 'authors' : 'categories'}/${encodeURIComponent(slug)}/`, {
        signal,
        auth: false,
      }),
  });
