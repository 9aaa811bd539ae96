import { PAYMENT_STATUSES } from '@bookstore/contract';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SelectField } from '../../../components/ui/Field';
import { paths } from '../../../config/paths';
import { useAllOrders } from '../api/dashboard';
import { cellClass, HeadingCells, PagedTable } from './Pager';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDate } from '../../../lib/dates';

const PAYMENT_LABELS: Record<string, string> = { success: 'Paid', pending: 'Pending', failed: 'Failed' };

/** Orders tab: every order, newest first, paged, filtered by payment state, searched by id or email. */
export function OrdersTab({
  search,
  page,
  payment,
  onPage,
  onPayment,
}: {
  search: string;
  page: number;
  payment: string;
  onPage(page: number): void;
  onPayment(payment: string): void;
}) {
  const orders = useAllOrders({ page, payment_status: payment, search });
  return (
    <>
      <SelectField
        label="Payment"
        value={payment}
        onChange={(e) => onPayment(e.target.value)}
        className="mb-4 max-w-xs"
      >
        <option value="">All payments</option>
        {PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PAYMENT_LABELS[status]}
          </option>
        ))}
      </SelectField>
      {orders.isPending ? (
        <Spinner label="Loading orders..." />
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} />
      ) : orders.data.data.length === 0 ? (
        <p className="py-10 text-center text-gray-700 dark:text-gray-300">No orders found</p>
      ) : (
        <PagedTable
          caption="Orders, newest first"
          meta={orders.data.meta}
          onPage={onPage}
          label="Orders"
          head={<HeadingCells labels={['Order', 'Customer', 'Placed', 'Items', 'Total', 'Payment']} />}
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
              <td className={cellClass}>{formatDate(order.created_at, 'exact')}</td>
              <td className={cellClass}>{order.items.reduce((n, item) => n + item.quantity, 0)}</td>
              <td className={cellClass}>{formatMoney(moneyToCents(order.total_price) ?? 0, order.currency)}</td>
              <td className={cellClass}>{PAYMENT_LABELS[order.payment_status] ?? order.payment_status}</td>
            </tr>
          ))}
        </PagedTable>
      )}
    </>
  );
}
