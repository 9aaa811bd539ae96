import { useQuery } from '@tanstack/react-query';
import { fetchBooks } from './books';

export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_RESULT_LIMIT = 10;

/** GET /books/?keyword= : unauthenticated; blank terms never call. */
export function useBookSearch(term: string) {
  const keyword = term.trim();
  return useQuery({
    queryKey: ['search', keyword],
    enabled: keyword.length > 0,
    retry: false,
    staleTime: 30_000,
    queryFn: async ({ signal }) => (await fetchBooks({ keyword, pageSize: SEARCH_RESULT_LIMIT }, signal)).data,
  });
}
