import { centsToMoney, type Report, type ReportPeriod, type ReportQuery, type ReportRow } from '@bookstore/contract';
import type { Database } from '../../db/client.js';
import { type BookFacts, bookFacts } from '../books/index.js';
import { type PaidOrder, paidOrdersBetween } from '../orders/index.js';

/** The most orders one report reads. */
export const REPORT_ORDER_LIMIT = 50_000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Tally {
  label: string;
  orders: Set<number>;
  units: number;
  sales: number;
  refunds: number;
}

const tally = (label: string): Tally => ({ label, orders: new Set(), units: 0, sales: 0, refunds: 0 });

function bump(t: Tally, order: number, units: number, sales: number, refunds: number) {
  t.orders.add(order);
  t.units += units;
  t.sales += sales;
  t.refunds += refunds;
}

function add(
  into: Map<string, Tally>,
  key: string,
  label: string,
  order: number,
  units: number,
  sales: number,
  refunds: number,
) {
  const t = into.get(key) ?? tally(label);
  bump(t, order, units, sales, refunds);
  into.set(key, t);
}

function row(key: string, t: Tally): ReportRow {
  return {
    key,
    label: t.label,
    orders: t.orders.size,
    units: t.units,
    sales: centsToMoney(t.sales),
    refunds: centsToMoney(t.refunds),
    net: centsToMoney(t.sales - t.refunds),
  };
}

/** The first day of the period a time falls in (UTC): the day, the Monday of its week, the 1st of its month. */
export function periodOf(at: Date, by: ReportPeriod): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (by === 'week') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  if (by === 'month') day.setUTCDate(1);
  return day.toISOString().slice(0, 10);
}

/** Every period from the one `from` falls in to the one `to` falls in. */
function periods(from: Date, to: Date, by: ReportPeriod): string[] {
  const keys: string[] = [];
  for (let at = from.getTime(); at <= to.getTime(); at += DAY_MS) {
    const key = periodOf(new Date(at), by);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

/** Largest first, then by name. */
const ranked = (tallies: Map<string, Tally>) =>
  [...tallies.entries()]
    .sort(([, a], [, b]) => b.sales - b.refunds - (a.sales - a.refunds) || a.label.localeCompare(b.label))
    .map(([key, t]) => row(key, t));

/** The report of these paid orders (their summaries) over the query's range; pure, so its sums can be tested. */
export function buildReport(
  paid: PaidOrder[],
  facts: Map<number, BookFacts>,
  query: ReportQuery,
  currency: string,
  truncated: boolean,
): Report {
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(`${query.to}T00:00:00Z`);
  const series = new Map(periods(from, to, query.by).map((key) => [key, tally(key)]));
  const totals = tally('');
  const byCategory = new Map<string, Tally>();
  const byAuthor = new Map<string, Tally>();
  const byFormat = new Map<string, Tally>();
  const byCode = new Map<string, Tally>();
  for (const order of paid) {
    const { summary } = order;
    const units = summary.lines.reduce((n, line) => n + line.quantity, 0);
    const period = periodOf(order.paidAt, query.by);
    add(series, period, period, order.id, units, summary.totalCents, summary.refundedCents);
    bump(totals, order.id, units, summary.totalCents, summary.refundedCents);
    const code = order.promoCode ?? '';
    add(byCode, code, code || 'No code', order.id, units, summary.totalCents, summary.refundedCents);
    for (const line of summary.lines) {
      const book = order.bookOf.get(line.item) ?? null;
      const known = book === null ? undefined : facts.get(book);
      const category = known?.category;
      const author = known?.author;
      add(
        byCategory,
        category ? String(category.id) : '',
        category?.name ?? 'No category',
        order.id,
        line.quantity,
        line.amountCents,
        line.refundedCents,
      );
      add(
        byAuthor,
        author ? (author.id === null ? `name:${author.name}` : String(author.id)) : '',
        author?.name ?? 'No author',
        order.id,
        line.quantity,
        line.amountCents,
        line.refundedCents,
      );
      const format = line.format ?? '';
      add(byFormat, format, format || 'Unknown format', order.id, line.quantity, line.amountCents, line.refundedCents);
    }
  }
  return {
    from: query.from,
    to: query.to,
    by: query.by,
    currency,
    truncated,
    totals: (({ key: _key, label: _label, ...figures }) => figures)(row('', totals)),
    series: [...series.entries()].map(([key, t]) => row(key, t)),
    breakdowns: {
      category: ranked(byCategory),
      author: ranked(byAuthor),
      format: ranked(byFormat),
      promo_code: ranked(byCode),
    },
  };
}

/** GET /api/admin/reports/: the paid orders of the range, read once, summed every way. */
export async function salesReport(db: Database, query: ReportQuery, currency: string): Promise<Report> {
  const from = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  const { orders, truncated } = await paidOrdersBetween(db, from, end, REPORT_ORDER_LIMIT);
  const books = orders.flatMap((o) => [...o.bookOf.values()].filter((id): id is number => id !== null));
  return buildReport(orders, await bookFacts(db, books), query, currency, truncated);
}
