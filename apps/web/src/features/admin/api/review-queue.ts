import type { SubmittedBook, SubmittedBooksPage } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE } from './common';

/** GET /admin/books/pending/ : readers' books waiting for a decision, oldest first. */
export function useReviewQueue(params: { page: number; search: string }) {
  const search = new URLSearchParams({ page: String(params.page), page_size: String(ADMIN_PAGE_SIZE) });
  if (params.search) search.set('search', params.search);
  return useQuery({
    queryKey: ['admin', 'review-queue', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.get<SubmittedBooksPage>(`/admin/books/pending/?${search}`, { signal }),
  });
}

/** POST /admin/books/{id}/approve/ or reject/ : an approved book joins every public list at once. */
export function useDecideBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      api.post<SubmittedBook>(`/admin/books/${id}/${decision}/`),
    onSuccess: () =>
      Promise.all(
        [['admin'], ['books'], ['featured'], ['authors'], ['author'], ['categories'], ['category']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
