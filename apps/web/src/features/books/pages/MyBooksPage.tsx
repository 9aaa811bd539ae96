import type { ReviewStatus, SubmittedBook } from '@bookstore/contract';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { BookThumb } from '../../../components/ui/BookImage';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { QueryStates } from '../../../components/ui/QueryStates';
import { Price } from '../../../components/ui/Price';
import { PageLoading } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { plural } from '../../../lib/lists';
import { rememberDestination, useAuthStore } from '../../../stores/auth';
import { useMyBooks } from '../api/books';
import { formatDate } from '../../../lib/dates';

const STATUS: Record<ReviewStatus, { label: string; tone: BadgeTone; note: string }> = {
  pending: {
    label: 'Waiting for review',
    tone: 'amber',
    note: 'Our staff will check it soon; until then only you can see it.',
  },
  approved: { label: 'In the shop', tone: 'green', note: 'Approved: shoppers can find and buy it.' },
  rejected: { label: 'Not accepted', tone: 'gray', note: 'Our staff did not add it to the shop.' },
};

function SubmittedRow({ book }: { book: SubmittedBook }) {
  const status = STATUS[book.review_status];
  return (
    <li className="flex items-start gap-4 py-4" data-testid="my-book">
      <BookThumb book={book} />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">
          {book.review_status === 'approved' ? (
            <Link to={paths.book(book.title)} className="hover:text-indigo-700 dark:hover:text-indigo-300">
              {book.title}
            </Link>
          ) : (
            book.title
          )}
        </h2>
        <p className="text-sm text-gray-700 dark:text-gray-300">{book.book_author || 'No author'}</p>
        <Price price={book.price} originalPrice={book.original_price} lowestPrice30d={book.lowest_price_30d} />
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          Sent {formatDate(book.created_at, 'numeric')}. {status.note}
        </p>
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
    </li>
  );
}

/**
 * /my-books: the books the signed-in reader added and where each stands. A reader's book waits for
 * staff before it is in the shop (docs/decisions/0015-trust-round-two.md), so this is where its contributor finds it.
 */
export default function MyBooksPage() {
  usePageTitle('My Books');
  const isAuth = useAuthStore((s) => s.isAuth);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const books = useMyBooks(isAuth, page);

  useEffect(() => {
    if (!isAuth) {
      rememberDestination(paths.myBooks);
      navigate(paths.login, { replace: true });
    }
  }, [isAuth, navigate]);

  if (!isAuth) return <PageLoading />;
  return (
    <QueryStates
      query={books}
      pending={<PageLoading />}
      errorMessage="Failed to load your books"
      retry
      isEmpty={(list) => list.data.length === 0}
      empty={
        <EmptyState
          title="You have not added any books yet"
          text="Books you add are checked by our staff, then appear in the shop."
          action={{ to: paths.addBook, label: 'Add a Book' }}
        />
      }
    >
      {(data) => {
        const { data: list, meta } = data;
        return (
          <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
            <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Books ({plural(meta.count, 'book')})</h1>
              <Link to={paths.addBook} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
                Add a Book
              </Link>
            </div>
            <ul aria-label="Books you added" className="divide-y divide-gray-200 dark:divide-gray-800">
              {list.map((book) => (
                <SubmittedRow key={book.id} book={book} />
              ))}
            </ul>
            {meta.pages > 1 && (
              <nav aria-label="Pages of your books" className="mt-6 flex items-center justify-between gap-4 text-sm">
                <p>
                  Page {meta.page} of {meta.pages}
                </p>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    disabled={page <= 1}
                    onClick={() => setParams({ page: String(page - 1) })}
                  >
                    Previous
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={meta.next === null}
                    onClick={() => setParams({ page: String(page + 1) })}
                  >
                    Next
                  </Button>
                </div>
              </nav>
            )}
          </section>
        );
      }}
    </QueryStates>
  );
}
