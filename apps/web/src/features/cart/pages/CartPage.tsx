import { formatMoney } from '@bookstore/contract/money';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { BookImage } from '../../../components/ui/BookImage';
import { CartIcon, CloseIcon, TrashIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { plural } from '../../../lib/lists';
import { useActiveCart, useCartCount, useCartStore } from '../stores/cart';
import { removedLineMessage, useRemovedBooks } from '../api/removed-books';
import { EmptyState } from '../../../components/ui/EmptyState';

/**
 * The cart: lines, and an Order Summary whose checkout button comes from the checkout feature (the
 * app passes it in as `checkout`).
 */
export default function CartPage({ checkout }: { checkout?: ReactNode }) {
  usePageTitle('Cart');
  const cart = useActiveCart();
  const count = useCartCount();
  const removeFromCart = useCartStore((s) => s.removeFromCart);
  const navigate = useNavigate();
  const removed = useRemovedBooks(cart.items);
  const removedNote = removed.length > 0 && (
    <div role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      {removed.map((title) => (
        <p key={title}>{removedLineMessage(title)}.</p>
      ))}
    </div>
  );

  if (cart.items.length === 0) {
    return (
      <EmptyState
        icon={<CartIcon width={56} height={56} className="text-gray-400 dark:text-gray-500" />}
        title="Your cart is empty"
        text="Looks like you haven't added any books to your cart yet."
        action={{ to: paths.books, label: 'Continue Shopping' }}
      >
        {removedNote}
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="mb-8 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Shopping Cart ({plural(count, 'item')})</h1>
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="flex items-center gap-1 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          <CloseIcon width={16} height={16} /> Close
        </button>
      </div>
      {removedNote}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ul aria-label="Cart items" className="divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {cart.items.map((item) => (
            <li key={item.id} className="flex items-center gap-4 p-4">
              <BookImage src={item.image} alt="" width={64} height={96} className="h-24 w-16 shrink-0 rounded object-cover" />
              <div className="min-w-0 flex-1">
                <Link to={paths.book(item.title)} className="font-semibold hover:underline">
                  {item.title}
                </Link>
                {item.book_author && <p className="text-sm text-gray-600 dark:text-gray-400">{item.book_author}</p>}
                <p className="mt-1 text-sm text-gray-800 dark:text-gray-200">
                  {formatMoney(item.priceCents)} x {item.quantity}
                </p>
              </div>
              <p className="font-semibold">{formatMoney(item.priceCents * item.quantity)}</p>
              <button
                type="button"
                onClick={() => removeFromCart(item.id)}
                aria-label={`Remove ${item.title}`}
                className="rounded-full p-2 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
              >
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
        <section aria-labelledby="order-summary" className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-6 dark:border-gray-800 dark:bg-gray-900">
          <h2 id="order-summary" className="text-lg font-semibold">
            Order Summary
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatMoney(cart.totalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd className="font-medium text-green-800 dark:text-green-300">Free</dd>
            </div>
            <div className="flex justify-between border-t border-gray-200 pt-3 text-base font-bold dark:border-gray-700">
              <dt>Total</dt>
              <dd data-testid="cart-total">{formatMoney(cart.totalCents)}</dd>
            </div>
          </dl>
          <div className="mt-6">{checkout}</div>
        </section>
      </div>
    </div>
  );
}
