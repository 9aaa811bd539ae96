import type { LoginInput, Profile, TokenPair } from '@bookstore/contract';
import { api, ApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useAuthStore } from '../../../stores/auth';
import { PROFILE_KEY } from './profile';

/** The login reply lacked a token: docs/product.md, "Messages", 'Invalid response from server'. */
export class InvalidLoginResponse extends Error {
  constructor() {
    super('Invalid response from server');
    this.name = 'InvalidLoginResponse';
  }
}

/** POST /login/, keep both tokens, then fetch the profile (docs/product.md, "Behaviour", login success). */
export async function signIn(input: LoginInput): Promise<Profile> {
  const pair = await api.post<Partial<TokenPair> | null>('/login/', input, { auth: false });
  if (!pair?.access || !pair.refresh) throw new InvalidLoginResponse();
  const store = useAuthStore.getState();
  store.setToken(pair.access, pair.refresh);
  try {
    const profile = await api.get<Profile>('/profile/');
    useAuthStore.getState().setProfile(profile);
    queryClient.setQueryData(PROFILE_KEY, profile);
    return profile;
  } catch (err) {
    useAuthStore.getState().logout();
    throw err;
  }
}

/** Sign-out: end the session on the server (best effort), forget everything about the user. */
export async function signOut(): Promise<void> {
  const { refresh } = useAuthStore.getState();
  useAuthStore.getState().logout();
  queryClient.clear();
  if (refresh) await api.post('/logout/', { refresh }, { auth: false }).catch(() => {});
}

/**
 * Server field errors in the shop's voice: each message as it is ('This username is already taken'),
 * not the spec's 'field: messages', which read like a program talking (docs/decisions/0014-what-the-shop-says.md).
 */
export function fieldErrorLines(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  return [...new Set(Object.values(error.fields).flat())];
}
