import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { plural } from '../../../lib/lists';
import { ALL_BOOKS, searchPageQuery, useBookPages } from '../api/books';
import { BookBrowser, SEARCH_SORTS } from '../components/BookBrowser';

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** /search?q=: the results of a search, with the same filters and sorts as /books. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const exact = params.get('exact') === '1';
  usePageTitle(q ? `Search: ${q}` : 'Search');
  // The same query the listing makes (shared cache): its first page says what was searched for.
  const first = useBookPages(ALL_BOOKS, searchPageQuery(params)).data?.pages[0];
  const corrected = first?.meta.corrected_query ?? null;
  const instead = new URLSearchParams(params);
  instead.set('exact', '1');

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      {q ? (
        <BookBrowser
          keyword={q}
          exact={exact}
          sorts={SEARCH_SORTS}
          defaultOrdering="relevance"
          highlight={wordsOf(corrected ?? q)}
          emptyText={`No results found for "${q}"`}
          title={(count) => (
            <div>
              <h1 className="text-3xl font-bold tracking-tight">
                Search results{' '}
                {count !== undefined && (
                  <span className="text-lg font-normal text-gray-600 dark:text-gray-400">
                    ({plural(count, 'book')})
                  </span>
                )}
              </h1>
              {corrected ? (
                <div className="mt-2 text-gray-700 dark:text-gray-300">
                  <p>
                    Showing results for <em className="font-semibold">{corrected}</em>
                  </p>
                  <p className="text-sm">
                    Search instead for{' '}
                    <Link
                      to={`${paths.search}?${instead}`}
                      className="font-medium text-indigo-700 underline dark:text-indigo-300"
                    >
                      {q}
                    </Link>
                  </p>
                </div>
              ) : (
                <p className="mt-2 text-gray-700 dark:text-gray-300">
                  Results for <em className="font-semibold">{q}</em>
                </p>
              )}
            </div>
          )}
        />
      ) : (
        <div className="py-16 text-center">
          <h1 className="text-3xl font-bold tracking-tight">Search</h1>
          <p className="mt-4 text-gray-700 dark:text-gray-300">
            Type the title, author or ISBN you are looking for in the search box.
          </p>
        </div>
      )}
    </div>
  );
}
