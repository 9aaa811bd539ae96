import type { Paged, ReportedReview } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE, query } from './common';

/** GET /admin/reviews/reported/ : reviews shoppers reported, most recently reported first. */
export function useReportedReviews(params: { page: number }) {
  return useQuery({
    queryKey: ['admin', 'reported-reviews', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<ReportedReview>>(`/admin/reviews/reported/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, {
        signal,
      }),
  });
}

/** Refreshes the queue and the book pages' reviews, which a kept or deleted review changes. */
function useRefreshReviews() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin'] }),
      client.invalidateQueries({ queryKey: ['reviews'] }),
      client.invalidateQueries({ queryKey: ['book'] }),
    ]);
}

/** POST /admin/reviews/{id}/keep/ : the review stays and its reports are cleared. */
export function useKeepReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (id: number) => api.post<{ kept: true; message: string }>(`/admin/reviews/${id}/keep/`),
    onSuccess: () => refresh(),
  });
}

/** DELETE /books/{title}/reviews/{id}/ : staff may delete any review. */
export function useDeleteReportedReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (review: Pick<ReportedReview, 'id' | 'book_title'>) =>
      api.delete<null>(`/books/${encodeURIComponent(review.book_title)}/reviews/${review.id}/`),
    onSuccess: () => refresh(),
  });
}
