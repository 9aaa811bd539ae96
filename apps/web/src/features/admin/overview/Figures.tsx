import type { DashboardSummary } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';

/** The header figures, straight from the server (sales are net of refunds: docs/product.md, "After the sale"). */
export function Figures({ summary }: { summary: DashboardSummary }) {
  const items = [
    { label: 'Books', value: summary.books.toLocaleString('en-US'), testId: 'figure-books' },
    {
      label: 'Net sales (paid, less refunds)',
      value: formatMoney(moneyToCents(summary.sales_total) ?? 0, summary.currency),
      testId: 'figure-sales',
    },
    { label: 'Orders', value: summary.orders.toLocaleString('en-US'), testId: 'figure-orders' },
    {
      label: 'Average rating',
      value: summary.reviews > 0 ? `${summary.average_rating.toFixed(1)} / 5` : 'No reviews yet',
      testId: 'figure-rating',
    },
    {
      label: `Low on stock (${summary.low_stock_threshold} or fewer)`,
      value: summary.low_stock.toLocaleString('en-US'),
      testId: 'figure-low-stock',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-5">
      {items.map((item) => (
        <div
          key={item.label}
          className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900"
        >
          <dt className="text-sm text-gray-700 dark:text-gray-300">{item.label}</dt>
          <dd data-testid={item.testId} className="mt-1 text-2xl font-bold">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
