import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_KEY, useAuthStore } from '../stores/auth';
import { api, browser } from './api-client';

/** An unsigned token with the claims the client reads (the server is what checks signatures). */
function token(minutesLeft: number, extra: Record<string, unknown> = {}) {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + minutesLeft * 60;
  return `${encode({ alg: 'HS256' })}.${encode({ exp, is_staff: false, ...extra })}.sig`;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  url: string;
  authorization?: string;
  body?: string;
}

function server(handle: (call: Call, calls: Call[]) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = { url, authorization: headers.Authorization, body: init.body as string | undefined };
      calls.push(call);
      return handle(call, calls);
    }),
  );
  return calls;
}

describe('the HTTP client’s session policy', () => {
  let goTo: ReturnType<typeof vi.fn<(path: string) => void>>;
  beforeEach(() => {
    useAuthStore.getState().logout();
    goTo = vi.fn<(path: string) => void>();
    vi.spyOn(browser, 'goTo').mockImplementation(goTo);
    window.history.replaceState(null, '', '/orders?page=2');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends no token for guests', async () => {
    const calls = server(() => json(200, []));
    await api.get('/books/');
    expect(calls[0]!.authorization).toBeUndefined();
  });

  it('sends a fresh token as it is', async () => {
    const access = token(14);
    useAuthStore.getState().setToken(access, 'r1');
    const calls = server(() => json(200, {}));
    await api.get('/orders/');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe(`Bearer ${access}`);
  });

  it('refreshes first when the token expires within 5 minutes, once for many calls at the same time', async () => {
    useAuthStore.getState().setToken(token(4), 'r1');
    const renewed = token(15);
    const calls = server((call) =>
      call.url === '/api/token/refresh/' ? json(200, { access: renewed, refresh: 'r2' }) : json(200, {}),
    );
    await Promise.all([api.get('/orders/'), api.get('/profile/'), api.get('/wishlist/')]);
    const refreshes = calls.filter((c) => c.url === '/api/token/refresh/');
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]!.body!)).toEqual({ refresh: 'r1' });
    expect(
      calls.filter((c) => c.url !== '/api/token/refresh/').every((c) => c.authorization === `Bearer ${renewed}`),
    ).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ access: renewed, refresh: 'r2', isAuth: true });
  });

  it('after a 401, refreshes and retries the call once', async () => {
    useAuthStore.getState().setToken(token(10), 'r1');
    const renewed = token(15);
    const calls = server((call) => {
      if (call.url === '/api/token/refresh/') return json(200, { access: renewed, refresh: 'r2' });
      return call.authorization === `Bearer ${renewed}` ? json(200, { ok: true }) : json(401, { error: 'expired' });
    });
    await expect(api.get('/orders/')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/orders/', '/api/token/refresh/', '/api/orders/']);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('signs out and goes to /login, remembering the page, when the refresh is refused', async () => {
    useAuthStore.getState().setToken(token(10), 'r1');
    server((call) =>
      call.url === '/api/token/refresh/' ? json(401, { error: 'Token refresh failed' }) : json(401, { error: 'no' }),
    );
    await expect(api.get('/orders/')).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState()).toMatchObject({ access: null, refresh: null, isAuth: false, profile: null });
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/orders?page=2');
    expect(goTo).toHaveBeenCalledWith('/login');
  });

  it('signs out when the refresh before a call is refused', async () => {
    useAuthStore.getState().setToken(token(1), 'r1');
    server((call) => (call.url === '/api/token/refresh/' ? json(401, { error: 'ended' }) : json(200, [])));
    await api.get('/books/');
    expect(useAuthStore.getState().isAuth).toBe(false);
    expect(goTo).toHaveBeenCalledWith('/login');
  });

  it('keeps the session when the refresh could not reach the server', async () => {
    const access = token(2);
    useAuthStore.getState().setToken(access, 'r1');
    const calls = server((call) => {
      if (call.url === '/api/token/refresh/') throw new TypeError('offline');
      return json(200, {});
    });
    await api.get('/orders/');
    expect(calls.at(-1)!.authorization).toBe(`Bearer ${access}`);
    expect(useAuthStore.getState().isAuth).toBe(true);
  });

  it('does not treat a refused sign-in as an ended session', async () => {
    server(() => json(401, { error: 'Invalid email/username or password' }));
    await expect(api.post('/login/', { emailOrUsername: 'a', password: 'b' }, { auth: false })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email/username or password',
    });
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('auth store', () => {
  it('is signed in only with both tokens, and admin from is_staff', () => {
    const store = useAuthStore.getState();
    store.setToken(token(15, { is_staff: true }), null);
    expect(useAuthStore.getState()).toMatchObject({ isAuth: false, isAdmin: false });
    store.setToken(token(15, { is_staff: true }), 'r');
    expect(useAuthStore.getState()).toMatchObject({ isAuth: true, isAdmin: true });
    store.setToken(token(15), 'r');
    expect(useAuthStore.getState().isAdmin).toBe(false);
    store.setProfile({ username: 'boss', profile_picture: null, is_staff: true });
    expect(useAuthStore.getState().isAdmin).toBe(true);
    store.logout();
    expect(useAuthStore.getState()).toMatchObject({
      access: null,
      refresh: null,
      isAuth: false,
      isAdmin: false,
      profile: null,
    });
    expect(JSON.parse(localStorage.getItem('auth')!).state.isAuth).toBe(false);
  });
});

describe('errors in the shop’s voice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says a validation reply's message without the field's name, and keeps other sentences as they are", async () => {
    server(() =>
      json(400, {
        error: 'username: This username is already taken',
        fields: { username: ['This username is already taken'] },
      }),
    );
    await expect(api.post('/register/', {}, { auth: false })).rejects.toMatchObject({
      status: 400,
      message: 'This username is already taken',
      fields: { username: ['This username is already taken'] },
    });
    server(() => json(409, { error: 'This order has already been paid' }));
    await expect(api.post('/payments/initialize/', {}, { auth: false })).rejects.toMatchObject({
      message: 'This order has already been paid',
    });
    server(() => new Response('oops', { status: 502 }));
    await expect(api.get('/books/', { auth: false })).rejects.toMatchObject({
      message: 'An unexpected error occurred',
    });
  });

  it('hands back a text body as it came when asked (a CSV download)', async () => {
    server(
      () =>
        new Response('email,subscribed_at\r\na@x.io,2025-01-01\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv' },
        }),
    );
    await expect(api.get('/admin/subscribers/export/', { auth: false, as: 'text' })).resolves.toBe(
      'email,subscribed_at\r\na@x.io,2025-01-01\r\n',
    );
  });
});
