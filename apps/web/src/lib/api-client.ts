import type { ApiError as ApiErrorBody, TokenPair } from '@bookstore/contract';
import { readAccessPayload, REFRESH_WINDOW_MS, rememberDestination, useAuthStore } from '../stores/auth';

/**
 * The one HTTP client: base path /api, JSON by default, credentials sent, bearer token attached when
 * signed in, errors turned into ApiError with the server's sentence. Token refresh and the 401
 * policy (docs/product.md, "Behaviour", "Where we depart from the original brief") plug in through `configureAuth`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: (ApiErrorBody & Record<string, unknown>) | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get fields() {
    return this.body?.fields;
  }
}

export interface AuthHooks {
  /** The access token to send, refreshing first when it expires soon; null for guests. */
  getAccessToken(): Promise<string | null>;
  /** Called after a 401 on an authorised call: refresh and say whether to retry once. */
  onUnauthorized(): Promise<boolean>;
  /** Called when the retry failed too: sign out and go to /login. */
  onAuthFailure(): void;
}

/**
 * Sign the user out and go to /login, remembering the page (docs/product.md, "Where we depart from the original brief"). A full page load on
 * purpose: nothing cached for the old session (queries, forms) survives it.
 */
export function endSessionAndGoToLogin() {
  useAuthStore.getState().logout();
  if (window.location.pathname === '/login') return;
  rememberDestination();
  browser.goTo('/login');
}

/** The page load, apart so component tests (jsdom cannot navigate) can watch it. */
export const browser = { goTo: (path: string) => window.location.assign(path) };

/** The store's policy (docs/product.md, "Behaviour", "API", "Where we depart from the original brief"). */
export const defaultAuthHooks: AuthHooks = {
  async getAccessToken() {
    const hadSession = useAuthStore.getState().isAuth;
    const token = await freshAccessToken();
    // The refresh token was refused before the call: the session is over.
    if (hadSession && !token) auth.onAuthFailure();
    return token;
  },
  async onUnauthorized() {
    if (!useAuthStore.getState().refresh) return false;
    return (await refreshSession()) === 'refreshed';
  },
  onAuthFailure: endSessionAndGoToLogin,
};

let auth: AuthHooks = defaultAuthHooks;

/** Replaces the policy (tests, or an embedding app); `configureAuth(defaultAuthHooks)` restores it. */
export function configureAuth(hooks: AuthHooks) {
  auth = hooks;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** false: never send the token (public calls). */
  auth?: boolean;
  /** 'text': the body as it came (a CSV download), instead of parsed JSON. */
  as?: 'json' | 'text';
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = { Accept: options.as === 'text' ? '*/*' : 'application/json' };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (options.auth !== false) {
      const token = await auth.getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    return fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  };

  let response = await send();
  if (response.status === 401 && options.auth !== false && response.headers) {
    if (await auth.onUnauthorized()) response = await send();
    if (response.status === 401) auth.onAuthFailure();
  }
  return parse<T>(response, options.as);
}

/**
 * The server's sentence, in the shop's voice: a validation reply says 'field: message' (for API
 * clients), which a shopper reads as the message alone ('This username is already taken').
 */
export function sentenceOf(body: (ApiErrorBody & Record<string, unknown>) | null): string {
  const error = typeof body?.error === 'string' && body.error ? body.error : 'An unexpected error occurred';
  for (const [field, messages] of Object.entries(body?.fields ?? {})) {
    const prefix = `${field}: `;
    if (error.startsWith(prefix) && messages.length > 0) return messages.join(' ');
  }
  return error;
}

async function parse<T>(response: Response, as: RequestOptions['as'] = 'json'): Promise<T> {
  const text = await response.text();
  if (response.ok && as === 'text') return text as T;
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const body = (data && typeof data === 'object' ? data : null) as (ApiErrorBody & Record<string, unknown>) | null;
    throw new ApiError(response.status, sentenceOf(body), body);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** True when there is no access token, or it expires within `withinMs`. */
export function expiresSoon(access: string | null, withinMs = REFRESH_WINDOW_MS, now = Date.now()): boolean {
  const exp = readAccessPayload(access)?.exp;
  return !exp || exp * 1000 - now < withinMs;
}

export type RefreshResult = 'refreshed' | 'ended' | 'unavailable';
let inflight: Promise<RefreshResult> | null = null;

async function postRefresh(refresh: string): Promise<RefreshResult> {
  let pair: Partial<TokenPair> | null;
  try {
    // Without a token (`auth: false`), so a refused refresh never comes back here through the 401 policy.
    pair = await apiRequest<Partial<TokenPair> | null>('/token/refresh/', {
      method: 'POST',
      body: { refresh },
      auth: false,
    });
  } catch (err) {
    if (err instanceof ApiError && [400, 401, 403].includes(err.status)) return 'ended';
    return 'unavailable';
  }
  if (!pair?.access) return 'unavailable';
  // One reading of the spec says only access comes back: keep the old refresh token then.
  useAuthStore.getState().setToken(pair.access, pair.refresh ?? refresh);
  return 'refreshed';
}

async function refreshOnce(): Promise<RefreshResult> {
  const presented = useAuthStore.getState().refresh;
  if (!presented) return 'ended';
  // Several tabs: take turns, and skip the call when another tab has just rotated the tokens.
  const run = async (): Promise<RefreshResult> => {
    await useAuthStore.persist.rehydrate();
    const { refresh, access } = useAuthStore.getState();
    if (!refresh) return 'ended';
    if (refresh !== presented && !expiresSoon(access)) return 'refreshed';
    return postRefresh(refresh);
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('bookstore-token-refresh', run) : run();
}

/** Exchanges the refresh token for a new pair. Concurrent callers share one request. */
export function refreshSession(): Promise<RefreshResult> {
  inflight ??= refreshOnce().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** The access token to send: refreshed first when it expires soon; null for guests or an ended session. */
export async function freshAccessToken(): Promise<string | null> {
  const { access, refresh } = useAuthStore.getState();
  if (!access || !refresh) return access;
  if (!expiresSoon(access)) return access;
  const result = await refreshSession();
  // Offline or a server hiccup: the current token may still have minutes left; let the call decide.
  if (result === 'unavailable') return useAuthStore.getState().access;
  return result === 'refreshed' ? useAuthStore.getState().access : null;
}
