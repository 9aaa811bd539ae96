import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isMalformedAddress, NotFound } from '../../components/ui/NotFound';
import { PageLoading } from '../../components/ui/Spinner';
import { useHydrated } from '../../lib/hooks';
import { useAuthStore } from '../../stores/auth';
import { useCartStore } from '../../features/cart/stores/cart';
import { applyTheme, DARK_QUERY, useThemeStore } from '../../stores/theme';
import { replayEarlyEvents } from '../early-events';
import { Footer } from './Footer';
import { Header, headerReuseKey } from './Header';
import { Reused } from './reused';

/**
 * What waits for hydration (the theme, the active cart), in a component of its
 * own that draws nothing: when hydration ends only it renders again, not the whole page below the layout.
 */
function AfterHydrationEffects() {
  const darkMode = useThemeStore((s) => s.darkMode);
  const username = useAuthStore((s) => s.profile?.username);
  // The stores read during hydration hold their defaults, not what this browser keeps: wait for it.
  const hydrated = useHydrated();

  useEffect(() => {
    if (hydrated) applyTheme(darkMode);
  }, [hydrated, darkMode]);

  // Until the visitor picks a theme, the device's light or dark setting, now and when it changes.
  useEffect(() => {
    if (!hydrated || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const follow = () => useThemeStore.getState().systemChanged(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [hydrated]);

  // At start, and whenever the signed-in username changes, the cart follows it (guest cart when none).
  useEffect(() => {
    if (hydrated) useCartStore.getState().initializeCart(username ?? null);
  }, [hydrated, username]);

  return null;
}

/**
 * Inside the page's Suspense boundary, after the page: React hydrates the layout first and the page
 * in a later pass, so only from here is the whole page the app's. Then it marks <html data-hydrated>
 * (the browser suite waits for it) and does what the visitor did before (public/boot.js held it:
 * src/app/early-events.ts), once, in order, after the layout's effects (the cart is this browser's).
 */
function PageHydrated() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.dataset.hydrated = 'true';
    replayEarlyEvents();
  }, [hydrated]);
  return null;
}

/** Fixed header, page outlet, footer; the theme, the active cart and scroll-to-top live here. */
export function RootLayout({ children }: { children?: ReactNode }) {
  const { pathname, search } = useLocation();
  // An address that cannot be read reaches no screen: the 400 page, on the server and in the browser.
  const malformed = isMalformedAddress(pathname, search);
  const year = new Date().getFullYear();

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-white text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* The same HTML on most pages: the server makes it once (reused.tsx). */}
      <Reused name="header" reuseKey={headerReuseKey(pathname)}>
        <Header />
      </Reused>
      {/* At least a screen high: the footer never starts in view and then jumps down as a page loads. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 pt-16 outline-none">
        <Suspense fallback={<PageLoading />}>
          {malformed ? <NotFound kind="malformed" /> : (children ?? <Outlet />)}
          <PageHydrated />
        </Suspense>
      </main>
      <Reused name="footer" reuseKey={String(year)}>
        <Footer year={year} />
      </Reused>
      <AfterHydrationEffects />
    </div>
  );
}
