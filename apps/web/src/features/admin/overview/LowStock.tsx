import type { Book } from '@bookstore/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import toast from '../../../lib/toast';
import { fetchBookForEdit } from '../api/books';
import { useLowStock } from '../api/low-stock';
import type { EditBookSlot } from '../components/edit-book';

/**
 * The dashboard's "Low stock" list (docs/product.md, "After the sale"): books at or under the shop's
 * threshold, fewest first, each with its copies left as a badge and an Edit button that opens the
 * book's edit dialog (to restock it).
 */
export function LowStock({ editBook }: { editBook?: EditBookSlot }) {
  const lowStock = useLowStock();
  const [editing, setEditing] = useState<Book | null>(null);
  const [opening, setOpening] = useState<number | null>(null);

  const open = async (id: number) => {
    setOpening(id);
    try {
      const book = await fetchBookForEdit(id);
      if (book) setEditing(book);
      else toast.error('Book not found');
    } catch {
      toast.error('Failed to open the book');
    } finally {
      setOpening(null);
    }
  };

  return (
    <section
      aria-labelledby="low-stock"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="low-stock" className="font-semibold">
        Low stock
        {lowStock.data && (
          <span className="ml-1 font-normal text-gray-700 dark:text-gray-300">
            ({lowStock.data.threshold} or fewer copies)
          </span>
        )}
      </h2>
      {lowStock.isPending ? (
        <Spinner label="Loading low stock..." className="mt-3" />
      ) : lowStock.isError ? (
        <p className="mt-3 text-sm text-red-800 dark:text-red-200">Failed to load the low-stock list</p>
      ) : lowStock.data.data.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">Every book has more copies than that.</p>
      ) : (
        <ul aria-label="Books low on stock" className="mt-3 divide-y divide-gray-200 text-sm dark:divide-gray-800">
          {lowStock.data.data.map((book) => (
            <li key={book.id} className="flex items-center justify-between gap-3 py-2">
              <span className="flex min-w-0 items-center gap-2">
                <Badge tone={book.stock_amount === 0 ? 'red' : 'amber'}>
                  {book.stock_amount}
                  <span className="sr-only"> {book.stock_amount === 1 ? 'copy' : 'copies'} left of</span>
                </Badge>
                <span className="truncate">{book.title}</span>
              </span>
              {editBook && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void open(book.id)}
                  disabled={opening !== null}
                  aria-label={`Edit ${book.title}`}
                >
                  Edit
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && editBook?.({ book: editing, onClose: () => setEditing(null) })}
    </section>
  );
}
