import type { Bestseller } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { plural } from '../../../lib/lists';

/** The most sold books of the chart's 30 days, by copies in paid orders. */
export function Bestsellers({ books, currency }: { books: Bestseller[]; currency: string }) {
  return (
    <section
      aria-labelledby="bestsellers"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="bestsellers" className="text-sm font-semibold">
        Bestsellers, last 30 days
      </h2>
      {books.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">No paid sales in the last 30 days.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {books.map((book, index) => (
            <li key={`${book.book ?? 'gone'}-${book.title}`} className="flex items-baseline gap-3 text-sm">
              <span aria-hidden="true" className="w-4 shrink-0 font-bold text-gray-600 dark:text-gray-400">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1">
                {book.book !== null ? (
                  <Link to={paths.book(book.title)} className="font-medium hover:underline">
                    {book.title}
                  </Link>
                ) : (
                  <span className="font-medium">{book.title}</span>
                )}
                <span className="block text-gray-700 dark:text-gray-300">
                  {plural(book.copies, 'copy', 'copies')} · {formatMoney(moneyToCents(book.total) ?? 0, currency)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
