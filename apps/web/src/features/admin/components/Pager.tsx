import type { PageMeta } from '@bookstore/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { ScrollFrame } from '../../../components/ui/ScrollFrame';

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

/** Column headings from plain labels; `actions` adds an unlabelled last column for row buttons. */
export function HeadingCells({ labels, actions }: { labels: string[]; actions?: boolean }) {
  return (
    <>
      {labels.map((label) => (
        <th key={label} scope="col" className={`${cellClass} font-semibold`}>
          {label}
        </th>
      ))}
      {actions && (
        <th scope="col" className={cellClass}>
          <span className="sr-only">Actions</span>
        </th>
      )}
    </>
  );
}

/** A dashboard table (caption for screen readers, heading row, rows) with its pager below. */
export function PagedTable({
  caption,
  head,
  children,
  meta,
  onPage,
  label,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  meta: PageMeta;
  onPage(page: number): void;
  label: string;
}) {
  return (
    <>
      {/* On a phone the table scrolls sideways in its frame, which shows that it does. */}
      <ScrollFrame label={caption}>
        <table className={tableClass}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-50 dark:bg-gray-900">
            <tr>{head}</tr>
          </thead>
          <tbody className="divide-y divide-gray-200 dark:divide-gray-800">{children}</tbody>
        </table>
      </ScrollFrame>
      <Pager meta={meta} onPage={onPage} label={label} />
    </>
  );
}

/** A short dashboard table that scrolls sideways when narrow: caption for screen readers, heading row, rows. */
export function SimpleTable({
  caption,
  labels,
  actions,
  children,
}: {
  caption: string;
  labels: string[];
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    // Relative: the heading's hidden "Actions" (absolutely placed) stays inside the frame, not off the page's edge.
    <div className="relative overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <HeadingCells labels={labels} actions={actions} />
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The line a dashboard list shows when it has nothing in it. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-gray-700 dark:text-gray-300">{children}</p>;
}

/** What a dashboard tab with a status filter and a search gets from the dashboard's address. */
export interface FilteredTabProps<Status extends string> {
  search: string;
  page: number;
  status: Status | '';
  onPage(page: number): void;
  onStatus(status: string): void;
}
