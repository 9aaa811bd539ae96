import type { PageMeta } from '@bookstore/contract';
import { Button } from '../../../components/ui/Button';


/** Previous / next for the dashboard tables. */
export function Pager({ meta, onPage, label }: { meta: PageMeta; onPage(page: number): void; label: string }) {
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-4 text-sm">
      <p>
        Page {meta.page} of {meta.pages} ({meta.count} {label.toLowerCase()})
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={meta.next === null} onClick={() => onPage(meta.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

export const tableClass = 'min-w-full divide-y divide-gray-200 text-left text-sm dark:divide-gray-800';
export const cellClass = 'px-3 py-2 align-middle';
