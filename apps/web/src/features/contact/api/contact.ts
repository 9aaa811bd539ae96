import type { ContactRequest } from '@bookstore/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /contact : only the status matters, the body is not read. */
export function sendContactMessage(body: ContactRequest) {
  return api.post<unknown>('/contact', body, { auth: false });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
