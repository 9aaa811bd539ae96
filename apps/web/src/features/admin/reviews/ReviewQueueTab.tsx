import toast from '../../../lib/toast';
import { BookThumb } from '../../../components/ui/BookImage';
import { Button } from '../../../components/ui/Button';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Price } from '../../../components/ui/Price';
import { Spinner } from '../../../components/ui/Spinner';
import { useDecideBook, useReviewQueue } from '../api/review-queue';
import { cellClass, HeadingCells, PagedTable } from '../components/Pager';
import { formatDate } from '../../../lib/dates';

/**
 * Review queue tab: books readers added, waiting for staff before they appear anywhere in the shop
 * (docs/decisions/0015-trust-round-two.md), oldest first, with who sent each. Approve puts a book in the shop; Reject
 * keeps it out (its contributor sees the decision on /my-books).
 */
export function ReviewQueueTab({ search, page, onPage }: { search: string; page: number; onPage(page: number): void }) {
  const queue = useReviewQueue({ page, search });
  const decide = useDecideBook();

  if (queue.isPending) return <Spinner label="Loading books waiting for review..." />;
  if (queue.isError) return <ErrorState message={queue.error.message || 'Failed to fetch the review queue'} />;
  if (queue.data.data.length === 0)
    return <p className="py-10 text-center text-gray-700 dark:text-gray-300">No books are waiting for review</p>;

  const act = (id: number, title: string, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () =>
          toast.success(decision === 'approve' ? `"${title}" is in the shop now` : `"${title}" was rejected`),
        onError: (err) => toast.error(err.message),
      },
    );

  return (
    <PagedTable
      caption="Books waiting for review"
      meta={queue.data.meta}
      onPage={onPage}
      label="Books"
      head={<HeadingCells labels={['Cover', 'Title', 'Author', 'Price', 'Stock', 'Sent by', 'Sent']} actions />}
    >
      {queue.data.data.map((book) => (
        <tr key={book.id}>
          <td className={cellClass}>
            <BookThumb book={book} />
          </td>
          <td className={`${cellClass} font-medium`}>{book.title}</td>
          <td className={cellClass}>{book.book_author || '—'}</td>
          <td className={cellClass}>
            <Price price={book.price} originalPrice={book.original_price} lowestPrice30d={book.lowest_price_30d} />
          </td>
          <td className={cellClass}>{book.stock_amount}</td>
          <td className={cellClass}>
            {book.contributor ? `${book.contributor.username} (${book.contributor.email})` : 'A deleted account'}
          </td>
          <td className={cellClass}>{formatDate(book.created_at, 'numeric')}</td>
          <td className={cellClass}>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={decide.isPending}
                onClick={() => act(book.id, book.title, 'approve')}
                aria-label={`Approve ${book.title}`}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={decide.isPending}
                onClick={() => act(book.id, book.title, 'reject')}
                aria-label={`Reject ${book.title}`}
              >
                Reject
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </PagedTable>
  );
}
