import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Spinner } from '../../../components/ui/Spinner';
import { freeFromCents, shippingCents } from '../../../lib/shipping';
import { type Cart, cartTotalCents } from '../../cart/stores/cart';
import type { Delivery } from '../hooks/useDelivery';

/**
 * The cart's "Delivery" step (docs/product.md, "After the sale"): where to (`address`, the address book's
 * chooser, passed in by the app) and how, each method with its days and its price for this cart.
 * An eBook-only cart has nothing to post and says so.
 */
export function DeliveryStep({ cart, delivery, address }: { cart: Cart; delivery: Delivery; address: ReactNode }) {
  const { choice, methods, setMethod } = delivery;
  if (!choice.needed) {
    return (
      <section aria-labelledby="delivery" className="rounded-xl border border-gray-200 p-4 dark:border-gray-800">
        <h2 id="delivery" className="text-lg font-semibold">
          Delivery
        </h2>
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          eBooks only: nothing to post. Your downloads are ready right after payment.
        </p>
      </section>
    );
  }
  const subtotal = cartTotalCents(cart);
  return (
    <section aria-labelledby="delivery" className="rounded-xl border border-gray-200 p-4 dark:border-gray-800">
      <h2 id="delivery" className="text-lg font-semibold">
        Delivery
      </h2>
      <h3 className="mt-4 mb-2 font-semibold">Delivery address</h3>
      {address}
      <h3 className="mt-6 mb-2 font-semibold" id="delivery-method">
        Delivery method
      </h3>
      {methods.isPending ? (
        <Spinner label="Loading delivery methods..." />
      ) : methods.isError ? (
        <ErrorState message="Failed to load delivery methods" onRetry={() => void methods.refetch()} />
      ) : (
        <fieldset aria-labelledby="delivery-method" className="space-y-2">
          {methods.data.map((method) => {
            const cents = shippingCents(method, subtotal);
            const waived = cents === 0 && (moneyToCents(method.price) ?? 0) > 0;
            const from = freeFromCents(method);
            return (
              <label
                key={method.code}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-gray-300 p-3 text-sm has-checked:border-indigo-600 has-checked:ring-1 has-checked:ring-indigo-600 dark:border-gray-700 dark:has-checked:border-indigo-400 dark:has-checked:ring-indigo-400"
              >
                <input
                  type="radio"
                  name="delivery-method"
                  value={method.code}
                  checked={choice.method === method.code}
                  onChange={() => setMethod(method.code)}
                  className="h-4 w-4 accent-indigo-600"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{method.name}</span>
                  <span className="block text-gray-700 dark:text-gray-300">{method.days}</span>
                  {from !== null && from > 0 && cents > 0 && (
                    <span className="block text-gray-700 dark:text-gray-300">
                      Free on orders from {formatMoney(from)}
                    </span>
                  )}
                </span>
                <span className="font-semibold whitespace-nowrap">
                  {cents === 0 ? (
                    <>
                      Free
                      {waived && (
                        <s className="ml-2 font-normal text-gray-700 dark:text-gray-300">
                          {formatMoney(moneyToCents(method.price) ?? 0)}
                        </s>
                      )}
                    </>
                  ) : (
                    formatMoney(cents)
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}
