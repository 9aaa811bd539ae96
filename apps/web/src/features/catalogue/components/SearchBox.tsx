import clsx from 'clsx';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useDebouncedValue, useMediaQuery } from '../../../lib/hooks';
import { SEARCH_DEBOUNCE_MS, useBookSearch } from '../api/search';
import { CloseButton } from '../../../components/ui/Button';

// The drop-down's code is asked for when the box gets the focus, and needed with the first letter typed.
const loadResults = () => import('./SearchResults');
const SearchResults = lazy(loadResults);

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
            void loadResults();
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
          <Suspense fallback={null}>
            <SearchResults
              resultsId={resultsId}
              listId={listId}
              optionId={optionId}
              pending={pending}
              isError={search.isError}
              debounced={debounced}
              results={results}
              books={books}
              ready={ready}
              activeIndex={activeIndex}
              choose={choose}
              openResultsPage={openResultsPage}
            />
          </Suspense>
        )}
      </form>
      {expanded && <CloseButton label="Close search" onClick={clearSearch} />}
    </div>
  );
}
