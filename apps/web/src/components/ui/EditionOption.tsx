import type { Edition } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { editionAvailability, editionLabel } from '../../lib/editions';

/**
 * One edition as a shopper chooses it (docs/decisions/0022-editions.md): its format and condition, whether
 * it can be bought, and its price. The inside of each choice of the book page's format picker and of a
 * card's "Choose a format", so both read the same.
 */
export function EditionOption({ edition }: { edition: Edition }) {
  return (
    <>
      <span>
        <span className="block font-semibold">{editionLabel(edition)}</span>
        <span
          className={`block ${edition.in_stock && !edition.coming_soon ? 'text-gray-600 dark:text-gray-400' : 'text-red-700 dark:text-red-300'}`}
        >
          {editionAvailability(edition)}
        </span>
      </span>
      <span className="font-semibold whitespace-nowrap">{formatMoney(moneyToCents(edition.price) ?? 0)}</span>
    </>
  );
}
