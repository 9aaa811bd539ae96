import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';
import { HeartIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth';
import { useToggleWishlist, useWishlist } from '../api/wishlist';

export const LOGIN_REDIRECT_DELAY_MS = 1500;

/** Adds or removes the book from the wishlist; guests are told to log in and sent to /login. */
export function WishlistButton({ bookId }: { bookId: number }) {
  const isAuth = useAuthStore((s) => s.isAuth);
  const wishlist = useWishlist(isAuth);
  const toggle = useToggleWishlist();
  const navigate = useNavigate();
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const inList = Boolean(wishlist.data?.some((book) => book.id === bookId));

  const onClick = async () => {
    if (!isAuth) {
      toast.error('Please login to add to wishlist');
      sessionStorage.setItem('redirectAfterLogin', location.pathname + location.search);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(paths.login), LOGIN_REDIRECT_DELAY_MS);
      return;
    }
    try {
      await toggle.mutateAsync({ bookId, add: !inList });
      toast.success(inList ? 'Removed from wishlist' : 'Added to wishlist');
    } catch {
      toast.error('Failed to update wishlist');
    }
  };

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={toggle.isPending}
      aria-pressed={inList}
      aria-label={inList ? 'Remove from wishlist' : 'Add to wishlist'}
      className={clsx(
        'flex h-12 w-12 shrink-0 items-center justify-center rounded-md border hover:bg-gray-50 disabled:opacity-60 dark:hover:bg-gray-800',
        inList ? 'border-red-300 text-red-600 dark:border-red-800 dark:text-red-400' : 'border-gray-300 text-gray-700 dark:border-gray-700 dark:text-gray-200',
      )}
    >
      <HeartIcon filled={inList} width={22} height={22} />
    </button>
  );
}
