import clsx from 'clsx';
import { useId } from 'react';

const VALUES = [1, 2, 3, 4, 5] as const;

/**
 * The rating as a radio group of five stars: native radios, so arrow keys move the choice and the
 * group has one tab stop; the stars are their labels.
 */
export function StarRatingInput({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">Rating</legend>
      <div className="flex items-center gap-1">
        {VALUES.map((stars) => (
          <label key={stars} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="peer sr-only"
            />
            <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            <svg
              viewBox="0 0 20 20"
              width={28}
              height={28}
              aria-hidden="true"
              fill="currentColor"
              className={clsx(
                'rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-indigo-600',
                stars <= value ? 'text-amber-500' : 'text-gray-300 dark:text-gray-600',
              )}
            >
              <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
            </svg>
          </label>
        ))}
        <span className="ml-2 text-sm text-gray-700 dark:text-gray-300" aria-hidden="true">
          {value} / 5
        </span>
      </div>
    </fieldset>
  );
}
