import type { ReactNode } from 'react';

/**
 * One choice of a radio group drawn as a card, the whole card clickable and ringed when chosen (the
 * checkout's address and delivery method). `top` puts the radio by the first line of a tall card
 * instead of centring it.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  onChoose,
  top = false,
  children,
}: {
  name: string;
  value: string | number;
  checked: boolean;
  onChoose(): void;
  top?: boolean;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex cursor-pointer ${top ? '' : 'items-center '}gap-3 rounded-lg border border-gray-300 p-3 text-sm has-checked:border-indigo-600 has-checked:ring-1 has-checked:ring-indigo-600 dark:border-gray-700 dark:has-checked:border-indigo-400 dark:has-checked:ring-indigo-400`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        className={`${top ? 'mt-1 ' : ''}h-4 w-4 accent-indigo-600`}
      />
      {children}
    </label>
  );
}
