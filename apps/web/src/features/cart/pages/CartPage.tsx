import { PROTECTION_PLAN } from '@bookstore/contract/checkout';
import { formatMoney } from '@bookstore/contract/money';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { BookImage } from '../../../components/ui/BookImage';
import { CartIcon, CloseIcon, ShieldIcon, TrashIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/hooks';
import { plural } from '../../../lib/lists';
import { editionLabel, editionPath } from '../../../lib/editions';
import {
  type CartItem,
  cartTotalCents,
  isEbook,
  lineKey,
  protectionCents,
  useActiveCart,
  useCartCount,
  useCartStore,
} from '../stores/cart';
import { removedLineMessage, useCartBooks } from '../api/cart-books';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PromoCode, PromoDiscount } from '../components/PromoCode';

const stepClass =
  'flex h-9 w-9 items-center justify-center text-lg font-semibold hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-gray-800';

/**
 * One line's stepper: the spec's addToCart and removeFromCart, one copy at a time, between one copy and
 * the copies the shop has (`stock`, once known). The bin beside it takes the whole line out.
 */
function Stepper({ item, stock }: { item: CartItem; stock: number | undefined }) {
  const addToCart = useCartStore((s) => s.addToCart);
  const removeFromCart = useCartStore((s) => s.removeFromCart);
  const atMost = stock !== undefined && item.quantity >= stock;
  return (
    <div className="inline-flex items-center rounded-md border border-gray-300 dark:border-gray-700">
      <button
        type="button"
        aria-label={`Remove one copy of ${item.title}`}
        disabled={item.quantity <= 1}
        onClick={() => removeFromCart(item)}
        className={stepClass}
      >
        −
      </button>
      <span
        aria-live="polite"
        className="min-w-9 border-x border-gray-300 px-2 text-center text-sm font-semibold dark:border-gray-700"
      >
        <span className="sr-only">Copies of {item.title}: </span>
        {item.quantity}
      </span>
      <button
        type="button"
        aria-label={`Add one copy of ${item.title}`}
        disabled={atMost}
        onClick={() => addToCart(item, 1)}
        className={stepClass}
      >
        +
      </button>
    </div>
  );
}

function stockNote(item: CartItem, stock: number | undefined, comingSoon: boolean): string | null {
  if (comingSoon) return 'Coming soon: this eBook cannot be downloaded yet. Remove it to check out';
  if (stock === undefined) return null;
  if (stock === 0) return 'Out of stock: remove it to check out';
  if (item.quantity > stock) return `Only ${stock} left: lower the quantity to check out`;
  if (item.quantity === stock) return `Only ${plural(stock, 'copy', 'copies')} left`;
  return null;
}

function Line({ item, stock, comingSoon }: { item: CartItem; stock: number | undefined; comingSoon: boolean }) {
  const removeLine = useCartStore((s) => s.removeLine);
  const setProtection = useCartStore((s) => s.setProtection);
  const note = stockNote(item, stock, comingSoon);
  const refused = comingSoon || stock === 0 || (stock !== undefined && item.quantity > stock);
  const protectionId = `protection-${lineKey(item)}`;
  // An eBook is a licence (docs/decisions/0023-ebook-delivery.md): one copy, no protection plan.
  const ebook = isEbook(item);
  return (
    <li className="flex gap-4 p-4">
      <BookImage src={item.image} alt="" width={64} height={96} className="h-24 w-16 shrink-0 rounded object-cover" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link to={editionPath(paths.book(item.title), item.edition_id)} className="font-semibold hover:underline">
              {item.title}
            </Link>
            {item.book_author && <p className="text-sm text-gray-600 dark:text-gray-400">{item.book_author}</p>}
            {item.format && (
              <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="cart-line-edition">
                {editionLabel(item)}
              </p>
            )}
            <p className="mt-1 text-sm text-gray-800 dark:text-gray-200">
              {formatMoney(item.priceCents)} x {item.quantity}
            </p>
          </div>
          <p className="font-semibold whitespace-nowrap">{formatMoney(item.priceCents * item.quantity)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {ebook ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">One copy: a download for you to keep</p>
          ) : (
            <Stepper item={item} stock={stock} />
          )}
          <button
            type="button"
            onClick={() => removeLine(item)}
            aria-label={`Remove ${item.title}`}
            className="rounded-full p-2 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
          >
            <TrashIcon />
          </button>
          {note && (
            <p
              className={`text-sm ${refused ? 'font-medium text-red-700 dark:text-red-300' : 'text-gray-700 dark:text-gray-300'}`}
            >
              {note}
            </p>
          )}
        </div>
        {!ebook && (
          <div className="flex items-center justify-between gap-3 text-sm">
            <label htmlFor={protectionId} className="flex items-center gap-2">
              <input
                id={protectionId}
                type="checkbox"
                checked={Boolean(item.protection)}
                onChange={(event) => setProtection(item, event.target.checked)}
                className="h-4 w-4 accent-indigo-600"
              />
              <ShieldIcon width={16} height={16} className="text-indigo-700 dark:text-indigo-300" />
              <span>
                <span className="font-medium">{PROTECTION_PLAN.name}</span> +{formatMoney(PROTECTION_PLAN.priceCents)}{' '}
                per copy <span className="sr-only">for {item.title}</span>
              </span>
            </label>
            {item.protection && (
              <span className="whitespace-nowrap">{formatMoney(PROTECTION_PLAN.priceCents * item.quantity)}</span>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** The delivery the checkout has priced for the Order Summary: its method's code, name and price in cents. */
export interface CartShipping {
  code: string;
  name: string;
  cents: number;
}

/**
 * The cart: lines with their steppers and protection plans (an eBook line has neither), and an Order Summary whose checkout
 * button comes from the checkout feature (the app passes it in as `checkout`), as do the delivery
 * step under the lines (`delivery`) and the price of the chosen delivery (`shipping`; none: "Free").
 */
export default function CartPage({
  checkout,
  delivery,
  shipping,
}: {
  checkout?: ReactNode;
  delivery?: ReactNode;
  shipping?: CartShipping | null;
}) {
  usePageTitle('Cart');
  const cart = useActiveCart();
  const count = useCartCount();
  const navigate = useNavigate();
  const { removed, stock, comingSoon } = useCartBooks(cart.items);
  const protection = protectionCents(cart);
  const promo = useCartStore((s) => s.promo);
  const shippingCents = shipping?.cents ?? 0;
  const removedNote = removed.length > 0 && (
    <div
      role="status"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
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
        <div className="min-w-0 space-y-8">
          <ul
            aria-label="Cart items"
            className="divide-y divide-gray-200 rounded-xl border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
          >
            {cart.items.map((item) => (
              <Line
                key={lineKey(item)}
                item={item}
                stock={stock.get(lineKey(item))}
                comingSoon={comingSoon.has(lineKey(item))}
              />
            ))}
          </ul>
          {delivery}
        </div>
        <section
          aria-labelledby="order-summary"
          className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-6 dark:border-gray-800 dark:bg-gray-900"
        >
          <h2 id="order-summary" className="text-lg font-semibold">
            Order Summary
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatMoney(cart.totalCents)}</dd>
            </div>
            {protection > 0 && (
              <div className="flex justify-between">
                <dt>{PROTECTION_PLAN.name}</dt>
                <dd data-testid="cart-protection">{formatMoney(protection)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-3">
              <dt>
                Shipping
                {shipping && <span className="block text-gray-700 dark:text-gray-300">{shipping.name}</span>}
              </dt>
              {shippingCents > 0 ? (
                <dd data-testid="cart-shipping">{formatMoney(shippingCents)}</dd>
              ) : (
                <dd data-testid="cart-shipping" className="font-medium text-green-800 dark:text-green-300">
                  Free
                </dd>
              )}
            </div>
            <PromoDiscount />
            <div className="flex justify-between border-t border-gray-200 pt-3 text-base font-bold dark:border-gray-700">
              <dt>Total</dt>
              <dd data-testid="cart-total">
                {formatMoney(Math.max(0, cartTotalCents(cart) + shippingCents - (promo?.discountCents ?? 0)))}
              </dd>
            </div>
          </dl>
          <div className="mt-4">
            <PromoCode cart={cart} shippingMethod={shipping?.code} />
          </div>
          <div className="mt-6">{checkout}</div>
        </section>
      </div>
    </div>
  );
}
