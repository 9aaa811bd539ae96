import type {
  PromoCode,
  PromoCodeRequestInput,
  PromoCodeUpdateInput,
  Sale,
  SalePreview,
  SaleRequestInput,
  SaleUpdateInput,
} from '@bookstore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The Sales tab: GET /admin/sales/, POST /admin/sales/ (and /preview/), POST /admin/sales/{id}/end/,
 * PATCH and DELETE /admin/sales/{id}/.
 */
export function useSales() {
  return useQuery({
    queryKey: ['admin', 'sales'],
    queryFn: ({ signal }) => api.get<{ data: Sale[] }>('/admin/sales/', { signal }),
  });
}

export function previewSale(sale: SaleRequestInput) {
  return api.post<SalePreview>('/admin/sales/preview/', sale);
}

function useRefresh(key: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['admin', key] });
    // Prices moved: every book answer the storefront holds is stale.
    void client.invalidateQueries({ queryKey: ['books'] });
  };
}

export function useCreateSale() {
  const refresh = useRefresh('sales');
  return useMutation({
    mutationFn: (sale: SaleRequestInput) => api.post<Sale>('/admin/sales/', sale),
    onSuccess: refresh,
  });
}

export function useEndSale() {
  const refresh = useRefresh('sales');
  return useMutation({
    mutationFn: (id: number) => api.post<Sale>(`/admin/sales/${id}/end/`),
    onSuccess: refresh,
  });
}

/** The Codes tab: GET and POST /admin/promo-codes/, PATCH and DELETE /admin/promo-codes/{id}/, POST …/{id}/end/. */
export function usePromoCodes() {
  return useQuery({
    queryKey: ['admin', 'promo-codes'],
    queryFn: ({ signal }) => api.get<{ data: PromoCode[] }>('/admin/promo-codes/', { signal }),
  });
}

export function useCreatePromoCode() {
  const refresh = useRefresh('promo-codes');
  return useMutation({
    mutationFn: (code: PromoCodeRequestInput) => api.post<PromoCode>('/admin/promo-codes/', code),
    onSuccess: refresh,
  });
}

export function useUpdateSale() {
  const refresh = useRefresh('sales');
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: SaleUpdateInput }) =>
      api.patch<Sale>(`/admin/sales/${id}/`, change),
    onSuccess: refresh,
  });
}

export function useDeleteSale() {
  const refresh = useRefresh('sales');
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/admin/sales/${id}/`),
    onSuccess: refresh,
  });
}

export function useUpdatePromoCode() {
  const refresh = useRefresh('promo-codes');
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: PromoCodeUpdateInput }) =>
      api.patch<PromoCode>(`/admin/promo-codes/${id}/`, change),
    onSuccess: refresh,
  });
}

export function useEndPromoCode() {
  const refresh = useRefresh('promo-codes');
  return useMutation({
    mutationFn: (id: number) => api.post<PromoCode>(`/admin/promo-codes/${id}/end/`),
    onSuccess: refresh,
  });
}

export function useDeletePromoCode() {
  const refresh = useRefresh('promo-codes');
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/admin/promo-codes/${id}/`),
    onSuccess: refresh,
  });
}
