import type { DashboardSummary } from '@bookstore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /admin/summary/ : the header figures and 30 days of paid sales. */
export function useSummary() {
  return useQuery({
    queryKey: ['admin', 'summary'],
    queryFn: ({ signal }) => api.get<DashboardSummary>('/admin/summary/', { signal }),
  });
}
