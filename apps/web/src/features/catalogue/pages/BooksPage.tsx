import type { BookOrdering } from '@bookstore/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading, Spinner } from '../../../components/ui/Spinner';
import { usePageTitle } from '../../../lib/hooks';
import { plural } from '../../../lib/lists';
import { orderingFrom, useBookPages } from '../api/books';
import { BookCard, BookGrid } from '../components/BookCard';

const SORTS: { value: BookOrdering; label: string }[] = [
  { value: '-created_at', label: 'Newest First' },
  { value: 'created_at', label: 'Oldest First' },
];

export default function BooksPage() {
  usePageTitle('All Books');
  const [params, setParams] = useSearchParams();
  const ordering = orderingFrom(params);
  const pages = useBookPages(ordering);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const endMarker = useRef<HTMLDivElement>(null);

  // Infinite loading: the next page is asked for as the end of the list scrolls into view.
  useEffect(() => {
    const marker = endMarker.current;
    if (!marker || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const books = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const count = pages.data?.pages[0]?.meta.count ?? 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">
          All Books{' '}
          {pages.isSuccess && (
            <span className="text-lg font-normal text-gray-600 dark:text-gray-400">({plural(count, 'book')})</span>
          )}
        </h1>
        <div className="flex items-center gap-2">
          <label htmlFor="sort-books" className="text-sm font-medium">
            Sort by
          </label>
          <select
            id="sort-books"
            value={ordering}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              next.set('ordering', event.target.value);
              setParams(next, { replace: true });
            }}
            className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900"
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {pages.isPending ? (
        <PageLoading />
      ) : pages.isError ? (
        <ErrorState message={pages.error.message}>
          <button
            type="button"
            onClick={() => void pages.refetch()}
            className="mt-4 rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
          >
            Try again
          </button>
        </ErrorState>
      ) : books.length === 0 ? (
        <p className="py-16 text-center text-lg text-gray-700 dark:text-gray-300">No books available</p>
      ) : (
        <>
          <h2 className="sr-only">Book list</h2>
          <BookGrid>
            {books.map((book, index) => (
              <BookCard key={book.id} book={book} priority={index < 2} />
            ))}
          </BookGrid>
          <div ref={endMarker} data-testid="end-of-list" className="flex h-16 items-center justify-center">
            {isFetchingNextPage && <Spinner label="Loading more books..." />}
          </div>
        </>
      )}
    </div>
  );
}
