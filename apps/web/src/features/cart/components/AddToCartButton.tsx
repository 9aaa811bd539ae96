import type { Book, Edition } from '@bookstore/contract';
import { lazy, Suspense, useState } from 'react';
import toast from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { editionLabel } from '../../../lib/editions';
import { useCartStore } from '../stores/cart';

const ChooseEdition = lazy(() => import('./ChooseEdition'));

/**
 * A small "Add to Cart" button for a book in a list (a book card, a wishlist item): adds one copy and
 * says so in a toast; "Out of Stock" and disabled when the book cannot be bought. For a title sold more
 * than one way it first asks which edition ("Choose a format"), then adds that one and names it in the
 * toast ("Added Dune (Paperback) to cart"): the card shows one price, and a shopper should not find
 * another edition in the cart than the one they meant.
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
  const addEdition = (edition: Edition) => {
    setChoosing(false);
    addToCart({
      ...book,
      edition_id: edition.id,
      format: edition.format,
      condition: edition.condition,
      price: edition.price,
    });
    toast.success(`Added ${book.title} (${editionLabel(edition)}) to cart`);
  };
  return (
    <>
      <Button
        size="sm"
        data-needs-app
        disabled={!inStock}
        aria-haspopup={severalWays && inStock ? 'dialog' : undefined}
        onClick={() => {
          if (severalWays) {
            setChoosing(true);
            return;
          }
          addToCart(book);
          toast.success(added);
        }}
        aria-label={ariaLabel}
        className="flex-1"
      >
        {inStock ? 'Add to Cart' : 'Out of Stock'}
      </Button>
      {choosing && (
        <Suspense fallback={null}>
          <ChooseEdition book={book} onChoose={addEdition} onClose={() => setChoosing(false)} />
        </Suspense>
      )}
    </>
  );
}
