import type { TokenStateReply } from '@bookstore/contract';
import { api, ApiError } from '../../../lib/api-client';

/** Account recovery and control (docs/decisions/0016-mail.md): every call answers `{ message }`. */
type Reply = { message: string };

export const requestReset = (email: string) => api.post<Reply>('/password-reset/', { email });
export const checkResetLink = (token: string) => api.post<TokenStateReply>('/password-reset/check/', { token });
export const confirmReset = (token: string, password: string, password2: string) =>
  api.post<Reply>('/password-reset/confirm/', { token, password, password2 });
export const changePassword = (body: { current_password: string; password: string; password2: string }) =>
  api.post<Reply>('/profile/password/', body);
export const changeEmail = (body: { email: string; current_password: string }) =>
  api.post<Reply>('/profile/email/', body);
export const resendVerification = () => api.post<Reply>('/profile/verify/resend/');

/** The links mailed to an address, by the page that opens them. */
export const LINK_ENDPOINTS: Record<string, { url: string; title: string }> = {
  '/verify-email': { url: '/verify-email/', title: 'Confirm your e-mail address' },
  '/confirm-email': { url: '/profile/email/confirm/', title: 'Confirm your new e-mail address' },
  '/newsletter/confirm': { url: '/newsletter/confirm/', title: 'Confirm your subscription' },
};
export const openLink = (url: string, token: string) => api.post<Reply>(url, { token });

/** The server's field messages (or its sentence) as one line for a form's alert. */
export function problemOf(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) {
    const lines = err.fields ? [...new Set(Object.values(err.fields).flat())] : [];
    return lines.length > 0 ? lines.join(' ') : err.message || fallback;
  }
  return fallback;
}
