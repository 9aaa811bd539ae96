import type { Author, Category } from '@bookstore/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { BookImage } from '../../../components/ui/BookImage';
import { ErrorState } from '../../../components/ui/ErrorState';
import { NotFound } from '../../../components/ui/NotFound';
import { ApiError } from '../../../lib/api-client';
import { PageLoading } from '../../../components/ui/Spinner';
import { usePageTitle } from '../../../lib/hooks';
import type { BookSource } from '../api/books';
import { BookBrowser } from './BookBrowser';

/** What differs between an author's page and a category's: the counter's label, headings and failure texts. */
const TEXTS = {
  author: {
    countLabel: 'Published Books',
    booksHeading: (name: string) => `Books by ${name}`,
    emptyText: 'No books available from this author at the moment.',
    errorText: 'Failed to load author information',
  },
  category: {
    countLabel: 'Books',
    booksHeading: (name: string) => `${name} Books`,
    emptyText: 'No books available in this category at the moment.',
    errorText: 'Failed to load category information',
  },
};

/**
 * The shared shape of the author and category pages: a header card (image, name, text, number of
 * books), then the books with the filter panel of /books (less the page's own facet), with the page's
 * own empty and error texts. The page's title is the author's or category's name.
 */
export function CollectionPage({
  kind,
  info,
  source,
}: {
  kind: keyof typeof TEXTS;
  info: UseQueryResult<Author | Category>;
  source: BookSource;
}) {
  const { countLabel, booksHeading, emptyText, errorText } = TEXTS[kind];
  const missing = info.error instanceof ApiError && info.error.status === 404;
  usePageTitle(missing ? 'Page not found' : (info.data?.name ?? (info.isError ? 'Error' : undefined)));
  if (info.isPending) return <PageLoading />;
  // An unknown author or category: the shop's 404 page (and the server's status says 404 too).
  if (missing) return <NotFound />;
  if (info.isError) {
    return (
      <div className="px-4">
        <ErrorState message={errorText} />
      </div>
    );
  }
  const { data } = info;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="flex flex-col items-center gap-6 rounded-2xl bg-gray-50 p-6 text-center sm:flex-row sm:items-start sm:p-8 sm:text-left dark:bg-gray-900">
        <BookImage
          src={data.image}
          alt=""
          width={160}
          height={160}
          priority="low"
          className="h-40 w-40 shrink-0 rounded-2xl bg-white object-cover shadow dark:bg-gray-800"
        />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{data.name}</h1>
          <div className="mt-3 max-w-3xl text-gray-700 dark:text-gray-300">
            <p>{'brief' in data ? data.brief : data.description}</p>
          </div>
          <p className="mt-4 inline-flex items-baseline gap-2 rounded-lg bg-white px-4 py-2 shadow-sm dark:bg-gray-800">
            <span className="text-2xl font-bold text-indigo-700 dark:text-indigo-300">{data.number_of_books}</span>
            <span className="text-sm text-gray-700 dark:text-gray-300">{countLabel}</span>
          </p>
        </div>
      </header>
      <section aria-labelledby="collection-books" className="mt-10">
        <BookBrowser
          source={source}
          emptyText={emptyText}
          leadCovers={0}
          title={() => (
            <h2 id="collection-books" className="text-2xl font-bold tracking-tight">
              {booksHeading(data.name)}
            </h2>
          )}
        />
      </section>
    </div>
  );
}
