import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToMoney, formatMoney, moneyToCents, splitCents } from './money.js';

describe('money', () => {
  it('writes cents as a two-place decimal string', () => {
    expect(centsToMoney(1299)).toBe('12.99');
    expect(centsToMoney(5)).toBe('0.05');
    expect(centsToMoney(0)).toBe('0.00');
  });

  it('reads amounts from strings and numbers without float drift', () => {
    expect(moneyToCents('12.99')).toBe(1299);
    expect(moneyToCents('12.9')).toBe(1290);
    expect(moneyToCents('12')).toBe(1200);
    expect(moneyToCents(0.1 + 0.2)).toBe(30);
    expect(moneyToCents(19.99)).toBe(1999);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['-1', '1.999', 'abc', '', '1e5', NaN, -3, Infinity, null, {}]) {
      expect(moneyToCents(bad)).toBeNull();
    }
  });

  it('formats for people with the currency symbol', () => {
    expect(formatMoney(1299)).toBe('$12.99');
  });
});

describe('splitCents', () => {
  it('splits to the cent in proportion, the leftover cents to the largest remainders', () => {
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(1000, [2499, 999])).toEqual([714, 286]);
    expect(splitCents(5, [0, 10])).toEqual([0, 5]);
    expect(splitCents(7, [0, 0])).toEqual([0, 0]);
    expect(splitCents(0, [3, 4])).toEqual([0, 0]);
  });

  it('always adds up, never gives a part more than its weight, and stays exact for the largest orders', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2_000_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const cents = Math.floor(sum * fraction);
          const parts = splitCents(cents, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : cents);
          parts.forEach((part, i) => {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
