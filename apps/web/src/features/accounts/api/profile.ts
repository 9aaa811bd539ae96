import type { Profile, ProfileUpdateInput, StaffNotifications } from '@bookstore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth';

export const PROFILE_KEY = ['profile'];

/** GET /profile/ (signed in only); the stored profile follows the answer. */
export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: PROFILE_KEY,
    enabled,
    staleTime: 0,
    // One quick second try, then the error state (docs/product.md, "Screens") rather than a long spinner.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    retryDelay: 300,
    queryFn: async ({ signal }) => {
      const profile = await api.get<Profile>('/profile/', { signal });
      useAuthStore.getState().setProfile(profile);
      return profile;
    },
  });
}

/** The changed fields (as `profileUpdateSchema` gives them) and a new picture, if one was picked. */
export type ProfileChanges = ProfileUpdateInput & { picture: File | null };

/** PUT /profile/update/ as multipart; only non-empty values are sent (docs/product.md, "API"). */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => {
      const form = new FormData();
      for (const key of ['firstName', 'lastName', 'email', 'bio'] as const) {
        const value = changes[key]?.trim();
        if (value) form.append(key, value);
      }
      if (changes.picture) form.append('profilePicture', changes.picture);
      return api.put<Profile>('/profile/update/', form);
    },
    onSuccess: async (profile) => {
      useAuthStore.getState().setProfile(profile);
      await client.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
}

/** PUT /profile/notifications/ (staff): the paid-order e-mail on or off; the profile follows. */
export function useStaffNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (wanted: StaffNotifications) => api.put<StaffNotifications>('/profile/notifications/', wanted),
    onSuccess: () => client.invalidateQueries({ queryKey: PROFILE_KEY }),
  });
}

/** A picture address as the API gives it, made usable in <img>; the default avatar otherwise. */
export const DEFAULT_AVATAR = '/avatar.png';
export function pictureUrl(picture: string | null | undefined): string {
  if (!picture) return DEFAULT_AVATAR;
  if (/^(https?:|blob:|data:)/.test(picture) || picture.startsWith('/')) return picture;
  return `/media/${picture.replace(/^media\//, '')}`;
}
