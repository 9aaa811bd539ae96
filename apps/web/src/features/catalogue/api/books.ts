import type { BOOK_ORDERINGS, Book, BookOrdering, Paged, PagedBooks } from '@bookstore/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type BooksParams = { page?: number; ordering?: BookOrdering; pageSize?: number; keyword?: string };

/** The API address of one page of the catalogue. */
function booksAddress(params: BooksParams) {
  const query = new URLSearchParams();
  query.set('page', String(params.page ?? 1));
  if (params.ordering) query.set('ordering', params.ordering);
  if (params.pageSize) query.set('page_size', String(params.pageSize));
  if (params.keyword) query.set('keyword', params.keyword);
  return `/books/?${query}`;
}

/** GET /books/?page=&ordering=&page_size= : one page of the catalogue, newest first by default. */
export function fetchBooks(params: BooksParams, signal?: AbortSignal) {
  return api.get<Paged<Book>>(booksAddress(params), { signal, auth: false });
}

export const HOME_GRID_SIZE = 8;

/** The first 8 books, for the home grid. */
export const homeBooksQuery = () => {
  const address = booksAddress({ page: 1, ordering: '-created_at', pageSize: HOME_GRID_SIZE });
  return {
    ...queryOptions({
      queryKey: ['books', 'home'],
      queryFn: ({ signal }) => api.get<PagedBooks>(address, { signal, auth: false }),
    }),
    address,
  };
};

export function useHomeBooks() {
  return useQuery(homeBooksQuery());
}

/** The filters a listing can carry in its address (`/books?category=fiction&price_max=20`). */
export interface BookFilters {
  category: string[];
  author: string[];
  book_type: string[];
  condition: string[];
  price_min: string;
  price_max: string;
  rating_min: string;
  in_stock: boolean;
  /** Selling below the regular price (a sale runs on it). */
  on_sale: boolean;
}
export type ListFacet = 'category' | 'author' | 'book_type' | 'condition';
export const LIST_FACETS: ListFacet[] = ['category', 'author', 'book_type', 'condition'];
export const FILTER_PARAMS = [...LIST_FACETS, 'price_min', 'price_max', 'rating_min', 'in_stock', 'on_sale'] as const;

/** The filters an address holds; anything malformed is left for the server to refuse. */
export function filtersFrom(search: URLSearchParams): BookFilters {
  return {
    category: search.getAll('category'),
    author: search.getAll('author'),
    book_type: search.getAll('book_type'),
    condition: search.getAll('condition'),
    price_min: search.get('price_min') ?? '',
    price_max: search.get('price_max') ?? '',
    rating_min: search.get('rating_min') ?? '',
    in_stock: search.get('in_stock') === '1',
    on_sale: search.get('on_sale') === '1',
  };
}

export function hasFilters(filters: BookFilters): boolean {
  return (
    LIST_FACETS.some((name) => filters[name].length > 0) ||
    Boolean(filters.price_min || filters.price_max || filters.rating_min) ||
    filters.in_stock ||
    filters.on_sale
  );
}

/** The address parameters of `filters`, after the ones in `search` that are not filters (q, ordering). */
export function withFilters(search: URLSearchParams, filters: BookFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of search) {
    if (!(FILTER_PARAMS as readonly string[]).includes(key)) next.append(key, value);
  }
  for (const name of LIST_FACETS) for (const value of filters[name]) next.append(name, value);
  if (filters.price_min) next.set('price_min', filters.price_min);
  if (filters.price_max) next.set('price_max', filters.price_max);
  if (filters.rating_min) next.set('rating_min', filters.rating_min);
  if (filters.in_stock) next.set('in_stock', '1');
  if (filters.on_sale) next.set('on_sale', '1');
  return next;
}

/**
 * What a listing asks the API for, without the page: ordering, keyword and filters. One string, so it
 * is also (with the path) the query key.
 */
export function listQuery(options: {
  ordering: BookOrdering;
  filters: BookFilters;
  keyword?: string;
  exact?: boolean;
}): string {
  const query = new URLSearchParams();
  query.set('ordering', options.ordering);
  if (options.keyword) query.set('keyword', options.keyword);
  if (options.keyword && options.exact) query.set('exact', '1');
  return withFilters(query, options.filters).toString();
}

/** Where a listing comes from: all books, or an author's or a category's. */
export type BookSource = { path: '/books/' } | { path: string; fixed: 'author' | 'category' };
export const ALL_BOOKS: BookSource = { path: '/books/' };
export const authorSource = (slug: string): BookSource => ({
  path: `/authors/${encodeURIComponent(slug)}/books/`,
  fixed: 'author',
});
export const categorySource = (slug: string): BookSource => ({
  path: `/categories/${encodeURIComponent(slug)}/books/`,
  fixed: 'category',
});

/**
 * A listing page by page, in the server's order (the client never re-sorts), from page `start` on (an
 * address with `?page=n`, the links a reader without JavaScript follows); facet counts come with the
 * first page asked.
 */
export const bookPagesQuery = (source: BookSource, query: string, start = 1) => {
  const address = (page: number) => `${source.path}?page=${page}&${query}${page === start ? '&facets=1' : ''}`;
  return {
    ...infiniteQueryOptions({
      queryKey: ['books', 'list', source.path, query, ...(start > 1 ? [start] : [])],
      queryFn: ({ pageParam, signal }) => api.get<PagedBooks>(address(pageParam), { signal, auth: false }),
      initialPageParam: start,
      getNextPageParam: (last) => last.meta.next ?? undefined,
    }),
    address,
  };
};

/** While another view loads, the last one stays (the filter panel keeps its values and counts). */
export function useBookPages(source: BookSource, query: string, start = 1) {
  return useInfiniteQuery({ ...bookPagesQuery(source, query, start), placeholderData: keepPreviousData });
}

/** The first page a listing's address asks for (`?page=n`), 1 when none or malformed. */
export function startPageFrom(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1;
}

/** The search part of a listing's page `page` (`?page=3&ordering=title`), keeping its ordering and filters. */
export function withPage(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const query = next.toString();
  return query ? `?${query}` : '';
}

/**
 * The contract's orderings, kept here as well: importing its value would bring the contract's zod
 * schemas into the home page's JavaScript. The type below fails to compile if the two lists differ.
 */
const ORDERINGS = ['-created_at', 'created_at', 'price', '-price', '-rating', 'title', 'relevance'] as const;
const sameOrderings: [(typeof BOOK_ORDERINGS)[number], (typeof ORDERINGS)[number]] extends [
  (typeof ORDERINGS)[number],
  (typeof BOOK_ORDERINGS)[number],
]
  ? true
  : false = true;
void sameOrderings;

/** The ordering an address asks for, or the page's default. */
export function orderingFrom(search: URLSearchParams, fallback: BookOrdering = '-created_at'): BookOrdering {
  const asked = search.get('ordering');
  return (ORDERINGS as readonly string[]).includes(asked ?? '') ? (asked as BookOrdering) : fallback;
}

/** The query of a listing page (/books, an author's, a category's) from its address. */
export function booksPageQuery(search: URLSearchParams, source: BookSource = ALL_BOOKS): string {
  const filters = filtersFrom(search);
  if ('fixed' in source) filters[source.fixed] = [];
  return listQuery({ ordering: orderingFrom(search), filters });
}

/** The /search listing: the words of `q`, best match first unless another order is asked. */
export function searchPageQuery(search: URLSearchParams): string {
  return listQuery({
    ordering: orderingFrom(search, 'relevance'),
    filters: filtersFrom(search),
    keyword: search.get('q')?.trim() ?? '',
    exact: search.get('exact') === '1',
  });
}
