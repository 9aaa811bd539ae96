import type { Book } from '@bookstore/contract';
import clsx from 'clsx';
import { BookThumb } from '../../../components/ui/BookImage';
import { money } from '../../../components/ui/Price';

/**
 * The header search's drop-down (SearchBox.tsx): in a chunk of its own, loaded the first time someone
 * types in the box, not with every page (docs/decisions/0021-less-script.md).
 */
export default function SearchResults({
  resultsId,
  listId,
  optionId,
  pending,
  isError,
  debounced,
  results,
  books,
  ready,
  activeIndex,
  choose,
  openResultsPage,
}: {
  resultsId: string;
  listId: string;
  optionId: (index: number) => string;
  pending: boolean;
  isError: boolean;
  debounced: string;
  results: Book[];
  books: Book[];
  ready: boolean;
  activeIndex: number;
  choose: (index: number) => void;
  openResultsPage: () => void;
}) {
  const optionClass = (index: number) =>
    clsx(
      'flex cursor-pointer items-center gap-3 p-3 hover:bg-gray-50 dark:hover:bg-gray-800',
      index === activeIndex && 'bg-gray-100 outline-2 -outline-offset-2 outline-indigo-500 dark:bg-gray-800',
    );
  return (
    <div
      id={resultsId}
      role="region"
      aria-label="Search results"
      // The options are reached from the input (aria-activedescendant); the list, when it
      // scrolls, can also be focused and scrolled from the keyboard.
      tabIndex={0}
      className="absolute top-full right-0 left-0 z-50 mt-2 max-h-[70vh] min-w-72 overflow-y-auto rounded-lg border border-gray-200 bg-white shadow-xl dark:border-gray-700 dark:bg-gray-900"
    >
      <div role="status" aria-live="polite">
        {pending ? (
          <p className="p-4 text-sm text-gray-700 dark:text-gray-300">Loading...</p>
        ) : isError ? (
          <p className="p-4 text-sm text-red-700 dark:text-red-300">Failed to search books</p>
        ) : results.length === 0 ? (
          <p className="p-4 text-sm text-gray-700 dark:text-gray-300">No results found for &quot;{debounced}&quot;</p>
        ) : (
          <p className="sr-only">{results.length === 1 ? '1 book found' : `${results.length} books found`}</p>
        )}
      </div>
      <ul id={listId} role="listbox" aria-label="Books found" className="divide-y divide-gray-100 dark:divide-gray-800">
        {books.map((book, index) => (
          <li
            key={book.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={optionClass(index)}
            // Keep the focus in the input; the choice is made on click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
          >
            <BookThumb book={book} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium">{book.title}</span>
              <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{book.book_author}</span>
            </span>
            <span className="text-sm font-semibold">{money(book.price)}</span>
          </li>
        ))}
        {ready && (
          <li
            id={optionId(books.length)}
            role="option"
            aria-selected={books.length === activeIndex}
            className={clsx(
              optionClass(books.length),
              'justify-center text-sm font-medium text-indigo-700 dark:text-indigo-300',
            )}
            onMouseDown={(event) => event.preventDefault()}
            onClick={openResultsPage}
          >
            See all results
          </li>
        )}
      </ul>
    </div>
  );
}
