import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AdminGuard } from '../features/accounts/components/AdminGuard';
import HomePage from '../features/catalogue/pages/HomePage';
import { RootLayout } from './layout/RootLayout';
import { authorLoader, bookLoader, booksLoader, categoryLoader, searchLoader } from './prefetch';
import { RootError, RouteError } from './layout/RouteError';

// Each screen is its own chunk: the home page loads only what it shows. The home page itself, where
// most visits start, comes with the app (imported above) so its hero paints without a second round trip.
const BooksPage = lazy(() => import('../features/catalogue/pages/BooksPage'));
const SearchPage = lazy(() => import('../features/catalogue/pages/SearchPage'));
const BookDetailPage = lazy(() => import('../features/catalogue/pages/BookDetailPage'));
const AuthorPage = lazy(() => import('../features/catalogue/pages/AuthorPage'));
const CategoryPage = lazy(() => import('../features/catalogue/pages/CategoryPage'));
const WishlistPage = lazy(() => import('../features/wishlist/pages/WishlistPage'));
const AddBookPage = lazy(() => import('../features/books/pages/AddBookPage'));
const CartRoute = lazy(() => import('./routes/cart'));
const ContactPage = lazy(() => import('../features/contact/pages/ContactPage'));
const AboutPage = lazy(() => import('../features/static/pages/AboutPage'));
const BlogPage = lazy(() => import('../features/static/pages/BlogPage'));
const PrivacyPage = lazy(() => import('../features/static/pages/PrivacyPage'));
const TermsPage = lazy(() => import('../features/static/pages/TermsPage'));
const ReturnsPage = lazy(() => import('../features/static/pages/ReturnsPage'));
const CommunityPage = lazy(() => import('../features/static/pages/CommunityPage'));
const NotFoundPage = lazy(() => import('../features/static/pages/NotFoundPage'));
const LoginPage = lazy(() => import('../features/accounts/pages/LoginPage'));
const RegisterPage = lazy(() => import('../features/accounts/pages/RegisterPage'));
const ProfilePage = lazy(() => import('../features/accounts/pages/ProfilePage'));
const PaymentSuccessPage = lazy(() => import('../features/orders/pages/PaymentSuccessPage'));
const OrdersPage = lazy(() => import('../features/orders/pages/OrdersPage'));
const AdminRoute = lazy(() => import('./routes/admin'));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      {
        // Inside the layout: a failing screen keeps the header and footer.
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/books', element: <BooksPage />, loader: booksLoader },
          { path: '/search', element: <SearchPage />, loader: searchLoader },
          { path: '/book/:title', element: <BookDetailPage />, loader: bookLoader },
          { path: '/category/:slug', element: <CategoryPage />, loader: categoryLoader },
          { path: '/author/:slug', element: <AuthorPage />, loader: authorLoader },
          { path: '/cart', element: <CartRoute /> },
          { path: '/wishlist', element: <WishlistPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/payment-success/:orderId', element: <PaymentSuccessPage /> },
          { path: '/orders', element: <OrdersPage /> },
          { path: '/add-book', element: <AddBookPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/blog', element: <BlogPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/returns', element: <ReturnsPage /> },
          { path: '/discord', element: <CommunityPage network="discord" /> },
          { path: '/twitter', element: <CommunityPage network="twitter" /> },
          { path: '/facebook', element: <CommunityPage network="facebook" /> },
          { path: '/admin', element: <AdminGuard />, children: [{ index: true, element: <AdminRoute /> }] },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
