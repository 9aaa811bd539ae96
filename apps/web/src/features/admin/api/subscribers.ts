import type { Paged, Subscriber } from '@bookstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE, query, saveFile } from './common';

/** GET /admin/subscribers/ : newsletter subscribers, newest first. */
export function useSubscribers(params: { page: number; search: string }) {
  return useQuery({
    queryKey: ['admin', 'subscribers', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<Subscriber>>(`/admin/subscribers/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, { signal }),
  });
}

/** GET /admin/subscribers/export/ : every subscriber (matching the search) as a CSV file, saved by the browser. */
export async function downloadSubscribers(search: string) {
  const csv = await api.get<string>(`/admin/subscribers/export/?${query({ search })}`, { as: 'text' });
  saveFile(csv, `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
}
