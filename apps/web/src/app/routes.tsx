import type { BookDetail, CatalogueReader } from '@bookstore/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/Spinner';
import { AdminGuard } from '../features/accounts/components/AdminGuard';
import { authorQuery } from '../features/catalogue/api/authors';
import { bookQuery, relatedQuery } from '../features/catalogue/api/book';
import {
  ALL_BOOKS,
  authorSource,
  type BookSource,
  bookPagesQuery,
  booksPageQuery,
  categorySource,
  homeBooksQuery,
  searchPageQuery,
  startPageFrom,
} from '../features/catalogue/api/books';
import { categoryQuery } from '../features/catalogue/api/categories';
import { featuredQuery } from '../features/catalogue/api/featured';
import { headlineSaleQuery } from '../features/catalogue/api/headline';
import { shippingMethodsQuery } from '../lib/shipping';
import { AfterHydration } from './hydrated';
import { RootLayout } from './layout/RootLayout';

interface Query {
  queryKey: readonly unknown[];
  queryFn?: unknown;
}

/**
 * The route loaders, one set for both sides. In the browser they start a screen's API calls as soon
 * as it is navigated to, beside the download of its code, and never wait: the screen shows its own
 * loading state and its queries (same keys) pick up the answers. On the server (`reader` given) they
 * wait for the same queries, answered in-process, so the page renders finished and the cache it
 * leaves is sent along for hydration. Failures stay in the cache: they are the screen's to show.
 */
function loaders(client: QueryClient, reader?: CatalogueReader) {
  const one = (query: Query, read: (r: CatalogueReader) => Promise<unknown>) =>
    client
      .prefetchQuery(reader ? { queryKey: query.queryKey, queryFn: () => read(reader) } : (query as never))
      .catch(() => {});
  const listing = (source: BookSource, query: string, start: number) => {
    const options = bookPagesQuery(source, query, start);
    return client
      .prefetchInfiniteQuery(
        reader ? { ...options, queryFn: ({ pageParam }) => reader.books(options.address(pageParam)) } : options,
      )
      .catch(() => {});
  };
  // The server waits for everything; the browser for nothing.
  const done = async (...loads: Promise<unknown>[]) => {
    if (reader) await Promise.all(loads);
    return null;
  };
  const search = (request: Request) => new URL(request.url).searchParams;
  // An author's or a category's page: the header card and its books.
  const collection =
    (
      info: (slug: string) => Query,
      sourceOf: (slug: string) => BookSource,
      read: (r: CatalogueReader, slug: string) => Promise<unknown>,
    ) =>
    ({ params, request }: LoaderFunctionArgs) => {
      const slug = params.slug ?? '';
      const source = sourceOf(slug);
      const query = search(request);
      return done(
        one(info(slug), (r) => read(r, slug)),
        listing(source, booksPageQuery(query, source), startPageFrom(query)),
      );
    };

  return {
    home: () =>
      done(
        one(featuredQuery(), (r) => r.featured()),
        one(homeBooksQuery(), (r) => r.books(homeBooksQuery().address)),
        one(headlineSaleQuery(), (r) => r.headlineSale()),
      ),
    books: ({ request }: LoaderFunctionArgs) => {
      const params = search(request);
      return done(listing(ALL_BOOKS, booksPageQuery(params), startPageFrom(params)));
    },
    // The results are in the server's page too: the search box is a plain GET form to this address,
    // and a reader without JavaScript gets what they searched for.
    search: ({ request }: LoaderFunctionArgs) => {
      const params = search(request);
      if (!params.get('q')?.trim()) return null;
      return done(listing(ALL_BOOKS, searchPageQuery(params), startPageFrom(params)));
    },
    book: async ({ params }: LoaderFunctionArgs) => {
      const title = params.title ?? '';
      const loading = one(bookQuery(title), (r) => r.book(title));
      // The delivery methods and prices the book page lists (the shop's settings).
      const shipping = one(shippingMethodsQuery(), (r) => r.shippingMethods());
      if (!reader) return null;
      await Promise.all([loading, shipping]);
      const book = client.getQueryData<BookDetail>(bookQuery(title).queryKey);
      // Related books sit below the fold, but in the page all the same: hydration asks for nothing.
      if (book) await one(relatedQuery(book.id), (r) => r.related(book.id));
      return null;
    },
    author: collection(authorQuery, authorSource, (r, slug) => r.author(slug)),
    category: collection(categoryQuery, categorySource, (r, slug) => r.category(slug)),
  };
}

type Module = { default: ComponentType };

/**
 * The error elements, in a chunk of their own: only a screen that failed shows one, and the server
 * waits for it like any lazy part (entry-server.tsx renders until all is ready). If that chunk cannot
 * load either (a deploy replaced the files while the page was open), a plain line offers the reload.
 */
const errorScreen = (name: 'RouteError' | 'RootError') =>
  lazy(() =>
    import('./layout/RouteError').then(
      (m) => ({ default: m[name] }),
      () => ({
        default: () => (
          <p role="alert" className="px-4 py-24 text-center">
            A new version is available. <a href="">Please reload the page</a> to continue.
          </p>
        ),
      }),
    ),
  );
const RouteError = errorScreen('RouteError');
const RootError = errorScreen('RootError');

/** A screen in its own chunk: the home page loads only what it shows. */
const page = (load: () => Promise<Module>) => async () => ({ Component: (await load()).default });

/**
 * A screen of one shopper's own (cart, account, orders, staff): stores kept in the browser decide what
 * it shows, so the server sends its shell (the layout and a loading state) and the browser fills it in.
 */
const personal = (load: () => Promise<Module>) => async () => {
  const { default: Screen } = await load();
  return {
    element: (
      <AfterHydration fallback={<PageLoading />}>
        <Screen />
      </AfterHydration>
    ),
  };
};

/** The route table (docs/product.md, "Screens"), shared by the browser's router and the server's renderer. */
export function createRoutes(client: QueryClient, reader?: CatalogueReader): RouteObject[] {
  const load = loaders(client, reader);
  return [
    {
      element: <RootLayout />,
      errorElement: (
        <Suspense fallback={null}>
          <RootError />
        </Suspense>
      ),
      children: [
        {
          // Inside the layout (and its Suspense boundary): a failing screen keeps the header and footer.
          errorElement: <RouteError />,
          // A page the browser starts without the server's data (`npm run dev`) shows the layout and
          // this until its first loader answers (the server's pages arrive with their data).
          hydrateFallbackElement: <PageLoading />,
          children: [
            // Every screen is a chunk of its own, the home page too: the first file every page loads holds
            // only what they all need (docs/decisions/0021-less-script.md). A new screen goes here the
            // same way, with `page(...)` or `personal(...)`, never as a static import.
            { path: '/', loader: load.home, lazy: page(() => import('../features/catalogue/pages/HomePage')) },
            { path: '/books', loader: load.books, lazy: page(() => import('../features/catalogue/pages/BooksPage')) },
            {
              path: '/search',
              loader: load.search,
              lazy: page(() => import('../features/catalogue/pages/SearchPage')),
            },
            {
              path: '/book/:title',
              loader: load.book,
              lazy: page(() => import('./routes/book')),
            },
            {
              path: '/category/:slug',
              loader: load.category,
              lazy: page(() => import('../features/catalogue/pages/CategoryPage')),
            },
            {
              path: '/author/:slug',
              loader: load.author,
              lazy: page(() => import('../features/catalogue/pages/AuthorPage')),
            },
            { path: '/cart', lazy: personal(() => import('./routes/cart')) },
            { path: '/wishlist', lazy: personal(() => import('../features/wishlist/pages/WishlistPage')) },
            { path: '/profile', lazy: personal(() => import('./routes/profile')) },
            { path: '/activity', lazy: personal(() => import('../features/activity/pages/ActivityPage')) },
            { path: '/login', lazy: personal(() => import('../features/accounts/pages/LoginPage')) },
            { path: '/register', lazy: personal(() => import('../features/accounts/pages/RegisterPage')) },
            { path: '/forgot-password', lazy: page(() => import('../features/accounts/pages/ForgotPasswordPage')) },
            { path: '/reset-password', lazy: personal(() => import('../features/accounts/pages/ResetPasswordPage')) },
            { path: '/verify-email', lazy: personal(() => import('../features/accounts/pages/ConfirmLinkPage')) },
            { path: '/confirm-email', lazy: personal(() => import('../features/accounts/pages/ConfirmLinkPage')) },
            { path: '/newsletter/confirm', lazy: personal(() => import('../features/accounts/pages/ConfirmLinkPage')) },
            {
              path: '/payment-success/:orderId',
              lazy: personal(() => import('../features/orders/pages/PaymentSuccessPage')),
            },
            { path: '/orders', lazy: personal(() => import('../features/orders/pages/OrdersPage')) },
            { path: '/add-book', lazy: personal(() => import('../features/books/pages/AddBookPage')) },
            { path: '/my-books', lazy: personal(() => import('../features/books/pages/MyBooksPage')) },
            { path: '/contact', lazy: page(() => import('../features/contact/pages/ContactPage')) },
            { path: '/about', lazy: page(() => import('../features/static/pages/AboutPage')) },
            { path: '/blog', lazy: page(() => import('../features/static/pages/BlogPage')) },
            { path: '/privacy', lazy: page(() => import('../features/static/pages/PrivacyPage')) },
            { path: '/terms', lazy: page(() => import('../features/static/pages/TermsPage')) },
            { path: '/returns', lazy: page(() => import('../features/static/pages/ReturnsPage')) },
            ...(['discord', 'twitter', 'facebook'] as const).map((network) => ({
              path: `/${network}`,
              lazy: async () => {
                const { default: CommunityPage } = await import('../features/static/pages/CommunityPage');
                return { element: <CommunityPage network={network} /> };
              },
            })),
            {
              path: '/admin',
              element: (
                <AfterHydration fallback={<PageLoading />}>
                  <AdminGuard />
                </AfterHydration>
              ),
              children: [
                {
                  // The sidebar and the section shown; every section a chunk of its own (docs/product.md, "Dashboard").
                  lazy: page(() => import('../features/admin/AdminLayout')),
                  children: [
                    { index: true, lazy: page(() => import('./routes/admin-overview')) },
                    { path: 'orders', lazy: page(() => import('../features/admin/orders/OrdersPage')) },
                    { path: 'orders/:orderId', lazy: page(() => import('../features/admin/orders/StaffOrderPage')) },
                    { path: 'books', lazy: page(() => import('./routes/admin-books')) },
                    { path: 'authors', lazy: page(() => import('../features/admin/authors/AuthorsPage')) },
                    { path: 'sales', lazy: page(() => import('../features/admin/sales/SalesPage')) },
                    { path: 'codes', lazy: page(() => import('../features/admin/codes/CodesPage')) },
                    { path: 'reviews', lazy: page(() => import('../features/admin/reviews/ReviewsPage')) },
                    { path: 'customers', lazy: page(() => import('../features/admin/customers/CustomersPage')) },
                    { path: 'messages', lazy: page(() => import('../features/admin/messages/MessagesPage')) },
                    { path: 'subscribers', lazy: page(() => import('../features/admin/subscribers/SubscribersPage')) },
                    { path: 'mail', lazy: page(() => import('../features/admin/mail/MailPage')) },
                    { path: 'delivery', lazy: page(() => import('../features/admin/delivery/DeliveryPage')) },
                    { path: 'reports', lazy: page(() => import('../features/admin/reports/ReportsPage')) },
                    { path: 'settings', lazy: page(() => import('../features/admin/settings/SettingsPage')) },
                  ],
                },
              ],
            },
            { path: '*', lazy: page(() => import('../features/static/pages/NotFoundPage')) },
          ],
        },
      ],
    },
  ];
}
