import { useState } from 'react';

/** Whole numbers above 0 only; the minus button never goes below 1; at most `max` when given. */
export function parseQuantity(text: string, max?: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) return null;
  return max !== undefined && max > 0 ? Math.min(value, max) : value;
}

export function QuantityStepper({
  value,
  onChange,
  max,
}: {
  value: number;
  onChange: (quantity: number) => void;
  max?: number;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const button =
    'flex h-10 w-10 items-center justify-center text-lg font-semibold hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-gray-800';
  return (
    <div className="inline-flex items-center rounded-md border border-gray-300 dark:border-gray-700">
      <button
        type="button"
        data-needs-app
        aria-label="Decrease quantity"
        disabled={value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
        className={button}
      >
        −
      </button>
      <label htmlFor="quantity" className="sr-only">
        Quantity
      </label>
      <input
        id="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={draft ?? String(value)}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const parsed = parseQuantity(text, max);
          if (parsed !== null) onChange(parsed);
        }}
        onKeyDown={(event) => {
          // Only digits: no signs, decimals or exponents.
          if (['-', '+', '.', ',', 'e', 'E'].includes(event.key)) event.preventDefault();
        }}
        onBlur={() => setDraft(null)}
        className="h-10 w-14 border-x border-gray-300 bg-transparent text-center [appearance:textfield] dark:border-gray-700 [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        data-needs-app
        aria-label="Increase quantity"
        disabled={max !== undefined && max > 0 && value >= max}
        onClick={() => onChange(value + 1)}
        className={button}
      >
        +
      </button>
    </div>
  );
}
