import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { UserMenu } from '../../features/accounts/components/UserMenu';

/** Fixed header, page outlet, footer. The storefront work fills in header and footer. */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <header className="fixed inset-x-0 top-0 z-40 flex h-16 items-center justify-between border-b border-gray-200 bg-white px-4 dark:border-gray-800 dark:bg-gray-950">
        <Link to="/" className="text-lg font-bold">
          Bookstore
        </Link>
        <UserMenu />
      </header>
      <main className="flex-1 pt-16">
        <Suspense fallback={<p className="p-8">Loading...</p>}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-gray-200 p-4 text-sm dark:border-gray-800">© {new Date().getFullYear()} Bookstore</footer>
    </div>
  );
}
