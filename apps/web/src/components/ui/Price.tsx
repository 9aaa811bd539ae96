import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import clsx from 'clsx';

export function money(amount: string | number): string {
  return formatMoney(moneyToCents(amount) ?? 0);
}

/** Whole percent off: round((original - current) / original * 100); 0 when there is no discount. */
export function percentOff(price: string, originalPrice: string): number {
  const current = moneyToCents(price) ?? 0;
  const original = moneyToCents(originalPrice) ?? 0;
  if (original <= 0 || current >= original) return 0;
  return Math.round(((original - current) / original) * 100);
}

/** "Lowest price in the last 30 days: $X", shown beside every reduced price (docs/product.md, "Sales and promo codes"). */
export function lowestPriceLine(lowest: string): string {
  return `Lowest price in the last 30 days: ${money(lowest)}`;
}

/**
 * Price, and while a sale reduces it: the regular price struck through, the percent-off badge (counted
 * against the lowest price of the 30 days before, so it never claims more than the shopper could have
 * paid) and the 30-day line (docs/decisions/0019-sales-and-price-history.md).
 */
export function Price({
  price,
  originalPrice,
  lowestPrice30d,
  className,
  large,
  badge: withBadge = true,
}: {
  price: string;
  originalPrice?: string;
  lowestPrice30d?: string | null;
  /** false where the page shows its own badge (a book's page). */
  badge?: boolean;
  className?: string;
  large?: boolean;
}) {
  const discounted = originalPrice !== undefined && percentOff(price, originalPrice) > 0;
  const badge = withBadge && discounted && lowestPrice30d ? percentOff(price, lowestPrice30d) : 0;
  return (
    <span className={clsx('inline-flex flex-col gap-0.5', className)}>
      <span className="inline-flex flex-wrap items-baseline gap-2">
        <span className={clsx('font-bold text-gray-900 dark:text-white', large ? 'text-3xl' : 'text-lg')}>
          {money(price)}
        </span>
        {discounted && (
          <s className={clsx('text-gray-600 dark:text-gray-400', large ? 'text-lg' : 'text-sm')}>
            <span className="sr-only">Regular price: </span>
            {money(originalPrice)}
          </s>
        )}
        {badge > 0 && (
          <span
            data-testid="percent-off"
            className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white dark:bg-red-600"
          >
            -{badge}%
          </span>
        )}
      </span>
      {discounted && lowestPrice30d && (
        <span data-testid="lowest-30d" className="text-xs text-gray-700 dark:text-gray-300">
          {lowestPriceLine(lowestPrice30d)}
        </span>
      )}
    </span>
  );
}
