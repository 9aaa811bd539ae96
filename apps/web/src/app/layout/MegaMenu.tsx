import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons';
import { EntryList } from './EntryList';
import { splitFeatured, type MenuEntry } from './nav';

const CLOSE_DELAY_MS = 150;

/**
 * A desktop mega-menu that opens on hover (and on click or Enter for keyboard and touch users):
 * featured entries first, then all of them.
 */
export function MegaMenu({
  label,
  allLabel,
  entries,
  pathFor,
}: {
  label: string;
  allLabel: string;
  entries: MenuEntry[];
  pathFor: (slug: string) => string;
}) {
  const [open, setOpen] = useState(false);
  // The lists are drawn the first time the panel opens, not with every page's hydration.
  const [drawn, setDrawn] = useState(false);
  if (open && !drawn) setDrawn(true);
  const panelId = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { featured, all } = splitFeatured(entries);

  // A mouse that hovers and then clicks means "open", not "open then close".
  const openedByHover = useRef(false);
  const show = () => {
    clearTimeout(closeTimer.current);
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // A chosen entry navigates: close the panel.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen(false);
  }

  return (
    <div
      className="relative"
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else setOpen((o) => !o);
        }}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100 hover:text-indigo-700 dark:text-gray-200 dark:hover:bg-gray-800 dark:hover:text-indigo-300"
      >
        {label}
        <ChevronDownIcon width={16} height={16} className={clsx('transition', open && 'rotate-180')} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full left-1/2 z-50 mt-1 w-[36rem] -translate-x-1/2 rounded-xl border border-gray-200 bg-white p-6 shadow-2xl dark:border-gray-700 dark:bg-gray-900"
      >
        {drawn && (
          <div className="grid grid-cols-3 gap-6">
            <section aria-label={`Featured ${label}`}>
              <h2 className="mb-3 text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
                Featured
              </h2>
              <EntryList
                entries={featured}
                pathFor={pathFor}
                className="space-y-2"
                linkClassName="text-sm font-medium hover:text-indigo-700 dark:hover:text-indigo-300"
              />
            </section>
            <section aria-label={allLabel} className="col-span-2">
              <h2 className="mb-3 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
                {allLabel}
              </h2>
              <EntryList
                entries={all}
                pathFor={pathFor}
                className="grid max-h-80 grid-cols-2 gap-x-4 gap-y-2 overflow-y-auto"
                linkClassName="text-sm hover:text-indigo-700 dark:hover:text-indigo-300"
              />
            </section>
          </div>
        )}
      </div>
    </div>
  );
}
