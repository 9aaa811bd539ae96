import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Spec section 3, auth state, persisted as 'auth'. The accounts work adds login, refresh and logout. */
export interface AuthProfile {
  username: string;
  profile_picture: string | null;
  is_staff: boolean;
}

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

function isStaffFromToken(access: string | null): boolean {
  if (!access) return false;
  try {
    const payload = JSON.parse(atob(access.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return payload.is_staff === true;
  } catch {
    return false;
  }
}

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
          isAdmin: isStaffFromToken(access) || Boolean(get().profile?.is_staff),
        }),
      setProfile: (profile) => set({ profile, isAdmin: isStaffFromToken(get().access) || Boolean(profile?.is_staff) }),
      logout: () => set({ access: null, refresh: null, isAuth: false, isAdmin: false, profile: null }),
    }),
    { name: 'auth' },
  ),
);
