import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema.js';
import { createTestApp, useTestApp } from '../../test/app.js';
import { createAccount } from '../../test/factories.js';

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
let addressCounter = 0;
/** Each test its own client address, so the per-address limit of one test does not leak into another. */
const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

describe('sign-in, tokens and sign-out', () => {
  const ctx = useTestApp();

  const login = (body: unknown, remoteAddress = '127.0.0.1') =>
    ctx().app.inject({ method: 'POST', url: '/api/login/', payload: body as object, remoteAddress });
  const refresh = (token: string) =>
    ctx().app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
  const profileWith = (access: string) =>
    ctx().app.inject({ url: '/api/profile/', headers: { authorization: `Bearer ${access}` } });

  describe('POST /api/login/', () => {
    it('signs in by email or username, in any case, with a 15-minute access token carrying is_staff', async () => {
      const { user, password } = await createAccount(ctx().app);
      const address = nextAddress();
      for (const id of [user.email, user.username, user.email.toUpperCase(), ` ${user.username.toUpperCase()} `]) {
        const res = await login({ emailOrUsername: id, password }, address);
        expect(res.statusCode).toBe(200);
        const { access, refresh: refreshToken } = res.json();
        const claims = decode(access);
        expect(claims).toMatchObject({ sub: String(user.id), username: user.username, is_staff: false });
        expect(claims.exp - claims.iat).toBe(15 * 60);
        expect(refreshToken).toEqual(expect.any(String));
        expect((await profileWith(access)).json().username).toBe(user.username);
      }
    });

    it('says the same thing for a wrong password and for an unknown account', async () => {
      const { user } = await createAccount(ctx().app);
      const address = nextAddress();
      const wrong = await login({ emailOrUsername: user.email, password: 'not-my-password' }, address);
      const unknown = await login({ emailOrUsername: 'nobody@example.test', password: 'not-my-password' }, address);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'Invalid email/username or password' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('needs both fields', async () => {
      const res = await login({ emailOrUsername: '', password: '' }, nextAddress());
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        emailOrUsername: ['Email or username is required'],
        password: ['Password is required'],
      });
      expect((await login({}, nextAddress())).statusCode).toBe(400);
    });

    it('stops guessing one account after 5 wrong passwords, even with the right one, but not from elsewhere', async () => {
      const { user, password } = await createAccount(ctx().app);
      const attacker = nextAddress();
      for (let i = 0; i < 5; i += 1) {
        expect((await login({ emailOrUsername: user.username, password: `guess-${i}` }, attacker)).statusCode).toBe(
          401,
        );
      }
      const blocked = await login({ emailOrUsername: user.email, password }, attacker);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(
        /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
      );
      // The owner, somewhere else, still gets in: a few wrong guesses cannot lock them out.
      expect((await login({ emailOrUsername: user.email, password }, nextAddress())).statusCode).toBe(200);
    });

    it('counts an unknown account the same way (no hint that it does not exist)', async () => {
      const attacker = nextAddress();
      for (let i = 0; i < 5; i += 1) {
        expect(
          (await login({ emailOrUsername: 'ghost@example.test', password: `guess-${i}` }, attacker)).statusCode,
        ).toBe(401);
      }
      expect((await login({ emailOrUsername: 'ghost@example.test', password: 'x' }, attacker)).statusCode).toBe(429);
    });

    it('after 20 wrong passwords for one account from anywhere, holds the addresses that guessed, never the owner', async () => {
      const { user, password } = await createAccount(ctx().app);
      const guessers: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        guessers.push(nextAddress());
        expect((await login({ emailOrUsername: user.username, password: `guess-${i}` }, guessers[i]!)).statusCode).toBe(
          401,
        );
      }
      expect((await login({ emailOrUsername: user.username, password: 'guess-again' }, guessers[0]!)).statusCode).toBe(
        429,
      );
      expect((await login({ emailOrUsername: user.username, password }, nextAddress())).statusCode).toBe(200);
    });

    it('spaces the attempts of an address that fails for 30 accounts by seconds, not a quarter of an hour', async () => {
      const sprayer = nextAddress();
      for (let i = 0; i < 30; i += 1) {
        const res = await login({ emailOrUsername: `victim${i}@example.test`, password: 'Summer2025!' }, sprayer);
        expect(res.statusCode).toBe(401);
      }
      const { user, password } = await createAccount(ctx().app);
      const waiting = await login({ emailOrUsername: user.username, password }, sprayer);
      expect(waiting.statusCode).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(30);
      expect(waiting.json().error).toMatch(
        /^Too many failed sign-in attempts\. Please wait \d+ seconds? and try again\.$/,
      );
      expect((await login({ emailOrUsername: user.username, password }, nextAddress())).statusCode).toBe(200);
    });

    it('answers a flood of requests from one address with 429, whatever they carry', async () => {
      const flooder = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 101; i += 1) statuses.push((await login({}, flooder)).statusCode);
      expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
      const last = await login({}, flooder);
      expect(last.statusCode).toBe(429);
      expect(last.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
      expect((await login({}, nextAddress())).statusCode).toBe(400);
    });

    it('forgets earlier mistakes after a successful sign-in', async () => {
      const { user, password } = await createAccount(ctx().app);
      const address = nextAddress();
      for (let round = 0; round < 3; round += 1) {
        for (let i = 0; i < 4; i += 1) await login({ emailOrUsername: user.username, password: 'wrong-one' }, address);
        expect((await login({ emailOrUsername: user.username, password }, address)).statusCode).toBe(200);
      }
    });
  });

  /**
   * Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): a browser that
   * signed in to an account before is let past that account's lockout; it is counted on its own.
   */
  describe('device cookies', () => {
    const DEVICE = /^device=([^;]+)/;
    const withDevice = (body: object, from: string, cookie?: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: body,
        remoteAddress: from,
        ...(cookie ? { headers: { cookie: `theme=dark; device=${cookie}` } } : {}),
      });
    /** The device cookie a sign-in set (its value), and the header that set it. */
    const deviceOf = (res: Awaited<ReturnType<typeof withDevice>>) => {
      const header = [res.headers['set-cookie'] ?? []].flat().find((c) => DEVICE.test(c));
      return { header: header ?? '', value: header ? DEVICE.exec(header)![1]! : '' };
    };
    /** A stranger at `from` guesses until the account is held there (5 wrong passwords). */
    const strangerLocks = async (username: string, from: string) => {
      for (let i = 0; i < 5; i += 1) {
        expect((await withDevice({ emailOrUsername: username, password: `guess-${i}` }, from)).statusCode).toBe(401);
      }
    };

    it('a sign-in sets a signed, HttpOnly, SameSite cookie for the sign-in address only; a wrong password sets none', async () => {
      const { user, password } = await createAccount(ctx().app);
      const from = nextAddress();
      const res = await withDevice({ emailOrUsername: user.username, password }, from);
      expect(res.statusCode).toBe(200);
      const { header, value } = deviceOf(res);
      expect(header).toMatch(/; Path=\/api\/login(;|$)/);
      expect(header).toMatch(/; HttpOnly(;|$)/);
      expect(header).toMatch(/; SameSite=Strict(;|$)/);
      expect(header).toMatch(/; Max-Age=\d+/);
      // Plain http (as here): a Secure cookie would never come back.
      expect(header).not.toMatch(/Secure/);
      expect(decode(value)).toMatchObject({ sub: String(user.id), token_type: 'device' });
      const wrong = await withDevice({ emailOrUsername: user.username, password: 'not-it' }, from);
      expect(deviceOf(wrong).header).toBe('');
    });

    it('is Secure when the shop is reached over https', async () => {
      const shop = await createTestApp({ trustProxy: true });
      try {
        const { user, password } = await createAccount(shop.app);
        const res = await shop.app.inject({
          method: 'POST',
          url: '/api/login/',
          payload: { emailOrUsername: user.username, password },
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(res.statusCode).toBe(200);
        expect(deviceOf(res).header).toMatch(/; Secure(;|$)/);
      } finally {
        await shop.close();
      }
    });

    it("lets the owner's browser in while the account is held for a stranger at the same address; the stranger stays held", async () => {
      const { user, password } = await createAccount(ctx().app);
      const home = nextAddress();
      const owner = deviceOf(await withDevice({ emailOrUsername: user.email, password }, home)).value;
      await strangerLocks(user.username, home);
      const stranger = await withDevice({ emailOrUsername: user.username, password }, home);
      expect(stranger.statusCode).toBe(429);

      const back = await withDevice({ emailOrUsername: user.username, password }, home, owner);
      expect(back.statusCode).toBe(200);
      // A new cookie each time (the old one still names the same browser until it expires).
      expect(deviceOf(back).value).not.toBe('');
      expect((await withDevice({ emailOrUsername: user.username, password: 'guess-6' }, home)).statusCode).toBe(429);
    });

    it('lets the owner in at home after one typo there and 20 wrong passwords from elsewhere', async () => {
      const { user, password } = await createAccount(ctx().app);
      const home = nextAddress();
      const owner = deviceOf(await withDevice({ emailOrUsername: user.email, password }, home)).value;
      expect((await withDevice({ emailOrUsername: user.email, password: 'typo' }, home, owner)).statusCode).toBe(401);
      for (let i = 0; i < 20; i += 1) {
        await withDevice({ emailOrUsername: user.username, password: `guess-${i}` }, nextAddress());
      }
      expect((await withDevice({ emailOrUsername: user.email, password }, home, owner)).statusCode).toBe(200);
    });

    it('counts wrong passwords sent with a device cookie on that cookie: a stolen one gets 5 guesses, then waits', async () => {
      const { user, password } = await createAccount(ctx().app);
      const cookie = deviceOf(await withDevice({ emailOrUsername: user.email, password }, nextAddress())).value;
      const thief = nextAddress();
      for (let i = 0; i < 5; i += 1) {
        const res = await withDevice({ emailOrUsername: user.username, password: `guess-${i}` }, thief, cookie);
        expect(res.statusCode).toBe(401);
      }
      const held = await withDevice({ emailOrUsername: user.username, password }, nextAddress(), cookie);
      expect(held.statusCode).toBe(429);
      expect(held.json().error).toMatch(
        /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
      );
    });

    it("a forged cookie, another account's cookie or another token does not let a stranger past the lockout", async () => {
      const { user, password, access } = await createAccount(ctx().app);
      const other = await createAccount(ctx().app);
      const from = nextAddress();
      const othersCookie = deviceOf(
        await withDevice({ emailOrUsername: other.user.username, password: other.password }, from),
      ).value;
      const forged = await new SignJWT({ sub: String(user.id), nonce: 'forged', token_type: 'device' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('bookstore')
        .setExpirationTime('30d')
        .sign(new TextEncoder().encode('attacker-secret-attacker-secret-0123'));
      await strangerLocks(user.username, from);
      for (const cookie of [forged, othersCookie, access, 'garbage']) {
        const res = await withDevice({ emailOrUsername: user.username, password }, from, cookie);
        expect(res.statusCode, cookie).toBe(429);
      }
    });
  });

  describe('POST /api/token/refresh/', () => {
    async function signIn() {
      const account = await createAccount(ctx().app);
      const res = await login({ emailOrUsername: account.user.username, password: account.password }, nextAddress());
      return { ...account, tokens: res.json() as { access: string; refresh: string } };
    }

    it('gives a new pair, and the new refresh token works in turn', async () => {
      const { user, tokens } = await signIn();
      const first = await refresh(tokens.refresh);
      expect(first.statusCode).toBe(200);
      const pair = first.json();
      expect(pair.refresh).not.toBe(tokens.refresh);
      expect(decode(pair.access)).toMatchObject({ sub: String(user.id), is_staff: false });
      expect((await profileWith(pair.access)).statusCode).toBe(200);
      const second = await refresh(pair.refresh);
      expect(second.statusCode).toBe(200);
    });

    it('works once: a used refresh token ends the whole session, including the newer tokens', async () => {
      const { tokens } = await signIn();
      const rotated = (await refresh(tokens.refresh)).json();
      const reused = await refresh(tokens.refresh);
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error).toBe('Your session has ended. Please sign in again.');
      // The thief's (or the user's) newer token is dead too.
      expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    });

    it('lets only one of two simultaneous uses win', async () => {
      const { tokens } = await signIn();
      const results = await Promise.all([refresh(tokens.refresh), refresh(tokens.refresh)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('leaves other sessions of the same user alone', async () => {
      const { user, password, tokens } = await signIn();
      const other = (await login({ emailOrUsername: user.username, password }, nextAddress())).json();
      await refresh(tokens.refresh);
      await refresh(tokens.refresh); // reuse: ends the first session only
      expect((await refresh(other.refresh)).statusCode).toBe(200);
    });

    it('refuses forged, garbage, expired and access tokens', async () => {
      const { user, tokens } = await signIn();
      const forged = await new SignJWT({
        sub: String(user.id),
        jti: crypto.randomUUID(),
        fam: crypto.randomUUID(),
        token_type: 'refresh',
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('bookstore')
        .setExpirationTime('1d')
        .sign(new TextEncoder().encode('some-other-secret-some-other-secret-123'));
      for (const bad of [forged, 'garbage', tokens.access]) {
        const res = await refresh(bad);
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe('Token refresh failed');
      }
      expect((await refresh('')).statusCode).toBe(400);

      const { tokens: fresh } = await signIn();
      const jti = decode(fresh.refresh).jti as string;
      const { eq } = await import('drizzle-orm');
      await ctx()
        .app.db.update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.id, jti));
      expect((await refresh(fresh.refresh)).statusCode).toBe(401);
    });
  });

  describe('POST /api/logout/', () => {
    it('ends the session of the refresh token', async () => {
      const account = await createAccount(ctx().app);
      const tokens = (
        await login({ emailOrUsername: account.user.email, password: account.password }, nextAddress())
      ).json();
      const rotated = (await refresh(tokens.refresh)).json();
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/logout/',
        payload: { refresh: rotated.refresh },
      });
      expect(res.statusCode).toBe(204);
      expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    });

    it('refuses a token that is not ours and needs one', async () => {
      expect(
        (await ctx().app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh: 'nope' } })).statusCode,
      ).toBe(401);
      expect((await ctx().app.inject({ method: 'POST', url: '/api/logout/', payload: {} })).statusCode).toBe(400);
    });
  });

  describe('access tokens', () => {
    it('refuses a forged signature, a changed payload, alg none and an expired token', async () => {
      const { user, access } = await createAccount(ctx().app);
      const [header, , signature] = access.split('.');
      const staffPayload = Buffer.from(JSON.stringify({ ...decode(access), is_staff: true })).toString('base64url');
      const tampered = `${header}.${staffPayload}.${signature}`;
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${staffPayload}.`;
      const otherKey = await new SignJWT({ username: user.username, is_staff: true, token_type: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('bookstore')
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode('attacker-secret-attacker-secret-0123'));
      const now = Math.floor(Date.now() / 1000);
      const expired = await ctx().app.tokens.signAccess(
        { userId: user.id, username: user.username, isStaff: false, sessionId: String(decode(access).sid) },
        now - 16 * 60,
      );
      for (const token of [tampered, none, otherKey, expired]) {
        const res = await profileWith(token);
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe('Your session has expired. Please sign in again.');
        const users = await ctx().app.inject({ url: '/api/users/', headers: { authorization: `Bearer ${token}` } });
        expect(users.statusCode).toBe(401);
      }
      expect((await profileWith(access)).statusCode).toBe(200);
    });
  });
});
