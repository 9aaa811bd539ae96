import type { ShippingMethodCreateInput, StaffShippingMethod } from '@bookstore/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshDelivery } from './common';

/** GET /admin/shipping-methods/ : every delivery method, also the ones not offered. */
export function useStaffShippingMethods() {
  return useQuery({
    queryKey: ['admin', 'shipping-methods'],
    queryFn: ({ signal }) => api.get<StaffShippingMethod[]>('/admin/shipping-methods/', { signal }),
  });
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
