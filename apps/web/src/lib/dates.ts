/**
 * The one way the storefront writes dates, as `formatMoney` is for amounts. The shop speaks US English,
 * so the locale is fixed ('en-US'): the page the server renders and the one the browser hydrates
 * say the same thing. Calendar dates without a time (a book's publication, a blog post) are read in UTC,
 * so 2020-01-01 never shows as December 31 west of Greenwich. One Intl formatter per style, made once.
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

const options: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  numeric: {},
  long: { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
  moment: { dateStyle: 'medium', timeStyle: 'short' },
  exact: { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
  day: { weekday: 'long', month: 'long', day: 'numeric' },
};
const formatters = new Map<DateStyle, Intl.DateTimeFormat>();

/** `value` (an ISO string or a Date) in the given style; `fallback` when it is missing or not a date. */
export function formatDate(value: string | Date | null | undefined, style: DateStyle, fallback = 'Unknown'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  let formatter = formatters.get(style);
  if (!formatter) formatters.set(style, (formatter = new Intl.DateTimeFormat('en-US', options[style])));
  return formatter.format(date);
}
