import type {
  AdminBook,
  AdminBookSort,
  Book,
  BookDeleted,
  ContactMessage,
  DashboardSummary,
  MailMessage,
  MailStatus,
  LowStockList,
  MailSummary,
  MessageStatus,
  Order,
  Paged,
  ShippingMethodCreateInput,
  ShopSettings,
  ShopSettingsUpdateInput,
  StaffOrder,
  StaffShippingMethod,
  Subscriber,
  UserSummary,
} from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The dashboard's calls: all staff only, all under the ['admin'] key so a write refreshes them together. */
export const ADMIN_PAGE_SIZE = 10;

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
};

/** GET /admin/summary/ : the header figures and 30 days of paid sales. */
export function useSummary() {
  return useQuery({
    queryKey: ['admin', 'summary'],
    queryFn: ({ signal }) => api.get<DashboardSummary>('/admin/summary/', { signal }),
  });
}

/** GET /admin/books/ : one page of the books table. */
export function useAdminBooks(params: { page: number; sort: AdminBookSort; search: string }) {
  return useQuery({
    queryKey: ['admin', 'books', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<AdminBook>>(`/admin/books/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, { signal }),
  });
}

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

/** GET /users/?page=n&pages=10 */
export function useUsers(params: { page: number; search: string }) {
  return useQuery({
    queryKey: ['admin', 'users', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<UserSummary>>(`/users/?${query({ ...params, pages: ADMIN_PAGE_SIZE })}`, { signal }),
  });
}

/** GET /admin/orders/{id}/ : one order with its customer and payment attempts (the staff order page). */
export function useStaffOrder(orderId: string) {
  return useQuery({
    queryKey: ['admin', 'order', orderId],
    queryFn: ({ signal }) => api.get<StaffOrder>(`/admin/orders/${encodeURIComponent(orderId)}/`, { signal }),
  });
}

/** GET /admin/messages/ : contact messages, newest first. */
export function useMessages(params: { page: number; status: MessageStatus | ''; search: string }) {
  return useQuery({
    queryKey: ['admin', 'messages', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<ContactMessage>>(`/admin/messages/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, {
        signal,
      }),
  });
}

/** PUT /admin/messages/{id}/handled/ */
export function useMarkHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      api.put<ContactMessage>(`/admin/messages/${id}/handled/`, { handled }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'messages'] }),
        client.invalidateQueries({ queryKey: ['admin', 'summary'] }),
      ]),
  });
}

/** GET /admin/subscribers/ : newsletter subscribers, newest first. */
export function useSubscribers(params: { page: number; search: string }) {
  return useQuery({
    queryKey: ['admin', 'subscribers', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<Subscriber>>(`/admin/subscribers/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, { signal }),
  });
}

/** GET /admin/subscribers/export/ : every subscriber (matching the search) as a CSV file, saved by the browser. */
export async function downloadSubscribers(search: string) {
  const csv = await api.get<string>(`/admin/subscribers/export/?${query({ search })}`, { as: 'text' });
  saveFile(csv, `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** Hands a CSV text to the browser as a download named `name`. */
function saveFile(csv: string, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

function useRefreshAdmin() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [['admin'], ['books'], ['book'], ['featured'], ['authors'], ['categories']].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

/** DELETE /books/{id}/ */
export function useDeleteBook() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: number) => api.delete<BookDeleted>(`/books/${id}/`),
    onSuccess: () => refresh(),
  });
}

/** PUT /users/{id}/staff/ */
export function useSetStaff() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, isStaff }: { id: number; isStaff: boolean }) =>
      api.put<UserSummary>(`/users/${id}/staff/`, { is_staff: isStaff }),
    onSuccess: () => refresh(),
  });
}

/** GET /admin/mail/ : every e-mail the shop wrote, newest first (docs/decisions/0016-mail.md). */
export function useMail(params: { page: number; status: MailStatus | ''; search: string }) {
  return useQuery({
    queryKey: ['admin', 'mail', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<MailSummary>>(`/admin/mail/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, { signal }),
  });
}

/** GET /admin/mail/{id}/ : one message with its HTML and text. */
export function useMailMessage(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'mail', 'message', id],
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<MailMessage>(`/admin/mail/${id}/`, { signal }),
  });
}

/** POST /admin/mail/{id}/send/ : a failed message goes back to the queue. */
export function useSendAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<MailMessage>(`/admin/mail/${id}/send/`),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'mail'] }),
  });
}

/** GET /admin/low-stock/ : books at or under the shop's low-stock threshold, fewest copies first. */
export function useLowStock() {
  return useQuery({
    queryKey: ['admin', 'low-stock'],
    queryFn: ({ signal }) => api.get<LowStockList>('/admin/low-stock/', { signal }),
  });
}

/** GET /books/lookup/?ids= : one book as the edit dialog needs it. */
export async function fetchBookForEdit(id: number): Promise<Book | null> {
  const [book] = await api.get<Book[]>(`/books/lookup/?ids=${id}`);
  return book ?? null;
}

/** GET /admin/shipping-methods/ : every delivery method, also the ones not offered. */
export function useStaffShippingMethods() {
  return useQuery({
    queryKey: ['admin', 'shipping-methods'],
    queryFn: ({ signal }) => api.get<StaffShippingMethod[]>('/admin/shipping-methods/', { signal }),
  });
}

/** GET /admin/settings/ : the free-Standard threshold and the low-stock threshold. */
export function useShopSettings() {
  return useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: ({ signal }) => api.get<ShopSettings>('/admin/settings/', { signal }),
  });
}

function useRefreshDelivery() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin'] }),
      client.invalidateQueries({ queryKey: ['shipping-methods'] }),
    ]);
}

/** POST /admin/shipping-methods/ (a new method) or PUT /admin/shipping-methods/{code}/ (`editing`). */
export function useSaveShippingMethod() {
  const refresh = useRefreshDelivery();
  return useMutation({
    mutationFn: ({ editing, fields }: { editing: boolean; fields: ShippingMethodCreateInput }) => {
      if (!editing) return api.post<StaffShippingMethod>('/admin/shipping-methods/', fields);
      const { code, ...changes } = fields;
      return api.put<StaffShippingMethod>(`/admin/shipping-methods/${encodeURIComponent(code)}/`, changes);
    },
    onSuccess: () => refresh(),
  });
}

/** PUT /admin/settings/ */
export function useSaveShopSettings() {
  const refresh = useRefreshDelivery();
  return useMutation({
    mutationFn: (changes: ShopSettingsUpdateInput) => api.put<ShopSettings>('/admin/settings/', changes),
    onSuccess: () => refresh(),
  });
}
