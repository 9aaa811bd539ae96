import type { Paged, UserSummary } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE, query, useRefreshAdmin } from './common';

/** GET /users/?page=n&pages=10 */
export function useUsers(params: { page: number; search: string }) {
  return useQuery({
    queryKey: ['admin', 'users', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<UserSummary>>(`/users/?${query({ ...params, pages: ADMIN_PAGE_SIZE })}`, { signal }),
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

/** PUT /users/{id}/disabled/ : a disabled account cannot sign in; never one's own, never a staff account. */
export function useSetDisabled() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      api.put<UserSummary>(`/users/${id}/disabled/`, { disabled }),
    onSuccess: () => refresh(),
  });
}
