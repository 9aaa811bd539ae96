import type { Book } from '@bookstore/contract';
import toast from '../../../lib/toast';
import { Button } from '../../../components/ui/Button';
import { useCartStore } from '../stores/cart';

/**
 * A small "Add to Cart" button for a book in a list (a book card, a wishlist item): adds one copy and
 * says so in a toast; "Out of Stock" and disabled when the book cannot be bought.
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
  return (
    <Button
      size="sm"
      data-needs-app
      disabled={!inStock}
      onClick={() => {
        addToCart(book);
        toast.success(added);
      }}
      aria-label={ariaLabel}
      className="flex-1"
    >
      {inStock ? 'Add to Cart' : 'Out of Stock'}
    </Button>
  );
}
