import type { RatingSummary as Summary } from '@bookstore/contract';
import { Stars } from '../../../components/ui/Stars';
import { plural } from '../../../lib/lists';

/**
 * The book's rating: the average of its verified buyers' reviews with its stars, and one bar per star
 * value (5 to 1) with its count (docs/decisions/0008). Every review is listed below it, verified or not.
 */
export function RatingSummary({ summary }: { summary: Summary }) {
  const widest = Math.max(1, ...summary.stars.map((s) => s.count));
  return (
    <section aria-labelledby="rating-summary" className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <div className="text-center sm:w-40">
        <h3 id="rating-summary" className="sr-only">
          Rating summary
        </h3>
        <p className="text-4xl font-bold">{summary.average.toFixed(1)}</p>
        <Stars rating={summary.average} size={18} className="mt-1" />
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {summary.count === 0 ? 'No ratings from buyers yet' : `From ${plural(summary.count, 'verified buyer')}`}
        </p>
      </div>
      <ul className="flex-1 space-y-1" aria-label="Reviews by star rating">
        {summary.stars.map(({ stars, count }) => (
          <li key={stars} className="flex items-center gap-3 text-sm">
            <span className="w-14 shrink-0">{plural(stars, 'star')}</span>
            <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800">
              <span
                className="block h-full rounded-full bg-amber-500"
                style={{ width: `${(count / widest) * 100}%` }}
              />
            </span>
            <span className="w-8 shrink-0 text-right tabular-nums" data-testid={`stars-${stars}-count`}>
              {count}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
