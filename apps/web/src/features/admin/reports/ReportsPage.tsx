import { REPORT_PERIODS, type ReportPeriod, type ReportRow } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import type { FormEvent } from 'react';
import { SubmitButton } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/Field';
import { QueryStates } from '../../../components/ui/QueryStates';
import { ScrollFrame } from '../../../components/ui/ScrollFrame';
import { Spinner } from '../../../components/ui/Spinner';
import { type ReportRange, useReport } from '../api/reports';
import { cellClass, HeadingCells, tableClass } from '../components/Pager';
import { Section } from '../components/Section';
import { SectionPage } from '../components/SectionPage';
import { useSectionParams } from '../hooks/useSectionParams';

const PERIOD_LABELS: Record<ReportPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The range in the address (`?from=&to=&by=`); without one, the last 30 days (UTC) by day. */
function rangeFrom(params: URLSearchParams): ReportRange {
  const today = Date.now();
  const by = params.get('by');
  return {
    from: params.get('from') || isoDay(today - 29 * DAY_MS),
    to: params.get('to') || isoDay(today),
    by: (REPORT_PERIODS as readonly string[]).includes(by ?? '') ? (by as ReportPeriod) : 'day',
  };
}

function RowsTable({
  caption,
  first,
  rows,
  currency,
}: {
  caption: string;
  first: string;
  rows: ReportRow[];
  currency: string;
}) {
  const money = (value: string) => formatMoney(moneyToCents(value) ?? 0, currency);
  if (rows.length === 0) return <p className="py-4 text-gray-700 dark:text-gray-300">Nothing sold in this range.</p>;
  return (
    <ScrollFrame label={caption}>
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 dark:bg-gray-900">
          <tr>
            <HeadingCells labels={[first, 'Orders', 'Units', 'Sales', 'Refunds', 'Net']} />
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${cellClass} font-medium whitespace-nowrap`}>
                {row.label}
              </th>
              <td className={cellClass}>{row.orders}</td>
              <td className={cellClass}>{row.units}</td>
              <td className={cellClass}>{money(row.sales)}</td>
              <td className={cellClass}>{money(row.refunds)}</td>
              <td className={`${cellClass} font-semibold`}>{money(row.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}

/**
 * Reports (`/admin/reports?from=&to=&by=`): the orders paid in a range of days, their totals, the
 * series by day, week or month, and the breakdowns by category, author, format and promo code.
 */
export default function ReportsPage() {
  const { params, update } = useSectionParams();
  const range = rangeFrom(params);
  const report = useReport(range);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update({
      from: String(form.get('from') ?? ''),
      to: String(form.get('to') ?? ''),
      by: String(form.get('by') ?? ''),
    });
  };

  return (
    <SectionPage title="Reports">
      <form
        key={`${range.from}-${range.to}-${range.by}`}
        onSubmit={onSubmit}
        aria-label="Report range"
        className="grid gap-4 sm:grid-cols-4 sm:items-end"
      >
        <TextField label="From" name="from" type="date" defaultValue={range.from} required />
        <TextField label="To" name="to" type="date" defaultValue={range.to} required />
        <SelectField label="By" name="by" defaultValue={range.by}>
          {REPORT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {PERIOD_LABELS[period]}
            </option>
          ))}
        </SelectField>
        <SubmitButton busy={report.isFetching} busyText="Loading...">
          Show report
        </SubmitButton>
      </form>
      <QueryStates query={report} pending={<Spinner label="Loading the report..." />} retry>
        {(data) => {
          const money = (value: string) => formatMoney(moneyToCents(value) ?? 0, data.currency);
          const totals = [
            ['Orders', String(data.totals.orders)],
            ['Units', String(data.totals.units)],
            ['Sales', money(data.totals.sales)],
            ['Refunds', money(data.totals.refunds)],
            ['Net', money(data.totals.net)],
          ];
          return (
            <div className="space-y-8">
              {data.truncated && (
                <p
                  role="status"
                  className="rounded-md bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
                >
                  This range has more orders than one report reads: the figures stop there. Choose a shorter range.
                </p>
              )}
              <Section id="report-totals" title="Totals">
                <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
                  {totals.map(([label, value]) => (
                    <div key={label} className="rounded-xl border border-gray-200 p-4 dark:border-gray-800">
                      <dt className="text-sm text-gray-700 dark:text-gray-300">{label}</dt>
                      <dd className="mt-1 text-xl font-semibold" data-testid={`report-${label!.toLowerCase()}`}>
                        {value}
                      </dd>
                    </div>
                  ))}
                </dl>
              </Section>
              <Section id="report-series" title={`By ${data.by}`}>
                <RowsTable
                  caption={`By ${data.by}`}
                  first={PERIOD_LABELS[data.by]}
                  rows={data.series}
                  currency={data.currency}
                />
              </Section>
              {(
                [
                  ['category', 'By category', 'Category'],
                  ['author', 'By author', 'Author'],
                  ['format', 'By format', 'Format'],
                  ['promo_code', 'By promo code', 'Code'],
                ] as const
              ).map(([key, title, first]) => (
                <Section key={key} id={`report-${key}`} title={title}>
                  <RowsTable caption={title} first={first} rows={data.breakdowns[key]} currency={data.currency} />
                </Section>
              ))}
            </div>
          );
        }}
      </QueryStates>
    </SectionPage>
  );
}
