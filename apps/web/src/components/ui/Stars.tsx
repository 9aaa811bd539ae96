import clsx from 'clsx';

/** Average rating rounded to one decimal; stars filled up to the floor of the rating (docs/product.md, "Constants"). */
export function roundRating(rating: number): number {
  return Math.round(rating * 10) / 10;
}

export function Stars({ rating, size = 16, className }: { rating: number; size?: number; className?: string }) {
  const rounded = roundRating(rating);
  const filled = Math.floor(rounded);
  return (
    <span role="img" aria-label={`Rated ${rounded} out of 5`} className={clsx('inline-flex items-center', className)}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          width={size}
          height={size}
          aria-hidden="true"
          className={i < filled ? 'text-amber-500' : 'text-gray-300 dark:text-gray-600'}
          fill="currentColor"
          data-filled={i < filled || undefined}
        >
          <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
        </svg>
      ))}
    </span>
  );
}
