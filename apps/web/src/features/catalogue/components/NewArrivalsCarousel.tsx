import type { Book } from '@bookstore/contract';
import { useRef } from 'react';
import { Link } from 'react-router';
import { BookImage } from '../../../components/ui/BookImage';
import { Price } from '../../../components/ui/Price';
import { paths } from '../../../config/paths';

/**
 * Slides per view: 1.2 under 720 px, 3.2 from 720 px, 4.2 from 1024 px (docs/product.md, "Constants"), 1 rem apart:
 * a slide is (width - (slides per view - 1) × 1 rem) / slides per view wide.
 */
export const CAROUSEL_BREAKPOINTS = {
  0: { slidesPerView: 1.2 },
  720: { slidesPerView: 3.2 },
  1024: { slidesPerView: 4.2 },
} as const;

const slideWidth =
  'w-[calc((100%-0.2rem)/1.2)] min-[720px]:w-[calc((100%-2.2rem)/3.2)] min-[1024px]:w-[calc((100%-3.2rem)/4.2)]';

const arrow =
  'rounded-full border border-gray-300 bg-white p-2 text-gray-800 shadow-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800';

function Chevron({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The new arrivals as a row that scrolls sideways and snaps to a slide (CSS only: it reads and
 * scrolls without JavaScript), with previous and next buttons that move it by a slide.
 */
export default function NewArrivalsCarousel({ books }: { books: Book[] }) {
  const track = useRef<HTMLUListElement>(null);
  const move = (direction: 1 | -1) => {
    const list = track.current;
    const slide = list?.firstElementChild as HTMLElement | null;
    if (!list || !slide) return;
    list.scrollBy({ left: direction * (slide.offsetWidth + 16), behavior: 'smooth' });
  };
  return (
    <div role="region" aria-roledescription="carousel" aria-label="New arrivals">
      <div className="mb-3 flex justify-end gap-2">
        <button type="button" className={arrow} aria-label="Previous books" onClick={() => move(-1)}>
          <Chevron path="M12.5 15l-5-5 5-5" />
        </button>
        <button type="button" className={arrow} aria-label="Next books" onClick={() => move(1)}>
          <Chevron path="M7.5 5l5 5-5 5" />
        </button>
      </div>
      <ul
        ref={track}
        className="relative flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:thin]"
      >
        {books.map((book, index) => (
          <li
            key={book.id}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${books.length}`}
            className={`${slideWidth} shrink-0 snap-start`}
          >
            <Link
              to={paths.book(book.title)}
              className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm hover:shadow-md dark:border-gray-800 dark:bg-gray-900"
            >
              <span className="flex h-64 items-center justify-center bg-gray-100 dark:bg-gray-800">
                <BookImage
                  src={book.image}
                  srcSet={book.image_srcset}
                  sources={book.image_sources}
                  sizes="180px"
                  alt=""
                  width={180}
                  height={240}
                  priority={index === 0}
                  className="h-60 w-auto object-contain"
                />
              </span>
              <span className="flex flex-1 flex-col gap-1 p-4">
                <span className="line-clamp-1 font-semibold">{book.title}</span>
                <span className="line-clamp-1 text-sm text-gray-600 dark:text-gray-400">{book.book_author}</span>
                <Price
                  price={book.price}
                  originalPrice={book.original_price}
                  lowestPrice30d={book.lowest_price_30d}
                  className="mt-auto"
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
