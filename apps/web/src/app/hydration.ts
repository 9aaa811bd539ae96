import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** The id of the JSON script that carries the server's data into the page. */
export const STATE_ELEMENT_ID = 'app-state';

/**
 * What the server hands the browser: TanStack Query's cache, which the loaders filled. The router's
 * own state is not sent: the loaders return nothing, and the browser's router has no loader data to
 * take (app/client-routes.tsx, docs/decisions/0021-less-script.md).
 */
export interface AppState {
  queries: DehydratedState;
}

type WireError = { apiError: { status: number; message: string; body: ApiError['body'] } };

/** An answer's error as plain JSON (a class does not survive JSON), or nothing for others. */
function errorToWire(error: unknown): WireError | null {
  if (error instanceof ApiError)
    return { apiError: { status: error.status, message: error.message, body: error.body } };
  return null;
}

function errorFromWire(wire: unknown): unknown {
  const value = wire as Partial<WireError>;
  if (value?.apiError) return new ApiError(value.apiError.status, value.apiError.message, value.apiError.body);
  return new Error('Something went wrong');
}

/**
 * The server's state, ready for JSON: successful answers and API refusals (a 404 renders as "not
 * found" on both sides, not as a loading state the browser would then replace). The times TanStack
 * Query stamps on a query (when it was answered, when it was dehydrated) are left at 0: a page
 * rendered again from the same answers is then the same bytes, so its ETag still matches what a
 * browser holds (a 304) and its compressed forms are not made again (apps/api/src/lib/answers/cache.ts).
 * The browser stamps them as it reads the page (`takeServerState`).
 */
export function serverState(client: QueryClient): AppState {
  const queries = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' || (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
  for (const query of queries.queries) {
    if (query.state.error) query.state.error = errorToWire(query.state.error) as never;
    query.state.dataUpdatedAt = 0;
    query.state.errorUpdatedAt = 0;
    query.dehydratedAt = 0;
  }
  return { queries };
}

/** JSON that is safe inside <script type="application/json">: no `</script>`, no HTML comment. */
export function stateToHtml(state: AppState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Reads the server's state from the page (null when it was not server-rendered) and seeds the cache. */
export function takeServerState(client: QueryClient): AppState | null {
  const element = document.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  const state = JSON.parse(element.textContent) as AppState;
  // The answers count as fresh from now: the store keeps a page a few seconds
  // (CATALOGUE_CACHE_SECONDS) and a browser asks for it again on every visit (max-age=0). A shared
  // cache in front may hold it longer (s-maxage, stale-while-revalidate); the usual staleTime then
  // runs from the visit, not from the render.
  const now = Date.now();
  for (const query of state.queries.queries) {
    query.dehydratedAt = now;
    if (query.state.status === 'success') query.state.dataUpdatedAt = now;
    else query.state.errorUpdatedAt = now;
    if (!query.state.error) continue;
    query.state.error = errorFromWire(query.state.error) as never;
    // As on the server: the refusal shows, not a loading state and the same question again.
    client.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(client, state.queries);
  return state;
}
