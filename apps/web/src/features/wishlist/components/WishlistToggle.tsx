import type { Book } from '@bookstore/contract';
import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import toast from '../../../lib/toast';
import { useNavigate } from 'react-router';
import { HeartIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { rememberDestination, useAuthStore } from '../../../stores/auth';
import { useChangeWishlist, useWishlist } from '../api/wishlist';

export const LOGIN_REDIRECT_DELAY_MS = 1500;

/** Adds the book to the wishlist or takes it out; guests are told to log in and sent to /login. */
export function WishlistToggle({ book, variant = 'page' }: { book: Book; variant?: 'page' | 'card' }) {
  const isAuth = useAuthStore((s) => s.isAuth);
  const wishlist = useWishlist(isAuth);
  const change = useChangeWishlist();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const inList = Boolean(wishlist.data?.some((b) => b.id === book.id));

  const onClick = () => {
    if (!isAuth) {
      toast.error('Please login to add to wishlist');
      rememberDestination();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(paths.login), LOGIN_REDIRECT_DELAY_MS);
      return;
    }
    change.mutate(
      { book, add: !inList },
      {
        onSuccess: () => toast.success(inList ? 'Removed from wishlist' : 'Added to wishlist'),
        onError: () => toast.error('Failed to update wishlist'),
      },
    );
  };

  return (
    <button
      type="button"
      data-needs-app
      onClick={onClick}
      aria-pressed={inList}
      aria-label={inList ? `Remove ${book.title} from wishlist` : `Add ${book.title} to wishlist`}
      className={clsx(
        'flex shrink-0 items-center justify-center border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        variant === 'page'
          ? 'h-12 w-12 rounded-md hover:bg-gray-50 dark:hover:bg-gray-800'
          : 'h-10 w-10 rounded-full bg-white/95 shadow-sm hover:bg-white dark:bg-gray-900/95 dark:hover:bg-gray-900',
        inList
          ? 'border-red-300 text-red-600 dark:border-red-800 dark:text-red-400'
          : 'border-gray-300 text-gray-700 dark:border-gray-700 dark:text-gray-200',
      )}
    >
      <HeartIcon filled={inList} width={variant === 'page' ? 22 : 20} height={variant === 'page' ? 22 : 20} />
    </button>
  );
}
