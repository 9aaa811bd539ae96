import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { mailTokens } from '../../db/schema.js';
import { createTestApp, useTestApp } from '../../test/app.js';
import { createAccount, createBook, orderBody } from '../../test/factories.js';
import { linkIn, useMailbox } from '../../test/mailbox.js';
import { startEventDispatcher } from '../events/index.js';

/** Account recovery and control, with the links read from mail received over SMTP. */
const mailbox = useMailbox();
const ctx = useTestApp(() => ({ mail: { smtpUrl: mailbox().url } }));
const app = () => ctx().app;
beforeAll(async () => {
  await startEventDispatcher(app(), { pollMs: 50, backoffMs: () => 100 });
});

let addresses = 0;
/** Each call from its own address, so the per-address flood guard is not what a test measures. */
const from = () => `10.30.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app().inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: from() });
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const login = (emailOrUsername: string, password: string) => post('/api/login/', { emailOrUsername, password });

const RESET_ANSWER = {
  message:
    'If an account uses this address, we have sent it a link to choose a new password. The link works for one hour.',
};

describe('POST /api/password-reset/', () => {
  it('answers 202 with the same words whether the account exists or not, and mails only a real account', async () => {
    const { user } = await createAccount(app());
    const known = await post('/api/password-reset/', { email: user.email.toUpperCase() });
    const unknown = await post('/api/password-reset/', { email: 'nobody-here@example.test' });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual(RESET_ANSWER);
    expect(unknown.json()).toEqual(RESET_ANSWER);

    const mail = await mailbox().next((m) => m.to.includes(user.email) && m.subject.includes('Reset'));
    expect(mail.subject).toBe('Reset your Bookstore password');
    expect(linkIn(mail, '/reset-password?token=')).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[\w-]{43}$/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox().received.some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
  });

  it('refuses a malformed address with a clear message', async () => {
    const res = await post('/api/password-reset/', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toEqual(['Please enter a valid email address']);
  });

  it('sends at most 3 links an hour to one address, with the same answer after', async () => {
    const { user } = await createAccount(app());
    for (let i = 0; i < 5; i++)
      expect((await post('/api/password-reset/', { email: user.email })).json()).toEqual(RESET_ANSWER);
    // Long enough for every queued link to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mailbox().received.filter((m) => m.to.includes(user.email))).toHaveLength(3);
  });

  it('limits one caller to 10 requests an hour (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await app().inject({
            method: 'POST',
            url: '/api/password-reset/',
            payload: { email: `flood${i}@example.test` },
            remoteAddress: '10.99.0.1',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

async function resetLink(email: string) {
  expect((await post('/api/password-reset/', { email })).statusCode).toBe(202);
  const mail = await mailbox().next((m) => m.to.includes(email.toLowerCase()) && m.subject.includes('Reset'));
  mailbox().received.splice(mailbox().received.indexOf(mail), 1);
  return tokenOf(linkIn(mail, '/reset-password?token='));
}

describe('POST /api/password-reset/confirm/', () => {
  it('sets the new password, works once, and ends every session of the account', async () => {
    const account = await createAccount(app());
    const signedIn = (await login(account.user.username, account.password)).json() as {
      access: string;
      refresh: string;
    };
    const token = await resetLink(account.user.email);
    expect((await post('/api/password-reset/check/', { token })).json()).toEqual({ state: 'valid', message: '' });

    const done = await post('/api/password-reset/confirm/', {
      token,
      password: 'a-brand-new-secret',
      password2: 'a-brand-new-secret',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Your password has been changed. You can now sign in with it.');
    expect((await login(account.user.username, account.password)).statusCode).toBe(401);
    expect((await login(account.user.username, 'a-brand-new-secret')).statusCode).toBe(200);
    // The session from before the reset is over: its refresh token and its access token.
    expect((await post('/api/token/refresh/', { refresh: signedIn.refresh })).statusCode).toBe(401);
    expect(
      (await app().inject({ url: '/api/profile/', headers: { authorization: `Bearer ${signedIn.access}` } }))
        .statusCode,
    ).toBe(401);

    const again = await post('/api/password-reset/confirm/', {
      token,
      password: 'another-new-secret',
      password2: 'another-new-secret',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This link has already been used. Please ask for a new one if you need it.');
    expect((await post('/api/password-reset/check/', { token })).json().state).toBe('used');
    const notice = await mailbox().next(
      (m) => m.to.includes(account.user.email) && m.subject === 'Your password was changed',
    );
    expect(linkIn(notice, '/forgot-password')).toMatch(/\/forgot-password$/);
  });

  it('refuses a link older than an hour, and an unknown one', async () => {
    const account = await createAccount(app());
    const token = await resetLink(account.user.email);
    await app()
      .db.update(mailTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mailTokens.userId, account.user.id));
    const late = await post('/api/password-reset/confirm/', {
      token,
      password: 'a-brand-new-secret',
      password2: 'a-brand-new-secret',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('This link has expired. Please ask for a new one.');
    expect((await post('/api/password-reset/check/', { token })).json().state).toBe('expired');
    const made = await post('/api/password-reset/confirm/', {
      token: 'x'.repeat(43),
      password: 'a-brand-new-secret',
      password2: 'a-brand-new-secret',
    });
    expect(made.json().error).toBe('This link is not valid. Please ask for a new one.');
    expect((await login(account.user.username, account.password)).statusCode).toBe(200);
  });

  it('keeps only the token hash in the database', async () => {
    const account = await createAccount(app());
    const token = await resetLink(account.user.email);
    const stored = await app().db.select().from(mailTokens).where(eq(mailTokens.userId, account.user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('applies the registration rules and messages to the new password', async () => {
    const account = await createAccount(app());
    const token = await resetLink(account.user.email);
    const short = await post('/api/password-reset/confirm/', { token, password: 'abc', password2: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toEqual(['Minimum 6 characters']);
    const common = await post('/api/password-reset/confirm/', { token, password: 'password', password2: 'password' });
    expect(common.json().fields.password).toEqual(['This password is too common']);
    const mismatch = await post('/api/password-reset/confirm/', {
      token,
      password: 'a-brand-new-secret',
      password2: 'a-brand-new-secreT',
    });
    expect(mismatch.json().fields.password2).toEqual(['Passwords do not match']);
    expect(
      (await post('/api/password-reset/confirm/', { password: 'a-brand-new-secret', password2: 'a-brand-new-secret' }))
        .statusCode,
    ).toBe(400);
    // None of these used the link.
    expect((await post('/api/password-reset/check/', { token })).json().state).toBe('valid');
  });
});

describe('POST /api/profile/password/', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const account = await createAccount(app());
    const other = (await login(account.user.username, account.password)).json() as { refresh: string };
    const here = (await login(account.user.username, account.password)).json() as { access: string; refresh: string };
    const auth = { authorization: `Bearer ${here.access}` };

    const wrong = await post(
      '/api/profile/password/',
      { current_password: 'not-it', password: 'a-brand-new-secret', password2: 'a-brand-new-secret' },
      auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.current_password).toEqual(['Your current password is not correct']);
    const weak = await post(
      '/api/profile/password/',
      { current_password: account.password, password: '123456', password2: '123456' },
      auth,
    );
    expect(weak.json().fields.password).toEqual(['This password is too common']);
    expect(
      (
        await post('/api/profile/password/', {
          current_password: account.password,
          password: 'a-brand-new-secret',
          password2: 'a-brand-new-secret',
        })
      ).statusCode,
    ).toBe(401);

    const ok = await post(
      '/api/profile/password/',
      { current_password: account.password, password: 'a-brand-new-secret', password2: 'a-brand-new-secret' },
      auth,
    );
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: other.refresh })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: here.refresh })).statusCode).toBe(200);
    expect((await login(account.user.username, 'a-brand-new-secret')).statusCode).toBe(200);
    await mailbox().next((m) => m.to.includes(account.user.email) && m.subject === 'Your password was changed');
  });
});

describe('changing the e-mail address', () => {
  it('needs the current password; the link at the new address changes it, and the old address is told', async () => {
    const account = await createAccount(app());
    const newEmail = `moved-${account.user.username}@example.test`;
    const noPassword = await post('/api/profile/email/', { email: newEmail, current_password: 'wrong' }, account.auth);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields.current_password).toEqual(['Your current password is not correct']);
    const taken = await createAccount(app());
    expect(
      (await post('/api/profile/email/', { email: taken.user.email, current_password: account.password }, account.auth))
        .statusCode,
    ).toBe(409);
    expect(
      (await post('/api/profile/email/', { email: newEmail, current_password: account.password })).statusCode,
    ).toBe(401);

    const asked = await post(
      '/api/profile/email/',
      { email: newEmail, current_password: account.password },
      account.auth,
    );
    expect(asked.statusCode).toBe(202);
    const notice = await mailbox().next(
      (m) => m.to.includes(account.user.email) && m.subject === 'A change of e-mail address was asked for',
    );
    expect(notice.text).toContain(newEmail);
    const confirm = await mailbox().next(
      (m) => m.to.includes(newEmail) && m.subject === 'Confirm your new e-mail address',
    );
    const profileBefore = (await app().inject({ url: '/api/profile/', headers: account.auth })).json();
    expect(profileBefore.email).toBe(account.user.email);

    const token = tokenOf(linkIn(confirm, '/confirm-email?token='));
    const done = await post('/api/profile/email/confirm/', { token });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Your e-mail address has been changed.');
    expect((await app().inject({ url: '/api/profile/', headers: account.auth })).json()).toMatchObject({
      email: newEmail,
      email_verified: true,
    });
    expect((await post('/api/profile/email/confirm/', { token })).json().error).toBe(
      'This link has already been used. Please ask for a new one if you need it.',
    );
  });
});

describe('e-mail verification', () => {
  it('welcomes a new account with a link that confirms the address; Resend after is refused', async () => {
    const registered = await post('/api/register/', {
      email: 'welcome-me@example.test',
      username: 'welcome_me',
      firstName: 'Wel',
      lastName: 'Come',
      password: 'welcome-password',
      password2: 'welcome-password',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().email_verified).toBe(false);
    const welcome = await mailbox().next((m) => m.to.includes('welcome-me@example.test'));
    expect(welcome.subject).toBe('Welcome to Bookstore: please confirm your e-mail address');
    // To an address not yet proven: no name, nothing the one who signed up typed.
    expect(welcome.text).toContain('Hello,');
    expect(welcome.text).not.toContain('Wel,');
    const { access } = (await login('welcome_me', 'welcome-password')).json() as { access: string };
    const auth = { authorization: `Bearer ${access}` };

    const resent = await post('/api/profile/verify/resend/', {}, auth);
    expect(resent.statusCode).toBe(202);
    const second = await mailbox().next(
      (m) => m.to.includes('welcome-me@example.test') && m.subject === 'Please confirm your e-mail address',
    );
    const verified = await post('/api/verify-email/', { token: tokenOf(linkIn(second, '/verify-email?token=')) });
    expect(verified.statusCode).toBe(200);
    expect((await app().inject({ url: '/api/profile/', headers: auth })).json().email_verified).toBe(true);
    const again = await post('/api/profile/verify/resend/', {}, auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Your e-mail address is already confirmed.');
    expect((await post('/api/profile/verify/resend/', {})).statusCode).toBe(401);
    expect((await post('/api/verify-email/', { token: 'nope' })).statusCode).toBe(400);
  });

  it('sends the link again at most 3 times an hour, then says to wait (429)', async () => {
    const account = await createAccount(app());
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await post('/api/profile/verify/resend/', {}, account.auth)).statusCode);
    expect(answers).toEqual([202, 202, 202, 429]);
    const refused = await post('/api/profile/verify/resend/', {}, account.auth);
    expect(refused.json().error).toBe(
      'We have sent several e-mails to this address lately. Please wait an hour and try again.',
    );
  });

  it('with REQUIRE_VERIFIED_EMAIL_TO_ORDER, checkout asks for a confirmed address first', async () => {
    const strict = await createTestApp({ requireVerifiedEmailToOrder: true });
    try {
      const account = await createAccount(strict.app);
      const book = await createBook(strict.app, { price: '5.00', stock: 3 });
      const place = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/orders/',
          headers: account.auth,
          payload: orderBody([{ book, quantity: 1 }]),
        });
      const refused = await place();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(
        'Please confirm your e-mail address before placing an order. You can send the link again from your profile.',
      );
      await strict.app.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${account.user.id}`);
      expect((await place()).statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });
});

describe('links die when they should', () => {
  /** Asks for an address change and opens the link mailed to the new address. */
  async function moveTo(account: Awaited<ReturnType<typeof createAccount>>, newEmail: string) {
    const asked = await post(
      '/api/profile/email/',
      { email: newEmail, current_password: account.password },
      account.auth,
    );
    expect(asked.statusCode).toBe(202);
    const confirm = await mailbox().next(
      (m) => m.to.includes(newEmail) && m.subject === 'Confirm your new e-mail address',
    );
    mailbox().received.splice(mailbox().received.indexOf(confirm), 1);
    return tokenOf(linkIn(confirm, '/confirm-email?token='));
  }

  it('a reset link sent to the old address stops working once the address changes', async () => {
    const account = await createAccount(app());
    const reset = await resetLink(account.user.email);
    const confirm = await moveTo(account, `moved-${account.user.username}@example.test`);
    expect((await post('/api/profile/email/confirm/', { token: confirm })).statusCode).toBe(200);

    expect((await post('/api/password-reset/check/', { token: reset })).json().state).not.toBe('valid');
    const taken = await post('/api/password-reset/confirm/', {
      token: reset,
      password: 'a-takeover-password',
      password2: 'a-takeover-password',
    });
    expect(taken.statusCode).toBe(400);
    expect((await login(account.user.username, account.password)).statusCode).toBe(200);
  });

  it('a new password ends the links of an address change and of a verification', async () => {
    const account = await createAccount(app());
    const confirm = await moveTo(account, `elsewhere-${account.user.username}@example.test`);
    expect((await post('/api/profile/verify/resend/', {}, account.auth)).statusCode).toBe(202);
    const verifyMail = await mailbox().next(
      (m) => m.to.includes(account.user.email) && m.subject === 'Please confirm your e-mail address',
    );
    const verify = tokenOf(linkIn(verifyMail, '/verify-email?token='));
    const changed = await post(
      '/api/profile/password/',
      { current_password: account.password, password: 'a-changed-password', password2: 'a-changed-password' },
      account.auth,
    );
    expect(changed.statusCode).toBe(200);

    const moved = await post('/api/profile/email/confirm/', { token: confirm });
    expect(moved.statusCode).toBe(400);
    expect((await post('/api/verify-email/', { token: verify })).statusCode).toBe(400);
    expect((await app().inject({ url: '/api/profile/', headers: account.auth })).json()).toMatchObject({
      email: account.user.email,
      email_verified: false,
    });
  });
});

describe('POST /api/password-reset/ does the same work whatever the address', () => {
  it('writes one event and answers the same bytes for an account and for no account; the outbox looks it up', async () => {
    const { user } = await createAccount(app());
    const unknown = `nobody-${user.username}@example.test`;
    const eventsFor = (email: string) =>
      rows(
        app().db,
        sql`SELECT type, key, payload FROM outbox_events WHERE type = 'user.password-reset-requested' AND payload->>'email' = ${email}`,
      );
    const ask = (email: string) =>
      app().inject({ method: 'POST', url: '/api/password-reset/', payload: { email }, remoteAddress: from() });
    const known = await ask(user.email);
    const none = await ask(unknown);
    expect(none.statusCode).toBe(known.statusCode);
    expect(none.rawPayload.equals(known.rawPayload)).toBe(true);
    const same = (res: typeof known) => {
      const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
      return headers;
    };
    expect(same(none)).toEqual(same(known));
    // One event each, the same shape: nothing in the request depended on the account.
    expect(await eventsFor(user.email.toLowerCase())).toEqual([
      {
        type: 'user.password-reset-requested',
        key: user.email.toLowerCase(),
        payload: { email: user.email.toLowerCase() },
      },
    ]);
    expect(await eventsFor(unknown)).toEqual([
      { type: 'user.password-reset-requested', key: unknown, payload: { email: unknown } },
    ]);
    // After commit, the outbox mails the account and nobody else.
    await mailbox().next((m) => m.to.includes(user.email) && m.subject.includes('Reset'));
    await expect
      .poll(
        async () =>
          (
            await rows(
              app().db,
              sql`SELECT count(*)::int AS n FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
                WHERE e.payload->>'email' = ${unknown} AND d.status = 'delivered'`,
            )
          )[0],
      )
      .toEqual({ n: 1 });
    expect(await app().db.select().from(mailTokens).where(eq(mailTokens.email, unknown))).toEqual([]);
    expect(mailbox().received.some((m) => m.to.includes(unknown))).toBe(false);
  });
});
