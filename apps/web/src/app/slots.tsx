import { lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from '../components/ui/Spinner';
import { type CatalogueSlots, CatalogueSlotsProvider } from '../features/catalogue/components/slots';
import { WishlistToggle } from '../features/wishlist/components/WishlistToggle';
import { queryClient } from '../lib/query-client';

// The reviews tab (its form and list) loads the first time a reader opens it.
const ReviewsSection = lazy(() => import('../features/reviews/components/ReviewsSection'));
// "Email me when it's back" shows on an out-of-stock book's page only: its code comes with such a page.
const BackInStock = lazy(() => import('../features/alerts/BackInStock').then((m) => ({ default: m.BackInStock })));

/** A review changes the book's rating and count: the catalogue's copies of books are fetched again. */
const refreshBooks = () => {
  void queryClient.invalidateQueries({ queryKey: ['book'] });
  void queryClient.invalidateQueries({ queryKey: ['books'] });
};

const slots: CatalogueSlots = {
  cardAction: (book) => <WishlistToggle book={book} variant="card" />,
  purchaseAction: (book) => <WishlistToggle book={book} />,
  outOfStockAction: (book) => (
    <Suspense fallback={null}>
      <BackInStock book={book} />
    </Suspense>
  ),
  reviews: (book) => (
    <Suspense fallback={<Spinner label="Loading reviews..." />}>
      <ReviewsSection title={book.title} onChanged={refreshBooks} />
    </Suspense>
  ),
};

/**
 * Wishlist, back-in-stock alerts and reviews inside the catalogue's screens: the features meet here, not
 * in each other. The book page's first reviews are filled by its route (app/routes/book.tsx).
 */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return <CatalogueSlotsProvider value={slots}>{children}</CatalogueSlotsProvider>;
}
