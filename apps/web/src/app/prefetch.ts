import type { LoaderFunctionArgs } from 'react-router';
import { authorBooksQuery, authorQuery } from '../features/catalogue/api/authors';
import { bookQuery } from '../features/catalogue/api/book';
import { bookPagesQuery, orderingFrom } from '../features/catalogue/api/books';
import { categoryBooksQuery, categoryQuery } from '../features/catalogue/api/categories';
import { queryClient } from '../lib/query-client';

/*
 * Route loaders that start a screen's API calls as soon as it is navigated to, in parallel with the
 * download of the screen's code, instead of after it. They never wait: the screen shows its own
 * loading state, and the queries (same keys) pick up the answers. Failures are the screen's to show.
 */
const start = (promise: Promise<unknown>) => void promise.catch(() => {});

export function booksLoader({ request }: LoaderFunctionArgs) {
  start(queryClient.prefetchInfiniteQuery(bookPagesQuery(orderingFrom(new URL(request.url).searchParams))));
  return null;
}

export function bookLoader({ params }: LoaderFunctionArgs) {
  if (params.title) start(queryClient.prefetchQuery(bookQuery(params.title)));
  return null;
}

export function authorLoader({ params }: LoaderFunctionArgs) {
  if (params.slug) {
    start(queryClient.prefetchQuery(authorQuery(params.slug)));
    start(queryClient.prefetchQuery(authorBooksQuery(params.slug)));
  }
  return null;
}

export function categoryLoader({ params }: LoaderFunctionArgs) {
  if (params.slug) {
    start(queryClient.prefetchQuery(categoryQuery(params.slug)));
    start(queryClient.prefetchQuery(categoryBooksQuery(params.slug)));
  }
  return null;
}
