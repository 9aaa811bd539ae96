import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { serverState, STATE_ELEMENT_ID, stateToHtml, takeServerState } from './hydration';

afterEach(() => document.getElementById(STATE_ELEMENT_ID)?.remove());

/** The server's side: a client with answers, then the JSON as the page carries it. */
async function pageWith(fill: (client: QueryClient) => Promise<unknown>) {
  const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await fill(server);
  const json = stateToHtml(serverState(server));
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = STATE_ELEMENT_ID;
  element.textContent = json;
  document.body.append(element);
  return json;
}

describe("the server's state in the page", () => {
  it('seeds the browser cache with the answers, so nothing is asked again', async () => {
    await pageWith((client) =>
      client.prefetchQuery({ queryKey: ['book', 'Emma'], queryFn: async () => ({ title: 'Emma' }) }),
    );
    const browser = new QueryClient();
    expect(takeServerState(browser)).not.toBeNull();
    expect(browser.getQueryData(['book', 'Emma'])).toEqual({ title: 'Emma' });
  });

  it('is the same bytes whenever the same answers are rendered, and fresh in the browser from when it is read', async () => {
    const fill = (client: QueryClient) =>
      client.prefetchQuery({ queryKey: ['book', 'Emma'], queryFn: async () => ({ title: 'Emma' }) });
    const first = await pageWith(fill);
    document.getElementById(STATE_ELEMENT_ID)?.remove();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await pageWith(fill);
    // A page made again from the same answers keeps its ETag: a browser's copy is still good (a 304).
    expect(again).toBe(first);
    const browser = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const before = Date.now();
    takeServerState(browser);
    const query = browser.getQueryCache().find({ queryKey: ['book', 'Emma'] })!;
    expect(query.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    // Not asked again as the page's parts mount.
    expect(query.isStale()).toBe(false);
  });

  it('cannot close its own script element or open a comment, whatever the data says', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    const json = await pageWith((client) =>
      client.prefetchQuery({ queryKey: ['book', evil], queryFn: async () => ({ description: evil }) }),
    );
    expect(json).not.toContain('<');
    expect(json).not.toMatch(/<\/script/i);
    const browser = new QueryClient();
    takeServerState(browser);
    expect(browser.getQueryData(['book', evil])).toEqual({ description: evil });
  });

  it("brings the API's refusals back as ApiError, shown as refusals, not asked again on mount", async () => {
    await pageWith((client) =>
      client.prefetchQuery({
        queryKey: ['book', 'Nope'],
        queryFn: () => Promise.reject(new ApiError(404, 'Book not found', { error: 'Book not found' })),
      }),
    );
    const browser = new QueryClient();
    takeServerState(browser);
    const query = browser.getQueryCache().find({ queryKey: ['book', 'Nope'] })!;
    expect(query.state.status).toBe('error');
    expect(query.state.error).toBeInstanceOf(ApiError);
    expect((query.state.error as ApiError).status).toBe(404);
    expect((query.state.error as ApiError).message).toBe('Book not found');
    expect(browser.getQueryDefaults(['book', 'Nope']).retryOnMount).toBe(false);
  });

  it('leaves out failures that are not answers (a broken connection is retried in the browser)', async () => {
    await pageWith((client) =>
      client.prefetchQuery({ queryKey: ['featured'], queryFn: () => Promise.reject(new Error('socket hang up')) }),
    );
    const browser = new QueryClient();
    takeServerState(browser);
    expect(browser.getQueryCache().find({ queryKey: ['featured'] })).toBeUndefined();
  });

  it('is null on a page the server did not render (Vite’s dev server)', () => {
    expect(takeServerState(new QueryClient())).toBeNull();
  });
});
