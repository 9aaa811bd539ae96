import { FULFILMENT_STATUSES, STAFF_PAYMENT_FILTERS } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SelectField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { FULFILMENT_LABELS, PAYMENT_LABELS, paymentState } from '../../../lib/order-status';
import toast from '../../../lib/toast';
import { downloadOrderLines, downloadOrders, type OrderFilters, useAllOrders } from '../api/orders';
import { cellClass, HeadingCells, PagedTable } from '../components/Pager';

const FULFILMENT_FILTER_LABELS: Record<string, string> = { ...FULFILMENT_LABELS, unfulfilled: 'Not shipped' };

/** A fulfilment filter from the address, or none. */
export const fulfilmentFrom = (value: string | null) =>
  (FULFILMENT_STATUSES as readonly string[]).includes(value ?? '') ? value! : '';
/** A payment filter from the address, or none. */
export const paymentFrom = (value: string | null) =>
  (STAFF_PAYMENT_FILTERS as readonly string[]).includes(value ?? '') ? value! : '';

/**
 * Orders tab, the staff's work queue (docs/product.md, "After the sale"): newest first, paged,
 * filtered by where the parcel is and by payment, searched by order number, e-mail or name, and the
 * filtered list as a CSV file: one row per order, or one per line of each order.
 */
export function OrdersTab({
  search,
  page,
  payment,
  fulfilment,
  onPage,
  onFilter,
}: {
  search: string;
  page: number;
  payment: string;
  fulfilment: string;
  onPage(page: number): void;
  onFilter(changes: { payment?: string; fulfilment?: string }): void;
}) {
  const filters: OrderFilters = { page, payment_status: payment, fulfilment_status: fulfilment, q: search };
  const orders = useAllOrders(filters);
  const [exporting, setExporting] = useState<'orders' | 'lines' | null>(null);

  const exportCsv = async (file: 'orders' | 'lines') => {
    setExporting(file);
    try {
      const download = file === 'orders' ? downloadOrders : downloadOrderLines;
      await download({ payment_status: payment, fulfilment_status: fulfilment, q: search });
    } catch {
      toast.error('Failed to export orders');
    } finally {
      setExporting(null);
    }
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SelectField
          label="Parcel"
          value={fulfilment}
          onChange={(e) => onFilter({ fulfilment: e.target.value })}
          className="w-full sm:w-48"
        >
          <option value="">All orders</option>
          {FULFILMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {FULFILMENT_FILTER_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payment"
          value={payment}
          onChange={(e) => onFilter({ payment: e.target.value })}
          className="w-full sm:w-48"
        >
          <option value="">All payments</option>
          {STAFF_PAYMENT_FILTERS.map((status) => (
            <option key={status} value={status}>
              {PAYMENT_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button variant="secondary" onClick={() => void exportCsv('orders')} disabled={exporting !== null}>
            {exporting === 'orders' ? 'Exporting...' : 'Export CSV'}
          </Button>
          <Button variant="secondary" onClick={() => void exportCsv('lines')} disabled={exporting !== null}>
            {exporting === 'lines' ? 'Exporting...' : 'Export lines CSV'}
          </Button>
        </div>
      </div>
      {orders.isPending ? (
        <Spinner label="Loading orders..." />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.data.length === 0 ? (
        <p className="py-10 text-center text-gray-700 dark:text-gray-300">No orders found</p>
      ) : (
        <PagedTable
          caption="Orders, newest first"
          meta={orders.data.meta}
          onPage={onPage}
          label="Orders"
          head={<HeadingCells labels={['Order', 'Customer', 'Placed', 'Items', 'Total', 'Payment', 'Parcel']} />}
        >
          {orders.data.data.map((order) => (
            <tr key={order.id}>
              <td className={cellClass}>
                <Link
                  to={paths.adminOrder(order.id)}
                  className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  Order #{order.id}
                </Link>
              </td>
              <td className={cellClass}>{order.customer?.email ?? '—'}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatDate(order.created_at, 'exact')}</td>
              <td className={cellClass}>{order.items.reduce((n, item) => n + item.quantity, 0)}</td>
              <td className={cellClass}>{formatMoney(moneyToCents(order.summary.total) ?? 0, order.currency)}</td>
              <td className={cellClass} data-testid="order-payment">
                {PAYMENT_LABELS[paymentState(order)]}
                {(moneyToCents(order.summary.refunded) ?? 0) > 0 && (
                  <span className="block text-xs text-gray-700 dark:text-gray-300">
                    {formatMoney(moneyToCents(order.summary.refunded) ?? 0, order.currency)} refunded
                  </span>
                )}
              </td>
              <td className={cellClass}>{FULFILMENT_LABELS[order.fulfilment_status] ?? order.fulfilment_status}</td>
            </tr>
          ))}
        </PagedTable>
      )}
    </>
  );
}
