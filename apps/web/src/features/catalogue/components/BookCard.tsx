import type { Book } from '@bookstore/contract';
import { useId, type ReactNode } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { CardCover } from '../../../components/ui/BookImage';
import { Highlight } from '../../../components/ui/Highlight';
import { Price } from '../../../components/ui/Price';
import { Stars } from '../../../components/ui/Stars';
import { paths } from '../../../config/paths';
import { useCartStore } from '../../cart/stores/cart';
import { useCatalogueSlots } from './slots';
import { isInStock, previewDescription } from './text';
import { Button, buttonClass } from '../../../components/ui/Button';

interface Props {
  book: Book;
  /** 'View' on home, 'Details' elsewhere. */
  actionLabel?: 'View' | 'Details';
  priority?: boolean;
  /** Words to mark in the title and author (search results). */
  highlight?: string[];
}

/** A book in a list: cover, title, author, price, rating, short description, Add to Cart and a link. */
export function BookCard({ book, actionLabel = 'Details', priority, highlight }: Props) {
  const titleId = useId();
  const addToCart = useCartStore((s) => s.addToCart);
  const inStock = isInStock(book);
  const href = paths.book(book.title);
  const { cardAction } = useCatalogueSlots();
  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md dark:border-gray-800 dark:bg-gray-900"
    >
      <CardCover book={book} href={href} priority={priority} />
      {cardAction && <div className="absolute top-2 right-2">{cardAction(book)}</div>}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="line-clamp-2 text-base font-semibold">
          <Link to={href} className="hover:text-indigo-700 dark:hover:text-indigo-300">
            <Highlight text={book.title} words={highlight} />
          </Link>
        </h3>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          <Highlight text={book.book_author} words={highlight} />
        </p>
        <Price price={book.price} originalPrice={book.original_price} />
        <div className="flex items-center gap-1 text-sm text-gray-600 dark:text-gray-400">
          <Stars rating={book.rating} />
          <span>({book.review_count})</span>
        </div>
        <p className="text-sm text-gray-700 dark:text-gray-300">{previewDescription(book.description)}</p>
        <div className="mt-auto flex gap-2 pt-2">
          <Button
            size="sm"
            disabled={!inStock}
            onClick={() => {
              addToCart(book);
              toast.success('Added to cart successfully!');
            }}
            className="flex-1"
          >
            {inStock ? 'Add to Cart' : 'Out of Stock'}
          </Button>
          <Link to={href} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            {actionLabel}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The 4-column (desktop) grid of cards. */
export function BookGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
}
