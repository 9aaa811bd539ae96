import type { Book } from '@bookstore/contract';
import { useEffect } from 'react';
import toast from '../../../lib/toast';
import { Link, useNavigate } from 'react-router';
import { CardCover } from '../../../components/ui/BookImage';
import { ErrorState } from '../../../components/ui/ErrorState';
import { HeartIcon, TrashIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/Price';
import { PageLoading } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { plural } from '../../../lib/lists';
import { rememberDestination, useAuthStore } from '../../../stores/auth';
import { AddToCartButton } from '../../cart/components/AddToCartButton';
import { useChangeWishlist, useWishlist } from '../api/wishlist';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { bookGridClass } from '../../../components/ui/bookGrid';

const inStock = (book: Book) => book.available && (book.stock_amount === null || book.stock_amount > 0);

function WishlistItem({ book, onRemove }: { book: Book; onRemove: (book: Book) => void }) {
  const available = inStock(book);
  return (
    <li className="group flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <CardCover book={book} href={paths.book(book.title)} />
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4">
        <h2 className="line-clamp-2 text-sm font-semibold sm:text-base">
          <Link to={paths.book(book.title)} className="hover:text-indigo-700 dark:hover:text-indigo-300">
            {book.title}
          </Link>
        </h2>
        <p className="truncate text-xs text-gray-600 sm:text-sm dark:text-gray-400">{book.book_author}</p>
        <Price price={book.price} originalPrice={book.original_price} lowestPrice30d={book.lowest_price_30d} />
        {!available && <p className="text-sm font-medium text-red-700 dark:text-red-300">Out of stock</p>}
        <div className="mt-auto flex flex-col gap-2 pt-2 sm:flex-row">
          <AddToCartButton
            book={book}
            inStock={available}
            added="Added to cart"
            aria-label={available ? `Add ${book.title} to cart` : `${book.title} is out of stock`}
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onRemove(book)}
            aria-label={`Remove ${book.title} from wishlist`}
          >
            <TrashIcon width={16} height={16} /> Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

/** /wishlist (docs/product.md, "Screens"): signed-in shoppers only; guests go to /login and come back. */
export default function WishlistPage() {
  usePageTitle('My Wishlist');
  const isAuth = useAuthStore((s) => s.isAuth);
  const navigate = useNavigate();
  const wishlist = useWishlist(isAuth);
  const change = useChangeWishlist();

  useEffect(() => {
    if (!isAuth) {
      rememberDestination(paths.wishlist);
      navigate(paths.login, { replace: true });
    }
  }, [isAuth, navigate]);

  if (!isAuth || wishlist.isPending) return <PageLoading />;
  if (wishlist.isError) {
    return <ErrorState message="Failed to fetch wishlist" onRetry={() => void wishlist.refetch()} />;
  }

  const books = wishlist.data;
  if (books.length === 0) {
    return (
      <EmptyState
        icon={<HeartIcon width={56} height={56} className="text-gray-400 dark:text-gray-500" />}
        title="Your wishlist is empty"
        action={{ to: paths.books, label: 'Browse Books' }}
      />
    );
  }

  const remove = (book: Book) =>
    change.mutate(
      { book, add: false },
      {
        onSuccess: () => toast.success('Removed from wishlist'),
        onError: () => toast.error('Failed to remove from wishlist'),
      },
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="mb-8 text-2xl font-bold tracking-tight sm:text-3xl">
        My Wishlist ({plural(books.length, 'item')})
      </h1>
      <ul aria-label="Wishlist" className={bookGridClass}>
        {books.map((book) => (
          <WishlistItem key={book.id} book={book} onRemove={remove} />
        ))}
      </ul>
    </div>
  );
}
