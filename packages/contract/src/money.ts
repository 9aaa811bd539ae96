/**
 * Money crosses the wire as a decimal string with two places ("12.99") and lives everywhere else as
 * integer minor units (cents), so no float ever touches a price. See docs/decisions/0002-money-in-cents.md.
 */
const MONEY_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** 1299 -> "12.99" */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "12.99", "12.9", "12", 12.99 -> 1299. Returns null for anything that is not a non-negative amount
 * with at most two decimals (floats such as 0.1 + 0.2 are rounded to the nearest cent first).
 */
export function moneyToCents(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > 999_999_999) return null;
    return Math.round(value * 100);
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!MONEY_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Formats cents for people, e.g. "$12.99", in the store's one currency. */
export function formatMoney(cents: number, currency = 'USD', locale = 'en-US'): string {
  return moneyFormat(locale, currency).format(cents / 100);
}

// Making an Intl.NumberFormat costs far more than using one (it loads the locale's data): one per
// locale and currency, kept. Without this, formatting a page's prices was the largest piece of
// script in the home page's hydration (about 40 ms of a phone's main thread, by the CPU profile).
const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format;
}

/**
 * Splits `cents` into parts in proportion to `weights`, to the cent: each part is its exact share
 * rounded down, and the cents left over go one each to the largest remainders (ties: the earlier part).
 * The parts always add up to `cents`, and a part never exceeds its weight when `cents` is at most the
 * weights' sum. All weights 0 (or `cents` 0): every part is 0.
 */
export function splitCents(cents: number, weights: readonly number[]): number[] {
  // In BigInt: cents x weight can pass 2^53 for the largest orders.
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (total <= 0n || cents <= 0) return weights.map(() => 0);
  const whole = BigInt(cents);
  const parts = weights.map((weight) => Number((whole * BigInt(weight)) / total));
  const remainders = weights.map((weight, index) => ({ index, rest: (whole * BigInt(weight)) % total }));
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  let left = cents - parts.reduce((sum, part) => sum + part, 0);
  for (let i = 0; left > 0; i += 1, left -= 1) parts[remainders[i % remainders.length]!.index]! += 1;
  return parts;
}
