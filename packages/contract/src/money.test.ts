import { describe, expect, it } from 'vitest';
import { centsToMoney, formatMoney, moneyToCents } from './money.js';

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
