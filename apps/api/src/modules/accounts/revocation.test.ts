import { describe, expect, it } from 'vitest';
import { buildApp, useTestApp } from '../../test/app.js';
import { createAccount } from '../../test/factories.js';

/**
 * An access token ends with its session. Signing out, or a reused refresh token
 * revoking the family, ends every access token of that session at once, on every server process.
 */
let address = 0;
const from = () => `10.4.${Math.floor(++address / 250)}.${address % 250}`;

describe('access tokens end with their session', () => {
  const ctx = useTestApp({ sessionCheckSeconds: 1 });

  async function signIn() {
    const { user, password } = await createAccount(ctx().app);
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/login/',
      remoteAddress: from(),
      payload: { emailOrUsername: user.username, password },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { access: string; refresh: string };
  }
  const profile = (access: string, app = ctx().app) =>
    app.inject({ url: '/api/profile/', headers: { authorization: `Bearer ${access}` } });

  it('sign-out ends the access token at once', async () => {
    const pair = await signIn();
    expect((await profile(pair.access)).statusCode).toBe(200);
    const out = await ctx().app.inject({
      method: 'POST',
      url: '/api/logout/',
      remoteAddress: from(),
      payload: { refresh: pair.refresh },
    });
    expect(out.statusCode).toBe(204);
    const after = await profile(pair.access);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Your session has expired. Please sign in again.' });
  });

  it('a reused refresh token ends every access token of its family', async () => {
    const first = await signIn();
    const rotated = await ctx().app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.refresh },
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json() as { access: string; refresh: string };
    expect((await profile(second.access)).statusCode).toBe(200);
    const reuse = await ctx().app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.refresh },
    });
    expect(reuse.statusCode).toBe(401);
    expect((await profile(second.access)).statusCode).toBe(401);
    expect((await profile(first.access)).statusCode).toBe(401);
  });

  it('another session of the same user is untouched', async () => {
    const { user, password } = await createAccount(ctx().app);
    const login = () =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/login/',
        remoteAddress: from(),
        payload: { emailOrUsername: user.username, password },
      });
    const phone = (await login()).json() as { access: string; refresh: string };
    const laptop = (await login()).json() as { access: string; refresh: string };
    await ctx().app.inject({
      method: 'POST',
      url: '/api/logout/',
      remoteAddress: from(),
      payload: { refresh: phone.refresh },
    });
    expect((await profile(phone.access)).statusCode).toBe(401);
    expect((await profile(laptop.access)).statusCode).toBe(200);
  });

  it('another server process on the same database refuses the token within SESSION_CHECK_SECONDS', async () => {
    const other = await buildApp({ config: ctx().config, database: ctx().database, logger: false });
    await other.ready();
    try {
      const pair = await signIn();
      // The other process has seen the session alive (and may keep that answer for a second).
      expect((await profile(pair.access, other)).statusCode).toBe(200);
      await ctx().app.inject({
        method: 'POST',
        url: '/api/logout/',
        remoteAddress: from(),
        payload: { refresh: pair.refresh },
      });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await profile(pair.access, other)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
