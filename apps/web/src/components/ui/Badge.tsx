import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

export type BadgeTone = 'indigo' | 'green' | 'amber' | 'gray' | 'red';

const tones: Record<BadgeTone, string> = {
  indigo: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200',
  green: 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  gray: 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
  red: 'bg-red-600 text-white',
};

/** A rounded label: small (xs) beside names, or large (sm) for a status. */
export function Badge({
  tone = 'indigo',
  size = 'sm',
  className,
  ...span
}: {
  tone?: BadgeTone;
  size?: 'sm' | 'lg';
} & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      {...span}
      className={clsx(
        'rounded-full font-semibold',
        size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-3 py-1 text-sm',
        tones[tone],
        className,
      )}
    />
  );
}
