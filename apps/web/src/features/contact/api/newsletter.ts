import type { NewsletterRequest } from '@bookstore/contract';
import { api } from '../../../lib/api-client';

/** POST /newsletter/ : 200 with one sentence, the same whether the address was on the list or not. */
export function subscribeToNewsletter(body: NewsletterRequest) {
  return api.post<{ ok: true; message?: string }>('/newsletter/', body, { auth: false });
}
