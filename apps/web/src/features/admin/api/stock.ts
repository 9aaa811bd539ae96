import type { EditionStock, StockAdjusted, StockAdjustment } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { query, useRefreshAdmin } from './common';

/** How many ledger lines the stock dialog shows at once. */
export const LEDGER_PAGE_SIZE = 10;

/** GET /admin/editions/{id}/stock/ : an edition's copies now and one page of its ledger, newest first. */
export function useEditionStock(editionId: number, page: number) {
  return useQuery({
    queryKey: ['admin', 'stock', editionId, page],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<EditionStock>(`/admin/editions/${editionId}/stock/?${query({ page, page_size: LEDGER_PAGE_SIZE })}`, {
        signal,
      }),
  });
}

/** POST /admin/editions/{id}/stock/ : add or remove copies with a reason; the table and the ledger refresh. */
export function useAdjustStock(editionId: number) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (values: StockAdjustment) => api.post<StockAdjusted>(`/admin/editions/${editionId}/stock/`, values),
    onSuccess: () => refresh(),
  });
}
