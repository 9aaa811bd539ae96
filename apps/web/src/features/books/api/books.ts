import type { Book, Profile, SubmittedBook, SubmittedBooksPage } from '@bookstore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
      [
        ['books'],
        ['book'],
        ['featured'],
        ['authors'],
        ['author'],
        ['categories'],
        ['category'],
        ['admin'],
        ['my-books'],
      ].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
}

/** POST /books/ (multipart): a reader's book comes back 'pending', staff's 'approved'. */
export function useCreateBook() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ values, image }: { values: BookFormValues; image: File | null }) =>
      api.post<SubmittedBook>('/books/', bookFormData(values, image)),
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

export const MY_BOOKS_PAGE_SIZE = 20;

/** GET /books/mine/ : the books the signed-in reader added, newest first, each with where it stands. */
export function useMyBooks(enabled: boolean, page: number) {
  return useQuery({
    queryKey: ['my-books', page],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<SubmittedBooksPage>(`/books/mine/?page=${page}&page_size=${MY_BOOKS_PAGE_SIZE}`, { signal }),
  });
}

/** An edition as staff type it (docs/decisions/0022-editions.md): every field as text. */
export interface EditionDraft {
  format: string;
  condition: string;
  condition_note: string;
  isbn: string;
  price: string;
  stock_amount: string;
}

/** The JSON body of an edition write: an eBook sends no stock. */
export function editionBody(draft: EditionDraft) {
  const { stock_amount, ...rest } = draft;
  return draft.format === 'eBook' ? rest : { ...rest, stock_amount };
}

/** POST /books/{id}/editions/, PUT and DELETE /books/{id}/editions/{edition}/ (staff): each answers the book. */
export function useEditionWrites(bookId: number) {
  const refresh = useRefreshCatalogue();
  const add = useMutation({
    mutationFn: (draft: EditionDraft) => api.post<Book>(`/books/${bookId}/editions/`, editionBody(draft)),
    onSuccess: () => refresh(),
  });
  const change = useMutation({
    mutationFn: ({ id, draft }: { id: number; draft: EditionDraft }) =>
      api.put<Book>(`/books/${bookId}/editions/${id}/`, editionBody(draft)),
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      api.delete<{ ok: true; kept: boolean; message: string }>(`/books/${bookId}/editions/${id}/`),
    onSuccess: () => refresh(),
  });
  return { add, change, remove };
}

/** Adds editions to a new book, one after another; the messages of those that could not be added. */
export async function addEditions(bookId: number, drafts: EditionDraft[]): Promise<string[]> {
  const problems: string[] = [];
  for (const draft of drafts) {
    try {
      await api.post<Book>(`/books/${bookId}/editions/`, editionBody(draft));
    } catch (err) {
      problems.push(`${draft.format}: ${err instanceof Error ? err.message : 'could not be added'}`);
    }
  }
  return problems;
}
