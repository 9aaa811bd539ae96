import type { PageMeta } from '@bookstore/contract';
import { secondaryButton } from '../../../components/ui/Field';

/** Previous / next for the dashboard tables. */
export function Pager({ meta, onPage, label }: { meta: PageMeta; onPage(page: number): void; label: string }) {
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-4 text-sm">
      <p>
        Page {meta.page} of {meta.pages} ({meta.count} {label.toLowerCase()})
      </p>
      <div className="flex gap-2">
        <button type="button" className={secondaryButton} disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
          Previous
        </button>
        <button type="button" className={secondaryButton} disabled={meta.next === null} onClick={() => onPage(meta.page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

export const tableClass = 'min-w-full divide-y divide-gray-200 text-left text-sm dark:divide-gray-800';
export const cellClass = 'px-3 py-2 align-middle';
