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

export function rememberDestination(path = window.location.pathname + window.location.search) {
  if (!NOT_A_DESTINATION.some((p) => path === p || path.startsWith(`${p}?`)))
    sessionStorage.setItem(REDIRECT_KEY, path);
}

/** Where to go after signing in (and forget it). */
export function takeDestination(): string {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
