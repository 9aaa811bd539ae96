import type { AdminBook, AdminBookSort, Book, BookDeleted, Paged } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE, query, useRefreshAdmin } from './common';

/** GET /admin/books/ : one page of the books table. */
export function useAdminBooks(params: { page: number; sort: AdminBookSort; search: string }) {
  return useQuery({
    queryKey: ['admin', 'books', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Paged<AdminBook>>(`/admin/books/?${query({ ...params, page_size: ADMIN_PAGE_SIZE })}`, { signal }),
  });
}

/** DELETE /books/{id}/ */
export function useDeleteBook() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: number) => api.delete<BookDeleted>(`/books/${id}/`),
    onSuccess: () => refresh(),
  });
}

/** GET /books/lookup/?ids= : one book as the edit dialog needs it. */
export async function fetchBookForEdit(id: number): Promise<Book | null> {
  const [book] = await api.get<Book[]>(`/books/lookup/?ids=${id}`);
  return book ?? null;
}
