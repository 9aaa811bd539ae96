import type { ContactMessage, MessageStatus, Paged } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE, query } from './common';

/** GET /admin/messages/ : contact messages, newest first. */
export function useMessages(params: { page: number; status: MessageStatus | ''; search: string }) {
  return useQuery({
    queryKey: ['admin', 'messages', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<ContactMessage>>(`/admin/messages/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, {
        signal,
      }),
  });
}

/** PUT /admin/messages/{id}/handled/ */
export function useMarkHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      api.put<ContactMessage>(`/admin/messages/${id}/handled/`, { handled }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'messages'] }),
        client.invalidateQueries({ queryKey: ['admin', 'summary'] }),
      ]),
  });
}
