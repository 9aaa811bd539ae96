import type { Book } from '@bookstore/contract';
import { A11y, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { Link } from 'react-router';
import { BookImage } from '../../../components/ui/BookImage';
import { Price } from '../../../components/ui/Price';
import { paths } from '../../../config/paths';

/** Slides per view: 1.2 under 720 px, 3.2 from 720 px, 4.2 from 1024 px (spec section 9). */
export const CAROUSEL_BREAKPOINTS = {
  0: { slidesPerView: 1.2 },
  720: { slidesPerView: 3.2 },
  1024: { slidesPerView: 4.2 },
} as const;

export default function NewArrivalsCarousel({ books }: { books: Book[] }) {
  return (
    <Swiper
      modules={[A11y, Keyboard]}
      spaceBetween={16}
      slidesPerView={1.2}
      breakpoints={CAROUSEL_BREAKPOINTS}
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{ enabled: true, containerMessage: 'New arrivals', slideLabelMessage: '{{index}} of {{slidesLength}}' }}
      className="!pb-2"
    >
      {books.map((book, index) => (
        <SwiperSlide key={book.id} className="!h-auto">
          <Link
            to={paths.book(book.title)}
            className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm hover:shadow-md dark:border-gray-800 dark:bg-gray-900"
          >
            <span className="flex h-64 items-center justify-center bg-gray-100 dark:bg-gray-800">
              <BookImage
                src={book.image}
                srcSet={book.image_srcset}
                sources={book.image_sources}
                sizes="(min-width: 1024px) 25vw, (min-width: 720px) 33vw, 85vw"
                alt=""
                width={180}
                height={240}
                priority={index < 2}
                className="h-60 w-auto object-contain"
              />
            </span>
            <span className="flex flex-1 flex-col gap-1 p-4">
              <span className="line-clamp-1 font-semibold">{book.title}</span>
              <span className="line-clamp-1 text-sm text-gray-600 dark:text-gray-400">{book.book_author}</span>
              <Price price={book.price} originalPrice={book.original_price} className="mt-auto" />
            </span>
          </Link>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
