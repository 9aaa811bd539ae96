import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { quoteCart } from '../api/quote';
import { type Cart, useCartStore } from '../stores/cart';

const discountOf = (discount: string) => moneyToCents(discount) ?? 0;
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The code could not be checked. Please try again.';

/**
 * The cart's "Promo code" field: Apply asks the server to price the cart with it (POST /cart/quote/);
 * an accepted code is kept with its discount and quoted again whenever the cart or its delivery changes (a code may
 * stop applying); a refused one says why (docs/product.md, "Sales and promo codes").
 */
export function PromoCode({ cart, shippingMethod }: { cart: Cart; shippingMethod?: string }) {
  const promo = useCartStore((s) => s.promo);
  const setPromo = useCartStore((s) => s.setPromo);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const cartKey = JSON.stringify([
    cart.items.map((i) => [i.id, i.edition_id ?? 0, i.quantity, Boolean(i.protection), i.priceCents]),
    shippingMethod ?? null,
  ]);
  const quoted = useRef(cartKey);

  useEffect(() => {
    if (!promo || quoted.current === cartKey) return;
    quoted.current = cartKey;
    const controller = new AbortController();
    quoteCart(cart.items, promo.code, shippingMethod, controller.signal).then(
      (quote) => setPromo({ code: promo.code, discountCents: discountOf(quote.discount) }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setPromo(null);
        setError(messageOf(failure));
      },
    );
    return () => controller.abort();
  }, [cartKey, cart.items, promo, setPromo, shippingMethod]);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const code = typed.trim();
    if (!code) {
      setError('Enter a code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const quote = await quoteCart(cart.items, code, shippingMethod);
      quoted.current = cartKey;
      setPromo({ code: quote.code ?? code.toUpperCase(), discountCents: discountOf(quote.discount) });
      setTyped('');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  if (promo) {
    return (
      <div className="flex items-center justify-between gap-2 text-sm" data-testid="cart-promo">
        <span>
          Code <strong>{promo.code}</strong> applied
        </span>
        <button
          type="button"
          onClick={() => setPromo(null)}
          className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Remove<span className="sr-only"> code {promo.code}</span>
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={apply} noValidate className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm uppercase dark:border-gray-700 dark:bg-gray-950"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-md border border-indigo-700 px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-50 dark:border-indigo-300 dark:text-indigo-300 dark:hover:bg-indigo-950"
        >
          Apply
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}

/** The discount line of the Order Summary, while a code applies. */
export function PromoDiscount() {
  const promo = useCartStore((s) => s.promo);
  if (!promo || promo.discountCents === 0) return null;
  return (
    <div className="flex justify-between">
      <dt>Discount ({promo.code})</dt>
      <dd data-testid="cart-discount" className="text-green-800 dark:text-green-300">
        −{formatMoney(promo.discountCents)}
      </dd>
    </div>
  );
}
