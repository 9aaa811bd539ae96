import type { Profile, RegisterInput } from '@bookstore/contract';
import { api } from '../../../lib/api-client';

/** POST /register/ as multipart: the text fields and the optional picture. */
export function register(input: RegisterInput, picture: File | null): Promise<Profile> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) if (typeof value === 'string') form.append(key, value);
  if (picture) form.append('profilePicture', picture);
  return api.post<Profile>('/register/', form, { auth: false });
}
