import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  const at = '2030-03-04T15:30:00.000Z';

  it('writes each style the same way on the server and in the browser (en-US)', () => {
    expect(formatDate(at, 'long')).toBe('March 4, 2030');
    expect(formatDate(new Date(2030, 2, 14), 'day')).toBe('Thursday, March 14');
    expect(formatDate(at, 'numeric')).toMatch(/^3\/[45]\/2030$/);
    expect(formatDate(at, 'moment')).toMatch(/^Mar [45], 2030, \d{1,2}:30 (AM|PM)$/);
  });

  it('reads a calendar date in UTC, so the first of January stays the first of January everywhere', () => {
    expect(formatDate('2020-01-01', 'long')).toBe('January 1, 2020');
  });

  it('says what is missing instead of "Invalid Date"', () => {
    expect(formatDate(null, 'long')).toBe('Unknown');
    expect(formatDate('', 'numeric')).toBe('Unknown');
    expect(formatDate('not a date', 'moment', '—')).toBe('—');
  });
});
