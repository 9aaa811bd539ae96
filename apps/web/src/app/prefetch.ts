import type { LoaderFunctionArgs } from 'react-router';
import { authorQuery } from '../features/catalogue/api/authors';
import { bookQuery } from '../features/catalogue/api/book';
import {
  ALL_BOOKS,
  authorSource,
  type BookSource,
  bookPagesQuery,
  booksPageQuery,
  categorySource,
  searchPageQuery,
} from '../features/catalogue/api/books';
import { categoryQuery } from '../features/catalogue/api/categories';
import { queryClient } from '../lib/query-client';

/*
 * Route loaders that start a screen's API calls as soon as it is navigated to, in parallel with the
 * download of the screen's code, instead of after it. They never wait: the screen shows its own
 * loading state, and the queries (same keys) pick up the answers. Failures are the screen's to show.
 */
const start = (promise: Promise<unknown>) => void promise.catch(() => {});
const listing = (source: BookSource, query: string) =>
  start(queryClient.prefetchInfiniteQuery(bookPagesQuery(source, query)));

export function booksLoader({ request }: LoaderFunctionArgs) {
  listing(ALL_BOOKS, booksPageQuery(new URL(request.url).searchParams));
  return null;
}

export function searchLoader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  if (search.get('q')?.trim()) listing(ALL_BOOKS, searchPageQuery(search));
  return null;
}

export function bookLoader({ params }: LoaderFunctionArgs) {
  if (params.title) start(queryClient.prefetchQuery(bookQuery(params.title)));
  return null;
}

export function authorLoader({ params, request }: LoaderFunctionArgs) {
  if (params.slug) {
    start(queryClient.prefetchQuery(authorQuery(params.slug)));
    const source = authorSource(params.slug);
    listing(source, booksPageQuery(new URL(request.url).searchParams, source));
  }
  return null;
}

export function categoryLoader({ params, request }: LoaderFunctionArgs) {
  if (params.slug) {
    start(queryClient.prefetchQuery(categoryQuery(params.slug)));
    const source = categorySource(params.slug);
    listing(source, booksPageQuery(new URL(request.url).searchParams, source));
  }
  return null;
}
