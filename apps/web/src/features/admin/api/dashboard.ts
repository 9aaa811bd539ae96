import type { AdminBookSort, Book, BookDeleted, DashboardSummary, Order, Paged, UserSummary } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The dashboard's calls: all staff only, all under the ['admin'] key so a write refreshes them together. */
export const ADMIN_PAGE_SIZE = 10;

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
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
      api.get<Paged<Book>>(`/admin/books/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, { signal }),
  });
}

/** GET /orders/?all=1 : every order, newest first. */
export function useAllOrders(params: { page: number; payment_status: string; search: string }) {
  return useQuery({
    queryKey: ['admin', 'orders', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<Order>>(`/orders/?${query({ all: 1, ...params, page_size: ADMIN_PAGE_SIZE })}`, { signal }),
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

function useRefreshAdmin() {
  const client = useQueryClient();
  return () =>
    Promise.all([['admin'], ['books'], ['book'], ['featured'], ['authors'], ['categories']].map((queryKey) => client.invalidateQueries({ queryKey })));
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
