import type { Book } from '@bookstore/contract';
import toast from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { useCartStore } from '../stores/cart';

/** The toast for an eBook that is in the cart already: one copy is all a shopper needs. */
export const alreadyInCart = (title: string) =>
  `"${title}" is already in your cart: one copy of an eBook is all you need`;

/**
 * A small "Add to Cart" button for a book in a list (a book card, a wishlist item): adds one copy of
 * its default edition (the first, named on the line) and says so in a toast; "Out of Stock" and
 * disabled when the book cannot be bought, "Coming Soon" when it is an eBook whose file is not there
 * yet. An eBook already in the cart stays one copy (docs/decisions/0023-ebook-delivery.md).
 */
export function AddToCartButton({
  book,
  inStock,
  added,
  'aria-label': ariaLabel,
}: {
  book: Book;
  inStock: boolean;
  /** The toast shown once the copy is in the cart. */
  added: string;
  'aria-label'?: string;
}) {
  const addToCart = useCartStore((s) => s.addToCart);
  const edition = book.editions[0];
  const comingSoon = edition?.coming_soon ?? false;
  return (
    <Button
      size="sm"
      data-needs-app
      disabled={!inStock || comingSoon}
      onClick={() => {
        const line = edition
          ? {
              ...book,
              edition_id: edition.id,
              format: edition.format,
              condition: edition.condition,
              price: edition.price,
            }
          : book;
        if (addToCart(line)) toast.success(added);
        else toast(alreadyInCart(book.title));
      }}
      aria-label={ariaLabel}
      className="flex-1"
    >
      {comingSoon ? 'Coming Soon' : inStock ? 'Add to Cart' : 'Out of Stock'}
    </Button>
  );
}
