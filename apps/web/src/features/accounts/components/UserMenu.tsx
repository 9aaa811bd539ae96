import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth';
import { pictureUrl } from '../api/profile';
import { signOut } from '../api/session';
import { Badge } from '../../../components/ui/Badge';
import { SignInLink } from './SignInLink';
import { Avatar } from './Avatar';

const itemClass =
  'flex w-full items-center justify-between gap-3 px-4 py-2 text-left text-sm text-gray-800 data-[focus]:bg-gray-100 dark:text-gray-100 dark:data-[focus]:bg-gray-800';

/**
 * Header account area: the avatar menu when signed in (Your Profile, Wishlist, Your Orders, Your Books:
 * the ones the shopper sent in; for staff the Dashboard and Add book; Sign out), a Sign In button
 * otherwise.
 * The wishlist count comes from the app (the wishlist feature owns the list).
 */
export function UserMenu({ wishlistCount = 0 }: { wishlistCount?: number }) {
  const isAuth = useAuthStore((s) => s.isAuth);
  const isAdmin = useAuthStore((s) => s.isAdmin);
  const profile = useAuthStore((s) => s.profile);
  const navigate = useNavigate();
  const count = wishlistCount;

  if (!isAuth) return <SignInLink />;

  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="flex rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-gray-950"
        aria-label="Open user menu"
      >
        <Avatar src={pictureUrl(profile?.profile_picture)} alt="" size={36} className="h-9 w-9" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-52 rounded-md border border-gray-200 bg-white py-1 shadow-lg focus:outline-none dark:border-gray-800 dark:bg-gray-900"
      >
        {profile?.username && (
          <p className="truncate border-b border-gray-100 px-4 py-2 text-xs text-gray-600 dark:border-gray-800 dark:text-gray-400">
            @{profile.username}
          </p>
        )}
        <MenuItem>
          <Link to={paths.profile} className={itemClass}>
            Your Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.wishlist} className={itemClass}>
            Wishlist
            <Badge data-testid="wishlist-count">
              {count}
              <span className="sr-only"> {count === 1 ? 'book' : 'books'}</span>
            </Badge>
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.orders} className={itemClass}>
            Your Orders
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to={paths.myBooks} className={itemClass}>
            Your Books
          </Link>
        </MenuItem>
        {isAdmin && (
          <MenuSection>
            <MenuSeparator className="my-1 h-px bg-gray-100 dark:bg-gray-800" />
            <MenuHeading className="px-4 pt-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
              Staff
            </MenuHeading>
            <MenuItem>
              <Link to={paths.admin} className={itemClass}>
                Dashboard
              </Link>
            </MenuItem>
            <MenuItem>
              <Link to={paths.addBook} className={itemClass}>
                Add book
              </Link>
            </MenuItem>
          </MenuSection>
        )}
        <MenuSeparator className="my-1 h-px bg-gray-100 dark:bg-gray-800" />
        <MenuItem>
          <button
            type="button"
            className={itemClass}
            onClick={async () => {
              await signOut();
              navigate(paths.home);
            }}
          >
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
