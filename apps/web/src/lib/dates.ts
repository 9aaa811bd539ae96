/**
 * The one way the storefront writes dates, as `formatMoney` is for amounts. The shop speaks US English,
 * so the locale is fixed ('en-US'): the page the server renders and the one the browser hydrates
 * say the same thing. Calendar dates without a time (a book's publication, a blog post) are read in UTC,
 * so 2020-01-01 never shows as December 31 west of Greenwich. One Intl formatter per style, made once.
 *
 * The styles the catalogue's pages show while they hydrate ('long', 'day', and the headline sale's
 * `formatDayMonth`) are written from the names below instead: making an Intl.DateTimeFormat loads
 * the locale's date patterns, 10-30 ms of main thread on a slowed phone CPU for each one, inside
 * one slice of hydration (docs/decisions/0021-less-script.md, "Shorter tasks"). dates.test.ts checks
 * them against Intl.
 */
export type DateStyle =
  /** 3/4/2030: tables and short notes ("Placed on …", "Joined"). */
  | 'numeric'
  /** March 4, 2030: reviews, publication dates, posts. */
  | 'long'
  /** Mar 4, 2030, 3:30 PM: when something happened (messages, activity, a staff order page). */
  | 'moment'
  /** 3/4/2030, 3:30:00 PM: an order's exact time on its confirmation and in the dashboard. */
  | 'exact'
  /** 3:30 PM: a time later today ("Awaiting payment until …"). */
  | 'time'
  /** Thursday, March 14: a day to come (the delivery estimate). */
  | 'day';

/** The styles written with Intl (the others: `byHand`). */
const options: Record<Exclude<DateStyle, 'long' | 'day'>, Intl.DateTimeFormatOptions> = {
  numeric: {},
  moment: { dateStyle: 'medium', timeStyle: 'short' },
  exact: { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
};
const formatters = new Map<DateStyle, Intl.DateTimeFormat>();

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The styles written without Intl: what en-US writes for them. */
const byHand: Record<'long' | 'day', (date: Date) => string> = {
  // March 4, 2030 (UTC)
  long: (d) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`,
  // Thursday, March 14 (the shopper's time zone)
  day: (d) => `${WEEKDAYS[d.getDay()]}, ${MONTHS[d.getMonth()]} ${d.getDate()}`,
};

/** "8 December": a day this year, day first, in the shopper's time zone (the headline sale's end). */
export function formatDayMonth(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${date.getDate()} ${MONTHS[date.getMonth()]}`;
}

/** `value` (an ISO string or a Date) in the given style; `fallback` when it is missing or not a date. */
export function formatDate(value: string | Date | null | undefined, style: DateStyle, fallback = 'Unknown'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  if (style === 'long' || style === 'day') return byHand[style](date);
  let formatter = formatters.get(style);
  if (!formatter) formatters.set(style, (formatter = new Intl.DateTimeFormat('en-US', options[style])));
  return formatter.format(date);
}
