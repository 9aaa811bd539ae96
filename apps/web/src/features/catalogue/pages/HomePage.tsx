import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { formatDayMonth } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/hooks';
import { useHomeBooks } from '../api/books';
import { useFeaturedBooks } from '../api/featured';
import { useHeadlineSale } from '../api/headline';
import { money } from '../../../components/ui/Price';
import type { HeadlineSale } from '@bookstore/contract';
import { BookCard, BookGrid } from '../components/BookCard';
import NewArrivalsCarousel from '../components/NewArrivalsCarousel';

/** Same height as the carousel, so nothing below it moves when it arrives. */
const CAROUSEL_HEIGHT = 'min-h-[26.5rem]';

function NewArrivals() {
  const featured = useFeaturedBooks();
  return (
    <section aria-labelledby="new-arrivals" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="new-arrivals" className="mb-6 text-2xl font-bold tracking-tight">
        New Arrivals
      </h2>
      {featured.isPending ? (
        <div className={`flex ${CAROUSEL_HEIGHT} items-center justify-center`}>
          <Spinner />
        </div>
      ) : featured.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {featured.error.message}
        </p>
      ) : featured.data.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-300">No new arrivals right now.</p>
      ) : (
        <div className={CAROUSEL_HEIGHT}>
          <NewArrivalsCarousel books={featured.data} />
        </div>
      )}
    </section>
  );
}

function LatestBooks() {
  const books = useHomeBooks();
  const list = books.data?.data ?? [];
  return (
    <section aria-labelledby="latest-books" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="latest-books" className="text-2xl font-bold tracking-tight">
          Explore Our Books
        </h2>
        <Link to={paths.books} className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
          See all books
        </Link>
      </div>
      {books.isPending ? (
        <div className="flex min-h-96 items-center justify-center">
          <Spinner />
        </div>
      ) : list.length === 0 ? (
        <p className="py-12 text-center text-gray-700 dark:text-gray-300">No more results</p>
      ) : (
        <BookGrid>
          {/* On a phone the first card's cover is the largest thing in view: it loads at once. */}
          {list.map((book, index) => (
            <BookCard key={book.id} book={book} actionLabel="View" priority={index === 0} />
          ))}
        </BookGrid>
      )}
    </section>
  );
}

const WHAT: Record<NonNullable<HeadlineSale['sale']>['target'], string> = {
  all: 'every book',
  books: 'selected books',
  categories: 'selected categories',
  authors: 'selected authors',
  bestsellers: 'our bestsellers',
};

/** "8 December": the day a sale ends, in the shopper's time zone (without Intl: lib/dates.ts says why). */
const endDay = (iso: string) => formatDayMonth(iso);

/**
 * The hero's badge and line come from the running headline sale, so they end when it ends
 * (docs/product.md, "Sales and promo codes"); no sale, no promise.
 */
function HeadlinePromise() {
  const headline = useHeadlineSale();
  const sale = headline.data?.sale;
  const off = sale ? (sale.percent_off !== null ? `${sale.percent_off}%` : money(sale.amount_off ?? '0')) : '';
  return (
    <>
      {sale && (
        <p data-testid="hero-sale" className="inline-block rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
          Until {endDay(sale.ends_at)}: {sale.name}
        </p>
      )}
      <h1 className="mt-4 max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">
        Discover Your Next Favorite Book
      </h1>
      <p className="mt-4 max-w-xl text-lg text-indigo-50">
        Timeless classics and new arrivals, hand-picked by readers.
        {sale && ` Save ${off} on ${WHAT[sale.target]} until ${endDay(sale.ends_at)}.`}
      </p>
    </>
  );
}

export default function HomePage() {
  usePageTitle(undefined);
  return (
    <>
      <section className="bg-gradient-to-br from-indigo-700 via-indigo-600 to-purple-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
          <HeadlinePromise />
          <Link to={paths.books} className={buttonClass({ variant: 'light', size: 'xl', className: 'mt-8' })}>
            Shop Now
          </Link>
        </div>
      </section>
      <NewArrivals />
      <LatestBooks />
    </>
  );
}
