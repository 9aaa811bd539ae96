import type { Order, Paged, StaffOrder } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE, query, saveFile } from './common';

/** The Orders tab's filters, as the address and GET /admin/orders/ spell them. */
export interface OrderFilters {
  page: number;
  fulfilment_status: string;
  payment_status: string;
  q: string;
}

/** GET /admin/orders/ : the work queue, newest first, filtered and searched (order number, e-mail, name). */
export function useAllOrders(params: OrderFilters) {
  return useQuery({
    queryKey: ['admin', 'orders', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<Order>>(`/admin/orders/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, {
        signal,
      }),
  });
}

/** GET /admin/orders/export.csv : the filtered orders as a CSV file, saved by the browser. */
export async function downloadOrders(params: Omit<OrderFilters, 'page'>) {
  const csv = await api.get<string>(`/admin/orders/export.csv?${query({ ...params })}`, { as: 'text' });
  saveFile(csv, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** GET /admin/orders/export-lines.csv : one row per line of the filtered orders, saved by the browser. */
export async function downloadOrderLines(params: Omit<OrderFilters, 'page'>) {
  const csv = await api.get<string>(`/admin/orders/export-lines.csv?${query({ ...params })}`, { as: 'text' });
  saveFile(csv, `order-lines-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** A staff transition of an order (docs/product.md, "After the sale"): its name and what it sends. */
export type OrderAction =
  | { action: 'ship'; body: { carrier: string; tracking_number: string } }
  | { action: 'deliver' }
  | { action: 'cancel' }
  | { action: 'refund'; body: { amount?: string } }
  | { action: 'return'; body: { refund?: string } };

/**
 * POST /admin/orders/{id}/{ship|deliver|refund|return}/ and POST /orders/{id}/cancel/ (staff may
 * cancel any order before delivery): the answer is the order as it now is.
 */
export function useOrderAction(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: OrderAction) =>
      api.post<StaffOrder>(
        change.action === 'cancel' ? `/orders/${orderId}/cancel/` : `/admin/orders/${orderId}/${change.action}/`,
        'body' in change ? change.body : {},
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin'] }),
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: ['books'] }),
      ]),
  });
}

/** GET /admin/orders/{id}/ : one order with its customer and payment attempts (the staff order page). */
export function useStaffOrder(orderId: string) {
  return useQuery({
    queryKey: ['admin', 'order', orderId],
    queryFn: ({ signal }) => api.get<StaffOrder>(`/admin/orders/${encodeURIComponent(orderId)}/`, { signal }),
  });
}
