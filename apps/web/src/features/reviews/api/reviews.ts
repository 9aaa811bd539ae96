import { type Review, type ReviewRequest, REVIEWS_PAGE_SIZE, type ReviewsPage } from '@bookstore/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth';

const reviewsPath = (title: string) => `/books/${encodeURIComponent(title)}/reviews/`;

/** Every cached page of one book's reviews, whoever was reading. */
const bookReviewsKey = (title: string) => ['reviews', title];

/**
 * GET /books/{title}/reviews/?page=n: pages of 10, newest first, with the summary and, when signed
 * in, the reader's own review (so the key carries who is reading).
 */
export function useBookReviews(title: string) {
  const username = useAuthStore((s) => s.profile?.username ?? (s.isAuth ? '' : null));
  return useInfiniteQuery({
    queryKey: [...bookReviewsKey(title), username],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<ReviewsPage>(`${reviewsPath(title)}?page=${pageParam}&page_size=${REVIEWS_PAGE_SIZE}`, { signal }),
    getNextPageParam: (last) => last.meta.next ?? undefined,
  });
}

/** POST /books/{title}/reviews/: writes the reader's review, or replaces it. */
export function useSubmitReview(title: string, onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewRequest) => api.post<Review>(reviewsPath(title), body),
    onSuccess: async () => {
      onChanged?.();
      await client.invalidateQueries({ queryKey: bookReviewsKey(title) });
    },
  });
}

/** DELETE /books/{title}/reviews/{id}/: the author's own review, or any review for staff. */
export function useDeleteReview(title: string, onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${reviewsPath(title)}${id}/`),
    onSuccess: async () => {
      onChanged?.();
      await client.invalidateQueries({ queryKey: bookReviewsKey(title) });
    },
  });
}

/** POST /books/{title}/reviews/{id}/report/ : sends someone else's review to staff, with an optional reason. */
export function useReportReview(title: string) {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<{ reported: true; message: string }>(`${reviewsPath(title)}${id}/report/`, { reason }),
  });
}
