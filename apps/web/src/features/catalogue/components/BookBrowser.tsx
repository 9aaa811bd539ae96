import type { BookOrdering } from '@bookstore/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading, Spinner } from '../../../components/ui/Spinner';
import { useMediaQuery } from '../../../lib/hooks';
import {
  ALL_BOOKS,
  FILTER_PARAMS,
  type BookFilters,
  type BookSource,
  filtersFrom,
  hasFilters,
  type ListFacet,
  listQuery,
  orderingFrom,
  startPageFrom,
  useBookPages,
  withFilters,
  withPage,
} from '../api/books';
import { BookCard, BookGrid } from './BookCard';
import { ActiveFilters, FilterPanel } from './FilterPanel';
import { Button, CloseButton } from '../../../components/ui/Button';
import { NeedsScriptNote } from '../../../components/ui/NeedsScriptNote';

export const BOOK_SORTS: { value: BookOrdering; label: string }[] = [
  { value: '-created_at', label: 'Newest First' },
  { value: 'created_at', label: 'Oldest First' },
  { value: 'price', label: 'Price: Low to High' },
  { value: '-price', label: 'Price: High to Low' },
  { value: '-rating', label: 'Top Rated' },
  { value: 'title', label: 'Title: A to Z' },
];
export const SEARCH_SORTS: { value: BookOrdering; label: string }[] = [
  { value: 'relevance', label: 'Best Match' },
  ...BOOK_SORTS.filter((sort) => !sort.value.endsWith('created_at')),
];

const pageLink =
  'rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-gray-50 dark:border-gray-700 dark:text-indigo-300 dark:hover:bg-gray-800';

const NO_FILTERS: BookFilters = {
  category: [],
  author: [],
  book_type: [],
  condition: [],
  price_min: '',
  price_max: '',
  rating_min: '',
  in_stock: false,
  on_sale: false,
};

/**
 * Hidden fields for the address's parameters a GET form does not set itself (`except`), so sending
 * it keeps them (the search words, the ordering); never the page: a new choice starts at the first.
 */
function keep(params: URLSearchParams, except: readonly string[]) {
  return [...params]
    .filter(([key]) => key !== 'page' && !except.includes(key))
    .map(([key, value], index) => <input key={`${key}-${index}`} type="hidden" name={key} value={value} />);
}

/**
 * A listing with filters: the filter panel (a sidebar on desktop, a sheet on phones), chips for the
 * active filters, the sort select, the grid with infinite loading, and the empty and error views.
 * Every choice lives in the address, so back, forward, reload and shared links give the same view.
 */
export function BookBrowser({
  title,
  sorts = BOOK_SORTS,
  defaultOrdering = '-created_at',
  keyword,
  exact,
  source = ALL_BOOKS,
  emptyText,
  highlight,
  leadCovers = 2,
}: {
  /** The heading, given the number of books once known. */
  title: (count: number | undefined) => ReactNode;
  sorts?: { value: BookOrdering; label: string }[];
  defaultOrdering?: BookOrdering;
  keyword?: string;
  /** Search the keyword as typed, without correcting it. */
  exact?: boolean;
  /** All books, or an author's or a category's (whose own facet is then left out). */
  source?: BookSource;
  /** Said when the list is empty without any filter. */
  emptyText: string;
  highlight?: string[];
  /**
   * How many of the first covers load at once, with high priority (the grid's first row on a phone):
   * none when something else leads the page, so that its own image and text do not share the
   * connection with covers below the fold (an author's or a category's header card).
   */
  leadCovers?: number;
}) {
  const [params, setParams] = useSearchParams();
  const ordering = orderingFrom(params, defaultOrdering);
  const hidden: ListFacet | undefined = 'fixed' in source ? source.fixed : undefined;
  const filters = filtersFrom(params);
  if (hidden) filters[hidden] = [];
  // `?page=n`: the list starts there (the page links below, for readers without JavaScript).
  const start = startPageFrom(params);
  const pages = useBookPages(source, listQuery({ ordering, filters, keyword, exact }), start);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const endMarker = useRef<HTMLDivElement>(null);
  const desktop = useMediaQuery('(min-width: 1024px)');
  const [sheetOpen, setSheetOpen] = useState(false);
  const filtered = hasFilters(filters);

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

  useEffect(() => {
    if (!sheetOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setSheetOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sheetOpen]);

  // Each choice is a new history entry, so back undoes it.
  const setFilters = (next: BookFilters) => {
    const changed = withFilters(params, next);
    changed.delete('page');
    setParams(changed);
  };
  const clearFilters = () => setFilters(NO_FILTERS);

  const first = pages.data?.pages[0];
  const facets = first?.meta.facets;
  const books = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const count = pages.isSuccess ? (first?.meta.count ?? 0) : undefined;
  const last = pages.data?.pages.at(-1)?.meta;

  const panel = (
    <FilterPanel
      facets={facets}
      filters={filters}
      onChange={setFilters}
      hidden={hidden}
      keep={keep(params, FILTER_PARAMS)}
    />
  );

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        {title(count)}
        {/* A GET form: without JavaScript the Sort button (shown only then) sends it, the other
            choices of the address kept as they are. With it, the choice applies at once. */}
        <form method="get" className="flex items-center gap-2">
          {keep(params, ['ordering'])}
          <button
            type="button"
            onClick={() => setSheetOpen(true)}
            aria-expanded={sheetOpen}
            className="script-only rounded-md border border-gray-300 px-3 py-2 text-sm font-medium lg:hidden dark:border-gray-700"
          >
            Filters
          </button>
          <label htmlFor="sort-books" className="text-sm font-medium">
            Sort by
          </label>
          <select
            id="sort-books"
            name="ordering"
            value={ordering}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              next.set('ordering', event.target.value);
              next.delete('page');
              setParams(next);
            }}
            className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900"
          >
            {sorts.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" size="sm" className="no-script-only">
            Sort
          </Button>
        </form>
      </div>

      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
        {/* A sidebar from 1024 px, laid out by CSS so the server's page has it in place already. */}
        <aside aria-label="Filters" className="no-script-block mb-6 hidden self-start lg:mb-0 lg:block">
          <h2 className="mb-2 text-lg font-semibold">Filters</h2>
          {(desktop || !sheetOpen) && panel}
        </aside>
        {!desktop && sheetOpen && (
          <div className="fixed inset-0 z-50 flex">
            <div className="absolute inset-0 bg-black/40" aria-hidden="true" onClick={() => setSheetOpen(false)} />
            <div
              role="dialog"
              aria-modal="true"
              aria-label="Filters"
              className="relative mt-auto max-h-[85vh] w-full overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl dark:bg-gray-950"
            >
              <div className="mb-2 flex items-center justify-between">
                <h2 className="text-lg font-semibold">Filters</h2>
                <CloseButton label="Close filters" autoFocus onClick={() => setSheetOpen(false)} />
              </div>
              {panel}
              <Button size="lg" onClick={() => setSheetOpen(false)} className="mt-6 w-full">
                {count === undefined ? 'Show books' : `Show ${count} ${count === 1 ? 'book' : 'books'}`}
              </Button>
            </div>
          </div>
        )}

        {/* The last view stays, dimmed, while the next one loads. */}
        <div
          className={pages.isPlaceholderData ? 'min-w-0 opacity-60 transition-opacity' : 'min-w-0'}
          aria-busy={pages.isPlaceholderData}
        >
          <ActiveFilters
            filters={filters}
            facets={facets}
            hidden={hidden}
            onChange={setFilters}
            onClear={clearFilters}
          />
          {pages.isPending || (pages.isPlaceholderData && books.length === 0) ? (
            <PageLoading />
          ) : pages.isError ? (
            <ErrorState message={pages.error.message} onRetry={() => void pages.refetch()} />
          ) : books.length === 0 ? (
            filtered ? (
              <div className="py-16 text-center">
                <p className="text-lg text-gray-700 dark:text-gray-300">No books match these filters.</p>
                <Button size="lg" onClick={clearFilters} className="mt-4">
                  Clear all filters
                </Button>
              </div>
            ) : (
              <p className="py-16 text-center text-lg text-gray-700 dark:text-gray-300">{emptyText}</p>
            )
          ) : (
            <>
              <h2 className="sr-only">Book list</h2>
              <NeedsScriptNote className="mb-4" />
              <BookGrid>
                {books.map((book, index) => (
                  <BookCard key={book.id} book={book} priority={index < leadCovers} highlight={highlight} />
                ))}
              </BookGrid>
              {/* The end of the list: scrolling to it loads the next page; without JavaScript, its links do. */}
              <div ref={endMarker} data-testid="end-of-list" className="flex h-16 items-center justify-center gap-4">
                {isFetchingNextPage ? (
                  <Spinner label="Loading more books..." />
                ) : (
                  <nav aria-label="Pages" className="flex gap-4">
                    {start > 1 && (
                      <Link to={{ search: withPage(params, start - 1) }} rel="prev" className={pageLink}>
                        Previous page
                      </Link>
                    )}
                    {last?.next && (
                      <Link to={{ search: withPage(params, last.next) }} rel="next" className={pageLink}>
                        Next page
                      </Link>
                    )}
                  </nav>
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
