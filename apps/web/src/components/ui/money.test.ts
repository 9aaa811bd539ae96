import { describe, expect, it } from 'vitest';
import { percentOff } from './Price';
import { roundRating } from './Stars';

describe('price and rating arithmetic', () => {
  it('percent off is round((original - current) / original * 100)', () => {
    expect(percentOff('7.99', '15.99')).toBe(50);
    expect(percentOff('6.66', '10.00')).toBe(33);
    expect(percentOff('6.65', '10.00')).toBe(34);
    expect(percentOff('10.00', '10.00')).toBe(0);
    expect(percentOff('10.00', '0.00')).toBe(0);
    expect(percentOff('12.00', '10.00')).toBe(0);
  });

  it('ratings are rounded to one decimal', () => {
    expect(roundRating(4.26)).toBe(4.3);
    expect(roundRating(4.24)).toBe(4.2);
    expect(roundRating(0)).toBe(0);
  });
});
