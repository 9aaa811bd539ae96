import type { Profile, TokenPair } from '@bookstore/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * docs/product.md, "Data", auth state, persisted as 'auth': tokens, flags and the signed-in profile. The
 * session helpers below (refresh before expiry, one refresh at a time, sign-out) are what the one
 * HTTP client calls; they talk to the token endpoints with plain fetch so they never loop through it.
 */
export type AuthProfile = Pick<Profile, 'username' | 'profile_picture' | 'is_staff'> &
  Partial<Omit<Profile, 'username' | 'profile_picture' | 'is_staff'>>;

export interface AuthState {
  access: string | null;
  refresh: string | null;
  isAuth: boolean;
  isAdmin: boolean;
  profile: AuthProfile | null;
  setToken(access: string | null, refresh: string | null): void;
  setProfile(profile: AuthProfile | null): void;
  logout(): void;
}

export const AUTH_STORAGE_KEY = 'auth';
export const REDIRECT_KEY = 'redirectAfterLogin';
/** docs/product.md, "Constants": refresh when the access token expires within 5 minutes. */
export const REFRESH_WINDOW_MS = 5 * 60 * 1000;

interface AccessPayload {
  exp?: number;
  is_staff?: boolean;
}

export function readAccessPayload(access: string | null): AccessPayload | null {
  if (!access) return null;
  try {
    const part = access.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part.padEnd(part.length + ((4 - (part.length % 4)) % 4), '='))) as AccessPayload;
  } catch {
    return null;
  }
}

const isStaffFromToken = (access: string | null) => readAccessPayload(access)?.is_staff === true;

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      access: null,
      refresh: null,
      isAuth: false,
      isAdmin: false,
      profile: null,
      setToken: (access, refresh) =>
        set({
          access,
          refresh,
          isAuth: Boolean(access && refresh),
          isAdmin: Boolean(access && refresh) && (isStaffFromToken(access) || Boolean(get().profile?.is_staff)),
        }),
      setProfile: (profile) =>
        set({ profile, isAdmin: get().isAuth && (isStaffFromToken(get().access) || Boolean(profile?.is_staff)) }),
      logout: () => set({ access: null, refresh: null, isAuth: false, isAdmin: false, profile: null }),
    }),
    { name: AUTH_STORAGE_KEY },
  ),
);

// Another tab signed in, out, or rotated the tokens: follow it, so this tab never presents a used
// refresh token (which would end the session everywhere).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY) void useAuthStore.persist.rehydrate();
  });
}

/** True when there is no access token, or it expires within `withinMs`. */
export function expiresSoon(access: string | null, withinMs = REFRESH_WINDOW_MS, now = Date.now()): boolean {
  const exp = readAccessPayload(access)?.exp;
  return !exp || exp * 1000 - now < withinMs;
}

export type RefreshResult = 'refreshed' | 'ended' | 'unavailable';
let inflight: Promise<RefreshResult> | null = null;

async function postRefresh(refresh: string): Promise<RefreshResult> {
  let response: Response;
  try {
    response = await fetch('/api/token/refresh/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
      credentials: 'include',
    });
  } catch {
    return 'unavailable';
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) return 'ended';
  if (!response.ok) return 'unavailable';
  const pair = (await response.json().catch(() => null)) as Partial<TokenPair> | null;
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

/** Pages that must not be remembered as the place to come back to. */
const NOT_A_DESTINATION = ['/login', '/register'];

export function rememberDestination(path = window.location.pathname + window.location.search) {
  if (!NOT_A_DESTINATION.some((p) => path === p || path.startsWith(`${p}?`))) sessionStorage.setItem(REDIRECT_KEY, path);
}

/** Where to go after signing in (and forget it). */
export function takeDestination(): string {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
