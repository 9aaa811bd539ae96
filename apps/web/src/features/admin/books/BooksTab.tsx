import type { AdminBookSort, Book } from '@bookstore/contract';
import { ADMIN_BOOK_SORTS, bookMessages } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { BookThumb } from '../../../components/ui/BookImage';
import { ErrorState } from '../../../components/ui/ErrorState';
import { paths } from '../../../config/paths';
import { useAdminBooks, useDeleteBook } from '../api/books';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { EditBookSlot } from '../components/edit-book';
import { cellClass, HeadingCells, PagedTable } from '../components/Pager';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDate } from '../../../lib/dates';
import { editionLabel } from '../../../lib/editions';
import { printedEditions, StockDialog } from './StockDialog';

const COLUMNS: { key: string; label: string; sort?: AdminBookSort }[] = [
  { key: 'cover', label: 'Cover' },
  { key: 'title', label: 'Title', sort: 'title' },
  { key: 'author', label: 'Author', sort: 'book_author' },
  { key: 'price', label: 'Price', sort: 'price' },
  { key: 'stock', label: 'Stock', sort: 'stock_amount' },
  { key: 'created', label: 'Created', sort: 'created_at' },
];

export function sortFrom(value: string | null): AdminBookSort {
  return (ADMIN_BOOK_SORTS as readonly string[]).includes(value ?? '') ? (value as AdminBookSort) : '-created_at';
}

export type { EditBookSlot };

/** Each edition's copies: "Hardcover 4 · Paperback, Used 1"; an eBook has none ("eBook —"). */
export function editionStock(book: Book): string {
  if (book.editions.length === 0) return String(book.stock_amount ?? '—');
  return book.editions.map((e) => `${editionLabel(e)} ${e.stock_amount ?? '—'}`).join(' · ');
}

interface Props {
  search: string;
  page: number;
  sort: AdminBookSort;
  onPage(page: number): void;
  onSort(sort: AdminBookSort): void;
  editBook?: EditBookSlot;
}

/**
 * Books tab: a paged table sortable by each column, with each edition's copies; Stock (adjust and the
 * ledger), Edit in a dialog, Delete after a confirmation.
 */
export function BooksTab({ search, page, sort, onPage, onSort, editBook }: Props) {
  const books = useAdminBooks({ page, sort, search });
  const remove = useDeleteBook();
  const [editing, setEditing] = useState<Book | null>(null);
  const [deleting, setDeleting] = useState<Book | null>(null);
  const [stocking, setStocking] = useState<Book | null>(null);

  if (books.isPending) return <Spinner label="Loading books..." />;
  if (books.isError) return <ErrorState message={books.error.message} />;
  if (books.data.data.length === 0) {
    return (
      <p className="py-10 text-center text-gray-700 dark:text-gray-300">
        {search ? `No books match "${search}"` : 'No books available'}
      </p>
    );
  }

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(bookMessages.deleted);
        setDeleting(null);
      },
      onError: (err) => {
        toast.error(err.message);
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PagedTable
        caption={`Books, sorted by ${COLUMNS.find((c) => c.sort && sort.endsWith(c.sort))?.label ?? 'Created'}`}
        meta={books.data.meta}
        onPage={onPage}
        label="Books"
        head={
          <>
            {COLUMNS.map((column) => {
              const active = column.sort && sort.replace('-', '') === column.sort;
              const descending = sort.startsWith('-');
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={cellClass}
                  aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      className="font-semibold hover:underline"
                      onClick={() => onSort((active && !descending ? `-${column.sort}` : column.sort) as AdminBookSort)}
                    >
                      {column.label}
                      <span aria-hidden="true">{active ? (descending ? ' ▼' : ' ▲') : ''}</span>
                    </button>
                  ) : (
                    <span className="font-semibold">{column.label}</span>
                  )}
                </th>
              );
            })}
            <HeadingCells labels={[]} actions />
          </>
        }
      >
        {books.data.data.map((book) => (
          <tr key={book.id}>
            <td className={cellClass}>
              <BookThumb book={book} />
            </td>
            <td className={cellClass}>
              <Link to={paths.book(book.title)} className="font-medium hover:underline">
                {book.title}
              </Link>
            </td>
            <td className={cellClass}>{book.book_author || '—'}</td>
            <td className={cellClass}>{formatMoney(moneyToCents(book.price) ?? 0)}</td>
            <td className={cellClass} data-testid="book-stock">
              {editionStock(book)}
              {book.waiting > 0 && (
                <span className="block text-xs whitespace-nowrap text-amber-800 dark:text-amber-200">
                  {book.waiting} waiting
                </span>
              )}
            </td>
            <td className={cellClass}>{formatDate(book.created_at, 'numeric')}</td>
            <td className={`${cellClass} whitespace-nowrap`}>
              <div className="flex gap-2">
                {printedEditions(book).length > 0 && (
                  <Button variant="secondary" onClick={() => setStocking(book)} aria-label={`Stock of ${book.title}`}>
                    Stock
                  </Button>
                )}
                {editBook && (
                  <Button variant="secondary" onClick={() => setEditing(book)} aria-label={`Edit ${book.title}`}>
                    Edit
                  </Button>
                )}
                <Button
                  variant="secondary"
                  className="text-red-700 dark:text-red-400"
                  onClick={() => setDeleting(book)}
                  aria-label={`Delete ${book.title}`}
                >
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </PagedTable>
      {stocking && <StockDialog book={stocking} onClose={() => setStocking(null)} />}
      {editing && editBook?.({ book: editing, onClose: () => setEditing(null) })}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this book?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        “{deleting?.title}” will be removed from the store. Orders that contain it keep it as bought.
      </ConfirmDialog>
    </>
  );
}
