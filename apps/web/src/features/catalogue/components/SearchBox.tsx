import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BookThumb } from '../../../components/ui/BookImage';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons';
import { money } from '../../../components/ui/Price';
import { paths } from '../../../config/paths';
import { useDebouncedValue, useMediaQuery } from '../../../lib/hooks';
import { SEARCH_DEBOUNCE_MS, useBookSearch } from '../api/search';

/**
 * Header search: the term changes at once, the call waits 500 ms after the last keystroke, results
 * drop down (at most 70% of the viewport high). On a phone, focusing it opens a full-width expanded
 * mode with a close button. The header remounts it on every path change, which clears it.
 */
export function SearchBox({ className }: { className?: string }) {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const isPhone = useMediaQuery('(max-width: 767px)');
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useBookSearch(debounced);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const resultsId = useId();

  const clearSearch = () => {
    setTerm('');
    setOpen(false);
    setExpanded(false);
  };

  useEffect(() => {
    if (!open && !expanded) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) {
        setOpen(false);
        if (!term) setExpanded(false);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, expanded, term]);

  const trimmed = term.trim();
  const pending = trimmed !== debounced || search.isFetching;
  const results = search.data ?? [];
  const showDropdown = open && trimmed.length > 0;

  return (
    <div
      ref={root}
      className={clsx(
        expanded
          ? 'fixed inset-x-0 top-0 z-50 flex items-center gap-2 border-b border-gray-200 bg-white p-3 shadow-lg dark:border-gray-800 dark:bg-gray-950'
          : 'relative',
        className,
      )}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          setOpen(false);
          input.current?.focus();
        }
      }}
    >
      <form role="search" className="relative flex-1" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${resultsId}-input`} className="sr-only">
          Search books
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-500 dark:text-gray-400" />
        <input
          ref={input}
          id={`${resultsId}-input`}
          type="search"
          autoComplete="off"
          placeholder="Search books..."
          value={term}
          aria-controls={showDropdown ? resultsId : undefined}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
            if (isPhone) setExpanded(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              root.current?.querySelector<HTMLAnchorElement>(`#${CSS.escape(resultsId)} a`)?.focus();
            }
          }}
          className="w-full rounded-full border border-gray-300 bg-gray-50 py-2 pr-3 pl-10 text-sm text-gray-900 placeholder:text-gray-600 focus:border-indigo-500 focus:bg-white focus:outline-2 focus:outline-indigo-500 dark:border-gray-700 dark:bg-gray-900 dark:focus:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
        />
        {showDropdown && (
          <div
            id={resultsId}
            role="region"
            aria-label="Search results"
            aria-live="polite"
            className="absolute top-full right-0 left-0 z-50 mt-2 max-h-[70vh] min-w-72 overflow-y-auto rounded-lg border border-gray-200 bg-white shadow-xl dark:border-gray-700 dark:bg-gray-900"
          >
            {pending ? (
              <p className="p-4 text-sm text-gray-700 dark:text-gray-300">Loading...</p>
            ) : search.isError ? (
              <p className="p-4 text-sm text-red-700 dark:text-red-300">Failed to search books</p>
            ) : results.length === 0 ? (
              <p className="p-4 text-sm text-gray-700 dark:text-gray-300">No results found for &quot;{debounced}&quot;</p>
            ) : (
              <ul className="divide-y divide-gray-100 dark:divide-gray-800">
                {results.map((book) => (
                  <li key={book.id}>
                    <Link
                      to={paths.book(book.title)}
                      className="flex items-center gap-3 p-3 hover:bg-gray-50 focus:bg-gray-100 focus:outline-none dark:hover:bg-gray-800 dark:focus:bg-gray-800"
                      onKeyDown={(event) => {
                        const item = event.currentTarget.parentElement;
                        const next =
                          event.key === 'ArrowDown'
                            ? item?.nextElementSibling
                            : event.key === 'ArrowUp'
                              ? item?.previousElementSibling
                              : null;
                        if (next) {
                          event.preventDefault();
                          next.querySelector('a')?.focus();
                        } else if (event.key === 'ArrowUp') {
                          event.preventDefault();
                          input.current?.focus();
                        }
                      }}
                    >
                      <BookThumb book={book} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium">{book.title}</span>
                        <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{book.book_author}</span>
                      </span>
                      <span className="text-sm font-semibold">{money(book.price)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </form>
      {expanded && (
        <button
          type="button"
          onClick={clearSearch}
          aria-label="Close search"
          className="rounded-full p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
