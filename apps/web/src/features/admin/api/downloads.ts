import type { DownloadLine } from '@bookstore/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /admin/orders/{id}/downloads/{item}/renew: staff give an eBook line a new download link (24
 * hours, 5 downloads), whenever asked; the customer sees it on their order page and may again ask for
 * new links themselves (docs/product.md, "eBook downloads").
 */
export function useStaffRenewDownload(orderId: number) {
  return useMutation({
    mutationFn: (item: number) => api.post<DownloadLine>(`/admin/orders/${orderId}/downloads/${item}/renew`, {}),
  });
}
