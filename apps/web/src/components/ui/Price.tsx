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

/** Price, with the original struck through when the book is discounted. */
export function Price({
  price,
  originalPrice,
  className,
  large,
}: {
  price: string;
  originalPrice?: string;
  className?: string;
  large?: boolean;
}) {
  const discounted = originalPrice !== undefined && percentOff(price, originalPrice) > 0;
  return (
    <span className={clsx('inline-flex flex-wrap items-baseline gap-2', className)}>
      <span className={clsx('font-bold text-gray-900 dark:text-white', large ? 'text-3xl' : 'text-lg')}>
        {money(price)}
      </span>
      {discounted && (
        <s className={clsx('text-gray-600 dark:text-gray-400', large ? 'text-lg' : 'text-sm')}>
          <span className="sr-only">Original price: </span>
          {money(originalPrice)}
        </s>
      )}
    </span>
  );
}
