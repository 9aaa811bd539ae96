import type { NewsletterRequest } from '@bookstore/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /newsletter/ : 201 for a new subscriber, 200 when already subscribed; both carry a sentence. */
export function subscribeToNewsletter(body: NewsletterRequest) {
  return api.post<{ ok: true; message?: string }>('/newsletter/', body, { auth: false });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
