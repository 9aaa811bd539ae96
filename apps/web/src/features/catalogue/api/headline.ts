import type { HeadlineSale } from '@bookstore/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /sales/headline/ : the running sale the shop marks as headline, for the hero (null when none). */
export const headlineSaleQuery = () =>
  queryOptions({
    queryKey: ['sales', 'headline'],
    queryFn: ({ signal }) => api.get<HeadlineSale>('/sales/headline/', { signal, auth: false }),
  });

export function useHeadlineSale() {
  return useQuery(headlineSaleQuery());
}
