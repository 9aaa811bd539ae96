import type { BookDetail } from '@bookstore/contract';
import { useMemo } from 'react';
import { CatalogueSlotsProvider, useCatalogueSlots } from '../../features/catalogue/components/slots';
import BookDetailPage from '../../features/catalogue/pages/BookDetailPage';
import { ReviewItem } from '../../features/reviews/components/ReviewItem';

/** The book's first reviews as plain text, for the page as the server sends it (read without JavaScript). */
const firstReviews = (book: BookDetail) =>
  book.reviews.length === 0 ? (
    <p className="text-gray-700 dark:text-gray-300">No reviews yet.</p>
  ) : (
    <ul className="max-w-3xl space-y-6">
      {book.reviews.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </ul>
  );

/**
 * The book page with the reviews feature's first reviews in its slot (features meet here, in app/):
 * their code comes with this screen, not with every page (app/slots.tsx fills the other slots).
 */
export default function BookRoute() {
  const slots = useCatalogueSlots();
  const withReviews = useMemo(() => ({ ...slots, firstReviews }), [slots]);
  return (
    <CatalogueSlotsProvider value={withReviews}>
      <BookDetailPage />
    </CatalogueSlotsProvider>
  );
}
