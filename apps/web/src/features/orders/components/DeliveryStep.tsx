import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import type { ReactNode } from 'react';
import { ChoiceCard } from '../../../components/ui/ChoiceCard';
import { QueryStates } from '../../../components/ui/QueryStates';
import { Spinner } from '../../../components/ui/Spinner';
import { freeFromCents, shippingCents } from '../../../lib/shipping';
import type { Delivery } from '../hooks/useDelivery';

/**
 * The cart's "Delivery" step (docs/product.md, "After the sale"): where to (`address`, the address book's
 * chooser, passed in by the app) and how, each method with its days and its price for this cart's parcel.
 * An eBook-only cart has nothing to post and says so.
 */
export function DeliveryStep({ delivery, address }: { delivery: Delivery; address: ReactNode }) {
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
  const subtotal = delivery.parcelCents;
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
      <QueryStates
        query={methods}
        pending={<Spinner label="Loading delivery methods..." />}
        errorMessage="Failed to load delivery methods"
        retry
      >
        {(list) => (
          <fieldset aria-labelledby="delivery-method" className="space-y-2">
            {list.map((method) => {
              const cents = shippingCents(method, subtotal);
              const waived = cents === 0 && (moneyToCents(method.price) ?? 0) > 0;
              const from = freeFromCents(method);
              return (
                <ChoiceCard
                  key={method.code}
                  name="delivery-method"
                  value={method.code}
                  checked={choice.method === method.code}
                  onChoose={() => setMethod(method.code)}
                >
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
                </ChoiceCard>
              );
            })}
          </fieldset>
        )}
      </QueryStates>
    </section>
  );
}
