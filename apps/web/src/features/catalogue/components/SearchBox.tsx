import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BookThumb } from '../../../components/ui/BookImage';
import { SearchIcon } from '../../../components/ui/icons';
import { money } from '../../../components/ui/Price';
import { paths } from '../../../config/paths';
import { useDebouncedValue, useMediaQuery } from '../../../lib/hooks';
import { SEARCH_DEBOUNCE_MS, useBookSearch } from '../api/search';
import { CloseButton } from '../../../components/ui/Button';

/**
 * Header search: the term changes at once, the call waits 500 ms after the last keystroke, results
 * drop down (at most 70% of the viewport high). On a phone, focusing it opens a full-width expanded
 * mode with a close button. The header remounts it on every path change, which clears it.
 *
 * An ARIA combobox: arrow keys move through the books and 'See all results', Enter opens the
 * highlighted one (or, with none highlighted, the /search page), Escape closes the list.
 */
export function SearchBox({ className }: { className?: string }) {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const isPhone = useMediaQuery('(max-width: 767px)');
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useBookSearch(debounced);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const resultsId = useId();
  const listId = `${resultsId}-list`;
  const optionId = (index: number) => `${resultsId}-option-${index}`;

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
  // The options: the books found, then 'See all results' (once the answer is in).
  const ready = showDropdown && !pending && !search.isError;
  const books = ready ? results : [];
  const optionCount = ready ? books.length + 1 : 0;
  const activeIndex = active < optionCount ? active : -1;

  // Keep the highlighted option in view when the list scrolls.
  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const openResultsPage = () => {
    if (!trimmed) return;
    setOpen(false);
    void navigate(`${paths.search}?${new URLSearchParams({ q: trimmed })}`);
  };
  const choose = (index: number) => {
    if (index < books.length) {
      setOpen(false);
      void navigate(paths.book(books[index]!.title));
    } else openResultsPage();
  };
  const optionClass = (index: number) =>
    clsx(
      'flex cursor-pointer items-center gap-3 p-3 hover:bg-gray-50 dark:hover:bg-gray-800',
      index === activeIndex && 'bg-gray-100 outline-2 -outline-offset-2 outline-indigo-500 dark:bg-gray-800',
    );

  return (
    <div
      ref={root}
      className={clsx(
        expanded
          ? 'fixed inset-x-0 top-0 z-50 flex items-center gap-2 border-b border-gray-200 bg-white p-3 shadow-lg dark:border-gray-800 dark:bg-gray-950'
          : 'relative',
        className,
      )}
    >
      {/* Without JavaScript, a plain GET form to the results page (/search?q=). */}
      <form
        role="search"
        action={paths.search}
        method="get"
        className="relative flex-1"
        onSubmit={(event) => {
          // Enter without a highlighted option: the results page.
          event.preventDefault();
          openResultsPage();
        }}
      >
        <label htmlFor={`${resultsId}-input`} className="sr-only">
          Search books
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-500 dark:text-gray-400" />
        <input
          ref={input}
          id={`${resultsId}-input`}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showDropdown}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          placeholder="Search books..."
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setOpen(true);
            if (isPhone) setExpanded(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              if (!open) setOpen(true);
              if (optionCount === 0) return;
              const step = event.key === 'ArrowDown' ? 1 : -1;
              // From the input down to the first option, up to the last; past either end, back to the input.
              const next = activeIndex + step;
              setActive(next < -1 ? optionCount - 1 : next >= optionCount ? -1 : next);
            } else if (event.key === 'Enter' && activeIndex >= 0) {
              event.preventDefault();
              choose(activeIndex);
            } else if (event.key === 'Escape') {
              if (showDropdown) {
                event.preventDefault();
                setOpen(false);
                setActive(-1);
              } else if (term) {
                setTerm('');
              }
            }
          }}
          className="w-full rounded-full border border-gray-300 bg-gray-50 py-2 pr-3 pl-10 text-sm text-gray-900 placeholder:text-gray-600 focus:border-indigo-500 focus:bg-white focus:outline-2 focus:outline-indigo-500 dark:border-gray-700 dark:bg-gray-900 dark:focus:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
        />
        {showDropdown && (
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
              ) : search.isError ? (
                <p className="p-4 text-sm text-red-700 dark:text-red-300">Failed to search books</p>
              ) : results.length === 0 ? (
                <p className="p-4 text-sm text-gray-700 dark:text-gray-300">
                  No results found for &quot;{debounced}&quot;
                </p>
              ) : (
                <p className="sr-only">{results.length === 1 ? '1 book found' : `${results.length} books found`}</p>
              )}
            </div>
            <ul
              id={listId}
              role="listbox"
              aria-label="Books found"
              className="divide-y divide-gray-100 dark:divide-gray-800"
            >
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
        )}
      </form>
      {expanded && <CloseButton label="Close search" onClick={clearSearch} />}
    </div>
  );
}
