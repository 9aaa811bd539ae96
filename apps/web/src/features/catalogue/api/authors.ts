import type { Author } from '@bookstore/contract';
import { useQuery } from '@tanstack/react-query';
import { authorsQuery, collectionQuery } from '../../../lib/catalogue-lists';

/** GET /authors/ : fetched once for the header menus (when `enabled`); a failure leaves the list empty. */
export const useAuthors = (enabled = true) => useQuery({ ...authorsQuery, enabled });

/** GET /authors/{slug}/ */
export const authorQuery = (slug: string) => collectionQuery<Author>('author', slug);
export const useAuthor = (slug: string) => useQuery(authorQuery(slug));
