import type { MailMessage, MailStatus, MailSummary, Paged } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE, query } from './common';

/** GET /admin/mail/ : every e-mail the shop wrote, newest first (docs/decisions/0016-mail.md). */
export function useMail(params: { page: number; status: MailStatus | ''; search: string }) {
  return useQuery({
    queryKey: ['admin', 'mail', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<MailSummary>>(`/admin/mail/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, { signal }),
  });
}

/** GET /admin/mail/{id}/ : one message with its HTML and text. */
export function useMailMessage(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'mail', 'message', id],
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<MailMessage>(`/admin/mail/${id}/`, { signal }),
  });
}

/** POST /admin/mail/{id}/send/ : a failed message goes back to the queue. */
export function useSendAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<MailMessage>(`/admin/mail/${id}/send/`),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'mail'] }),
  });
}
