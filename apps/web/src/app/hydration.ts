import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { type HydrationState, isRouteErrorResponse, UNSAFE_ErrorResponseImpl } from 'react-router';
import { ApiError } from '../lib/api-client';

/** The id of the JSON script that carries the server's data into the page. */
export const STATE_ELEMENT_ID = 'app-state';

/** What the server hands the browser: the router's loader results and TanStack Query's cache. */
export interface AppState {
  router: HydrationState;
  queries: DehydratedState;
}

type WireError = { apiError: { status: number; message: string; body: ApiError['body'] } } | { routeError: unknown };

/** An answer's error as plain JSON (a class does not survive JSON), or nothing for others. */
function errorToWire(error: unknown): WireError | null {
  if (error instanceof ApiError)
    return { apiError: { status: error.status, message: error.message, body: error.body } };
  if (isRouteErrorResponse(error))
    return { routeError: { status: error.status, statusText: error.statusText, data: error.data } };
  return null;
}

function errorFromWire(wire: unknown): unknown {
  const value = wire as Partial<{ apiError: { status: number; message: string; body: ApiError['body'] } }> &
    Partial<{ routeError: { status: number; statusText: string; data: unknown } }>;
  if (value?.apiError) return new ApiError(value.apiError.status, value.apiError.message, value.apiError.body);
  if (value?.routeError)
    return new UNSAFE_ErrorResponseImpl(value.routeError.status, value.routeError.statusText, value.routeError.data);
  return new Error('Something went wrong');
}

/**
 * The server's state, ready for JSON: successful answers and API refusals (a 404 renders as "not
 * found" on both sides, not as a loading state the browser would then replace).
 */
export function serverState(client: QueryClient, router: HydrationState): AppState {
  const queries = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' || (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
  for (const query of queries.queries) {
    if (query.state.error) query.state.error = errorToWire(query.state.error) as never;
  }
  const errors = router.errors
    ? Object.fromEntries(Object.entries(router.errors).map(([id, error]) => [id, errorToWire(error)]))
    : null;
  return { router: { loaderData: router.loaderData, actionData: router.actionData, errors }, queries };
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
  for (const query of state.queries.queries) {
    if (!query.state.error) continue;
    query.state.error = errorFromWire(query.state.error) as never;
    // As on the server: the refusal shows, not a loading state and the same question again.
    client.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  hydrate(client, state.queries);
  const errors = state.router.errors
    ? Object.fromEntries(Object.entries(state.router.errors).map(([id, error]) => [id, errorFromWire(error)]))
    : null;
  return { ...state, router: { ...state.router, errors } };
}
