import type { Book, Profile } from '@bookstore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorsQuery, categoriesQuery } from '../../../lib/catalogue-lists';

/** Form values as the inputs hold them: text, and booleans for the checkboxes. */
export type BookFormValues = Record<string, string | boolean>;

/** The multipart body of a book write: every field as text, the cover as `image` when one was picked. */
export function bookFormData(values: BookFormValues, image: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, String(value));
  if (image) form.append('image', image);
  return form;
}

/** After a write, every list, count and page that shows books asks the server again. */
function useRefreshCatalogue() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [['books'], ['book'], ['featured'], ['authors'], ['author'], ['categories'], ['category'], ['admin']].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /books/ (multipart). */
export function useCreateBook() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ values, image }: { values: BookFormValues; image: File | null }) =>
      api.post<Book>('/books/', bookFormData(values, image)),
    onSuccess: () => refresh(),
  });
}

/** PUT /books/update/{id}/ (multipart; any subset of the fields). */
export function useUpdateBook() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, values, image }: { id: number; values: BookFormValues; image: File | null }) =>
      api.put<Book>(`/books/update/${id}/`, bookFormData({ id: String(id), ...values }, image)),
    onSuccess: () => refresh(),
  });
}

/** The author and category selects (same cache as the header menus). */
export function useBookChoices() {
  const authors = useQuery(authorsQuery);
  const categories = useQuery(categoriesQuery);
  return { authors: authors.data ?? [], categories: categories.data ?? [] };
}

/** GET /profile/ : whether the signed-in user may add books (first name, last name and email set). */
export function useProfileForBooks(enabled: boolean) {
  return useQuery({
    queryKey: ['profile'],
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) => api.get<Profile>('/profile/', { signal }),
  });
}
