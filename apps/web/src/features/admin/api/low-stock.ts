import type { LowStockList } from '@bookstore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /admin/low-stock/ : books at or under the shop's low-stock threshold, fewest copies first. */
export function useLowStock() {
  return useQuery({
    queryKey: ['admin', 'low-stock'],
    queryFn: ({ signal }) => api.get<LowStockList>('/admin/low-stock/', { signal }),
  });
}
