import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BookImage } from '../../../components/ui/BookImage';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/Spinner';
import type { BookSource } from '../api/books';
import { BookBrowser } from './BookBrowser';

/**
 * The shared shape of the author and category pages: a header card (image, name, text, number of
 * books), then the books with the filter panel of /books (less the page's own facet), with the page's
 * own empty and error texts.
 */
export function CollectionPage({
  info,
  source,
  name,
  image,
  text,
  countLabel,
  count,
  emptyText,
  errorText,
  booksHeading,
}: {
  info: UseQueryResult<unknown>;
  source: BookSource;
  name?: string;
  image?: string | null;
  text?: ReactNode;
  countLabel: string;
  count?: number;
  emptyText: string;
  errorText: string;
  booksHeading: string;
}) {
  if (info.isPending) return <PageLoading />;
  if (info.isError) {
    return (
      <div className="px-4">
        <ErrorState message={errorText} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="flex flex-col items-center gap-6 rounded-2xl bg-gray-50 p-6 text-center sm:flex-row sm:items-start sm:p-8 sm:text-left dark:bg-gray-900">
        <BookImage
          src={image}
          alt=""
          width={160}
          height={160}
          priority
          className="h-40 w-40 shrink-0 rounded-2xl bg-white object-cover shadow dark:bg-gray-800"
        />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{name}</h1>
          <div className="mt-3 max-w-3xl text-gray-700 dark:text-gray-300">{text}</div>
          <p className="mt-4 inline-flex items-baseline gap-2 rounded-lg bg-white px-4 py-2 shadow-sm dark:bg-gray-800">
            <span className="text-2xl font-bold text-indigo-700 dark:text-indigo-300">{count ?? 0}</span>
            <span className="text-sm text-gray-700 dark:text-gray-300">{countLabel}</span>
          </p>
        </div>
      </header>
      <section aria-labelledby="collection-books" className="mt-10">
        <BookBrowser
          source={source}
          emptyText={emptyText}
          title={() => (
            <h2 id="collection-books" className="text-2xl font-bold tracking-tight">
              {booksHeading}
            </h2>
          )}
        />
      </section>
    </div>
  );
}
