import type { Profile } from '@bookstore/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * docs/product.md, "Data", auth state, persisted as 'auth': tokens, flags and the signed-in profile. The
 * refresh of the tokens (before expiry, one at a time, across tabs) is the HTTP client's
 * (lib/api-client.ts): it sends the refresh call through itself, without a token.
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

/** Pages that must not be remembered as the place to come back to. */
const NOT_A_DESTINATION = ['/login', '/register'];

/**
 * Whether `path` may be where a shopper is sent after signing in: a path of this shop (`/cart`), never
 * another site (`//evil.example`, `/\evil.example`, `https://…`) nor the sign-in pages themselves.
 */
export function isSafeDestination(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  // A tab or line break is dropped by the URL parser (`/\t/evil.example` would read as `//evil.example`).
  if ([...path].some((c) => c.charCodeAt(0) < 0x20)) return false;
  try {
    const base = 'https://shop.invalid';
    if (new URL(path, base).origin !== base) return false;
  } catch {
    return false;
  }
  return !NOT_A_DESTINATION.some((p) => path === p || path.startsWith(`${p}?`) || path.startsWith(`${p}/`));
}

export function rememberDestination(path = window.location.pathname + window.location.search) {
  if (isSafeDestination(path)) sessionStorage.setItem(REDIRECT_KEY, path);
}

/** The `?next=` of a sign-in or sign-up address that sends the shopper back to `path` (`/login?next=%2Fcart`). */
export function withDestination(page: string, path: string | null | undefined): string {
  return isSafeDestination(path) ? `${page}?next=${encodeURIComponent(path)}` : page;
}

/** The safe `next` of an address's query (`?next=%2Fcart`), or null. */
export function destinationIn(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return isSafeDestination(next) ? next : null;
}

/**
 * Where to go after signing in or up (and forget it): the address's own `?next=` when it is a path of
 * this shop, else the page remembered in this tab, else Home.
 */
export function takeDestination(search = ''): string {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return destinationIn(search) ?? (isSafeDestination(path) ? path : '/');
}
