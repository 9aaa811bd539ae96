import type { Book, Edition } from '@bookstore/contract';
import { lazy, Suspense, useState } from 'react';
import toast from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { editionLabel } from '../../../lib/editions';
import { useCartStore } from '../stores/cart';

const ChooseEdition = lazy(() => import('./ChooseEdition'));

/** The toast for an eBook that is in the cart already: one copy is all a shopper needs. */
export const alreadyInCart = (title: string) =>
  `"${title}" is already in your cart: one copy of an eBook is all you need`;

/**
 * A small "Add to Cart" button for a book in a list (a book card, a wishlist item): adds one copy and
 * says so in a toast; "Out of Stock" and disabled when the book cannot be bought, "Coming Soon" when the
 * only edition that could be is an eBook whose file is not there yet. For a title sold more than one way
 * it first asks which edition ("Choose a format"), then adds that one and names it in the toast ("Added Dune
 * (Paperback) to cart"): the card shows one price, and a shopper should not find another edition in the
 * cart than the one they meant. An eBook already in the cart stays one copy
 * (docs/decisions/0023-ebook-delivery.md).
 */
export function AddToCartButton({
  book,
  inStock,
  added,
  'aria-label': ariaLabel,
}: {
  book: Book;
  inStock: boolean;
  /** The toast shown once the copy is in the cart (a title sold one way). */
  added: string;
  'aria-label'?: string;
}) {
  const addToCart = useCartStore((s) => s.addToCart);
  const [choosing, setChoosing] = useState(false);
  const severalWays = book.editions.length > 1;
  const only = book.editions[0];
  // Nothing to buy yet but an eBook on its way: the card says so rather than "Add to Cart".
  const comingSoon =
    book.editions.some((edition) => edition.coming_soon) &&
    !book.editions.some((edition) => edition.in_stock && !edition.coming_soon);
  const add = (edition: Edition | undefined, said: string) => {
    setChoosing(false);
    const line = edition
      ? { ...book, edition_id: edition.id, format: edition.format, condition: edition.condition, price: edition.price }
      : book;
    if (addToCart(line)) toast.success(said);
    else toast(alreadyInCart(book.title));
  };
  return (
    <>
      <Button
        size="sm"
        data-needs-app
        disabled={!inStock || comingSoon}
        aria-haspopup={severalWays && inStock && !comingSoon ? 'dialog' : undefined}
        onClick={() => (severalWays ? setChoosing(true) : add(only, added))}
        aria-label={ariaLabel}
        className="flex-1"
      >
        {comingSoon ? 'Coming Soon' : inStock ? 'Add to Cart' : 'Out of Stock'}
      </Button>
      {choosing && (
        <Suspense fallback={null}>
          <ChooseEdition
            book={book}
            onChoose={(edition) => add(edition, `Added ${book.title} (${editionLabel(edition)}) to cart`)}
            onClose={() => setChoosing(false)}
          />
        </Suspense>
      )}
    </>
  );
}
