import type { DownloadLine } from '@bookstore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = (orderId: number) => ['downloads', orderId] as const;

/** GET /api/orders/{id}/downloads/: the eBook lines of a paid order with their links (docs/product.md, "eBook downloads"). */
export function useDownloads(orderId: number, paid: boolean) {
  return useQuery({
    queryKey: key(orderId),
    queryFn: ({ signal }) => api.get<DownloadLine[]>(`/orders/${orderId}/downloads/`, { signal }),
    enabled: paid,
    staleTime: 0,
  });
}

/** POST /api/orders/{id}/downloads/{item}/renew: a new link for 24 hours and 5 downloads. */
export function useRenewDownload(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: number) => api.post<DownloadLine>(`/orders/${orderId}/downloads/${item}/renew`, {}),
    onSuccess: (line) =>
      client.setQueryData<DownloadLine[]>(key(orderId), (lines) =>
        lines?.map((entry) => (entry.item === line.item ? line : entry)),
      ),
  });
}
