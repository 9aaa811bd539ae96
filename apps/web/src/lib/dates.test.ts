import { describe, expect, it } from 'vitest';
import { formatDate, formatDayMonth } from './dates';

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

  it('writes the styles it does without Intl exactly as Intl would, on every day of four years', () => {
    const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
    const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' });
    for (let t = Date.UTC(2027, 0, 1, 13); t < Date.UTC(2031, 0, 1); t += 86_400_000) {
      const date = new Date(t);
      expect(formatDate(date, 'long')).toBe(long.format(date));
      expect(formatDate(date, 'day')).toBe(day.format(date));
      expect(formatDayMonth(date.toISOString())).toBe(dayMonth.format(date));
    }
    expect(formatDayMonth('not a date')).toBe('');
  });

  it('says what is missing instead of "Invalid Date"', () => {
    expect(formatDate(null, 'long')).toBe('Unknown');
    expect(formatDate('', 'numeric')).toBe('Unknown');
    expect(formatDate('not a date', 'moment', '—')).toBe('—');
  });
});
