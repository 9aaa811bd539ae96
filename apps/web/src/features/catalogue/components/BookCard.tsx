import type { Book } from '@bookstore/contract';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CardCover } from '../../../components/ui/BookImage';
import { Highlight } from '../../../components/ui/Highlight';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { Price } from '../../../components/ui/Price';
import { Stars } from '../../../components/ui/Stars';
import { paths } from '../../../config/paths';
import { AddToCartButton } from '../../cart/components/AddToCartButton';
import { useCatalogueSlots } from './slots';
import { isInStock, isUnrated, previewDescription } from './text';
import { buttonClass } from '../../../components/ui/Button';
import { bookGridClass } from '../../../components/ui/bookGrid';

interface Props {
  book: Book;
  /** 'View' on home, 'Details' elsewhere. */
  actionLabel?: 'View' | 'Details';
  priority?: boolean;
  /** Words to mark in the title and author (search results). */
  highlight?: string[];
}

/**
 * A book in a list: cover, title, author, price, rating, short description, Add to Cart and a link.
 * On a phone (two cards a row) the card keeps to what a shopper scans: the description waits for
 * wider screens and the two buttons stack, so the card is as tall as its content and no more.
 */
export function BookCard({ book, actionLabel = 'Details', priority, highlight }: Props) {
  const titleId = useId();
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
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4">
        <h3 id={titleId} className="line-clamp-2 text-sm font-semibold sm:text-base">
          <Link to={href} className="hover:text-indigo-700 dark:hover:text-indigo-300">
            <Highlight text={book.title} words={highlight} />
          </Link>
        </h3>
        <p className="truncate text-xs text-gray-600 sm:text-sm dark:text-gray-400">
          <Highlight text={book.book_author} words={highlight} />
        </p>
        <Price price={book.price} originalPrice={book.original_price} lowestPrice30d={book.lowest_price_30d} />
        {/* Editions a shopper can buy at other prices (docs/decisions/0022-editions.md): the cheapest, on the card. */}
        {book.min_price !== book.max_price && (
          <p className="text-xs text-gray-700 sm:text-sm dark:text-gray-300" data-testid="price-from">
            {book.editions.filter((e) => e.in_stock).length} formats, from{' '}
            {formatMoney(moneyToCents(book.min_price) ?? 0)}
          </p>
        )}
        {isUnrated(book) ? (
          <p className="text-xs text-gray-600 sm:text-sm dark:text-gray-400">No ratings yet</p>
        ) : (
          <div className="flex items-center gap-1 text-xs text-gray-600 sm:text-sm dark:text-gray-400">
            <Stars rating={book.rating} size={14} />
            <span>({book.rating_count})</span>
          </div>
        )}
        <p className="hidden text-sm text-gray-700 sm:block dark:text-gray-300">
          {previewDescription(book.description)}
        </p>
        <div className="mt-auto flex flex-col gap-2 pt-2 sm:flex-row">
          <AddToCartButton book={book} inStock={inStock} added="Added to cart successfully!" />
          <Link to={href} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            {actionLabel}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The grid of cards: two a row on a phone, four on a desktop. */
export function BookGrid({ children }: { children: ReactNode }) {
  return <div className={bookGridClass}>{children}</div>;
}
