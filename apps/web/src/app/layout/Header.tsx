import clsx from 'clsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../stores/auth';
import { useAuthors } from '../../features/catalogue/api/authors';
import { useCategories } from '../../features/catalogue/api/categories';
import { useWishlist } from '../../features/wishlist/api/wishlist';
import { SearchBox } from '../../features/catalogue/components/SearchBox';
import { CartLink } from './CartLink';
import { MegaMenu } from './MegaMenu';
import { authorPath, categoryPath } from './nav';
import { AfterHydration } from '../hydrated';
import { ThemeToggle } from './ThemeToggle';
import { SignInLink } from '../../features/accounts/components/SignInLink';
import { NavLinks } from './NavLinks';

// The phone menu (and the dialog library behind it) loads the first time it is opened.
const MobileMenu = lazy(() => import('./MobileMenu'));
// The avatar menu (and the menu and positioning libraries behind it) loads only for signed-in
// shoppers: guests, who are most first visits, get the plain Sign In link below.
const UserMenu = lazy(() =>
  import('../../features/accounts/components/UserMenu').then((m) => ({ default: m.UserMenu })),
);

function AccountArea() {
  const isAuth = useAuthStore((s) => s.isAuth);
  const wishlist = useWishlist(isAuth);
  if (!isAuth) return <SignInLink />;
  return (
    <Suspense fallback={<span className="inline-block h-9 w-9 rounded-full bg-gray-200 dark:bg-gray-800" />}>
      <UserMenu wishlistCount={wishlist.data?.length} />
    </Suspense>
  );
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium hover:bg-gray-100 hover:text-indigo-700 dark:hover:bg-gray-800 dark:hover:text-indigo-300',
    isActive ? 'text-indigo-700 dark:text-indigo-300' : 'text-gray-800 dark:text-gray-200',
  );

export function Logo() {
  return (
    <Link to={paths.home} className="flex shrink-0 items-center gap-2 rounded-md" aria-label="Bookstore home">
      {/* The icon's drawing (public/favicon.svg) in the page: no request beside the stylesheet before the first paint. */}
      <svg viewBox="0 0 32 32" width={32} height={32} aria-hidden="true" focusable="false" className="h-8 w-8">
        <rect width="32" height="32" rx="6" fill="#4f46e5" />
        <path d="M8 8h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H8zM24 8h-3a3 3 0 0 0-3 3v13a2 2 0 0 1 2-2h4z" fill="#fff" />
      </svg>
      <span className="hidden text-lg font-bold tracking-tight sm:inline">Bookstore</span>
    </Link>
  );
}

/**
 * What the header's HTML depends on, as a key (reused.tsx), or null where it depends on more. Its
 * only dependence on the address is which of its links is the current page: none on a book's, an
 * author's or a category's page, the pages there are most of. Elsewhere it is rendered each time.
 */
export function headerReuseKey(pathname: string): string | null {
  return /^\/(book|author|category)\//.test(pathname) ? 'no-current-link' : null;
}

/** Fixed top bar. Its style changes once the page has scrolled by at least 1 px. */
export function Header() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { pathname } = useLocation();
  // The menus' lists are drawn when a menu opens: asked for once the page is idle after hydration (at
  // most 2 s later), or at once when the phone menu opens, not in the tasks that start the page.
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (!('requestIdleCallback' in window)) return void setTimeout(done, 500);
    const id = requestIdleCallback(done, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, []);
  const listsWanted = idle || menuLoaded;
  const categories = useCategories(listsWanted);
  const authors = useAuthors(listsWanted);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY >= 1);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header
      data-scrolled={scrolled}
      className={clsx(
        'fixed inset-x-0 top-0 z-40 h-16 border-b transition-[background-color,box-shadow,border-color] duration-200',
        scrolled
          ? 'border-gray-200 bg-white/95 shadow-md backdrop-blur dark:border-gray-800 dark:bg-gray-950/95'
          : 'border-transparent bg-white dark:bg-gray-950',
      )}
    >
      {/* The same frame as the pages below (max-w-7xl, px-4 / sm:px-6): logo and last control line up
          with the content's edges at every width. */}
      <div className="mx-auto flex h-full max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center lg:flex">
          <NavLinks part="before" className={navLink} />
          <MegaMenu
            label="Categories"
            allLabel="All Categories"
            entries={categories.data ?? []}
            pathFor={categoryPath}
          />
          <MegaMenu label="Authors" allLabel="All Authors" entries={authors.data ?? []} pathFor={authorPath} />
          <NavLinks part="after" className={navLink} />
        </nav>
        <SearchBox key={pathname} className="min-w-0 flex-1 lg:max-w-xs xl:max-w-sm" />
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <CartLink />
          {/* The theme toggle draws both faces, CSS shows this browser's; the account comes from this
              browser's storage: drawn after hydration, in space kept for it. */}
          <span className="hidden h-10 w-10 lg:inline-flex">
            <ThemeToggle />
          </span>
          <AfterHydration fallback={<span aria-hidden="true" className="inline-block h-9 w-[4.25rem]" />}>
            <AccountArea />
          </AfterHydration>
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
            className="rounded-full p-2 text-gray-700 hover:bg-gray-100 lg:hidden dark:text-gray-200 dark:hover:bg-gray-800"
          >
            <MenuIcon width={24} height={24} />
          </button>
        </div>
      </div>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            categories={categories.data ?? []}
            authors={authors.data ?? []}
          />
        </Suspense>
      )}
    </header>
  );
}
