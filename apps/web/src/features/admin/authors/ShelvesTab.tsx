import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ScrollFrame } from '../../../components/ui/ScrollFrame';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import toast from '../../../lib/toast';
import { type Shelf, type ShelfKind, useDeleteShelf, useShelves } from '../api/shelves';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { cellClass, HeadingCells, tableClass } from '../components/Pager';
import { SHELF_WORDS, ShelfDialog } from './ShelfDialog';

/** The "Authors & categories" tab: both lists, each with Add, Edit and Delete; the search narrows both by name. */
export function ShelvesTab({ search }: { search: string }) {
  return (
    <div className="space-y-10">
      <ShelfSection kind="author" search={search} />
      <ShelfSection kind="category" search={search} />
    </div>
  );
}

function ShelfSection({ kind, search }: { kind: ShelfKind; search: string }) {
  const words = SHELF_WORDS[kind];
  const shelves = useShelves(kind);
  const remove = useDeleteShelf(kind);
  const [editing, setEditing] = useState<Shelf | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Shelf | null>(null);
  const headingId = `shelves-${kind}`;
  const wanted = search.trim().toLowerCase();
  const shown = (shelves.data ?? []).filter((shelf) => shelf.name.toLowerCase().includes(wanted));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(words.messages.deleted),
      onError: (err) => toast.error(err.message),
      onSettled: () => setDeleting(null),
    });
  };

  let body;
  if (shelves.isPending) body = <Spinner label={`Loading ${words.many.toLowerCase()}...`} />;
  else if (shelves.isError)
    body = <ErrorState message={shelves.error.message} onRetry={() => void shelves.refetch()} />;
  else if (shown.length === 0)
    body = (
      <p className="py-6 text-center text-gray-700 dark:text-gray-300">
        {wanted ? `No ${words.many.toLowerCase()} match "${search.trim()}"` : `No ${words.many.toLowerCase()} yet`}
      </p>
    );
  else
    body = (
      <ScrollFrame label={`${words.many}, featured first`}>
        <table className={tableClass}>
          <caption className="sr-only">{`${words.many}, featured first`}</caption>
          <thead className="bg-gray-50 dark:bg-gray-900">
            <tr>
              <HeadingCells labels={['Name', 'Books in the shop', 'Featured']} actions />
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
            {shown.map((shelf) => (
              <tr key={shelf.id}>
                <td className={cellClass}>
                  <Link to={paths[kind](shelf.slug)} className="font-medium hover:underline">
                    {shelf.name}
                  </Link>
                </td>
                <td className={cellClass}>{shelf.number_of_books}</td>
                <td className={cellClass}>{shelf.featured ? <Badge>Featured</Badge> : '—'}</td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  <div className="flex gap-2">
                    <Button variant="secondary" onClick={() => setEditing(shelf)} aria-label={`Edit ${shelf.name}`}>
                      Edit
                    </Button>
                    <Button
                      variant="secondary"
                      className="text-red-700 dark:text-red-400"
                      onClick={() => setDeleting(shelf)}
                      aria-label={`Delete ${shelf.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollFrame>
    );

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold">
          {words.many}
        </h2>
        <Button onClick={() => setEditing('new')}>{`Add ${words.one}`}</Button>
      </div>
      {body}
      {editing && (
        <ShelfDialog kind={kind} shelf={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete this ${words.one}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        “{deleting?.name}” will be removed from the store. {words.an} that still has books cannot be deleted.
      </ConfirmDialog>
    </section>
  );
}
