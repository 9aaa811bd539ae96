import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createAccount, uniqueName } from '../../test/factories.js';
import { linkIn, useMailbox } from '../../test/mailbox.js';
import { startEventDispatcher } from '../events/index.js';

/**
 * Passwords (docs/product.md, "Rules"; docs/decisions/0015, 0028): at least 6 characters, none of the
 * 10,000 most common, and never the account's username or the name of its e-mail address (when that
 * is 3 characters or more), at sign-up, on a change and on a reset.
 */
const mailbox = useMailbox();
const ctx = useTestApp(() => ({ mail: { smtpUrl: mailbox().url } }));
const app = () => ctx().app;
beforeAll(async () => {
  await startEventDispatcher(app(), { pollMs: 50, backoffMs: () => 100 });
});

const TOO_COMMON = 'This password is too common';
const HAS_IDENTITY = 'Your password must not contain your username or e-mail';

let addresses = 0;
const from = () => `10.31.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app().inject({ method: 'POST', url, payload, headers, remoteAddress: from() });

function signUp(password: string, who: { username?: string; email?: string } = {}) {
  const username = who.username ?? uniqueName('r');
  return post('/api/register/', {
    email: who.email ?? `${username}@example.test`,
    username,
    firstName: 'Ada',
    lastName: 'Reader',
    password,
    password2: password,
  });
}

function expectPasswordRefused(
  answer: { statusCode: number; json(): { fields?: Record<string, string[]> } },
  message: string,
) {
  expect(answer.statusCode).toBe(400);
  expect(answer.json().fields?.password).toEqual([message]);
}

describe('at sign-up', () => {
  it('refuses the most common passwords, in any case: 123456 and those far down the list of 10,000', async () => {
    for (const password of ['123456', 'Password', 'pearljam', 'ROLLTIDE', 'chevelle', 'fyfcnfcbz', 'bookstore']) {
      expectPasswordRefused(await signUp(password), TOO_COMMON);
    }
  });

  it('refuses a password holding the username or the name of the e-mail address, in any case', async () => {
    const username = uniqueName('ada');
    expectPasswordRefused(await signUp(`${username.toUpperCase()}-rules!`, { username }), HAS_IDENTITY);
    expectPasswordRefused(
      await signUp('my-lovelace-pass', { username: uniqueName('r'), email: 'LoveLace@example.test' }),
      HAS_IDENTITY,
    );
    // A name of two letters is in too many passwords to mean anything: it is not looked for.
    const short = await signUp('a-long-jo-password', { username: uniqueName('r'), email: 'jo@example.test' });
    expect(short.statusCode, short.body).toBe(201);
  });

  it('keeps the minimum of 6 and accepts an ordinary good password', async () => {
    expectPasswordRefused(await signUp('abc12'), 'Minimum 6 characters');
    const fine = await signUp('reading-all-night');
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe('on a change of password', () => {
  it('applies the same rules with the account it is for', async () => {
    const account = await createAccount(app());
    const change = (password: string) =>
      post(
        '/api/profile/password/',
        { current_password: account.password, password, password2: password },
        account.auth,
      );
    expectPasswordRefused(await change('pearljam'), TOO_COMMON);
    expectPasswordRefused(await change(`x-${account.user.username.toUpperCase()}-x`), HAS_IDENTITY);
    expectPasswordRefused(await change(`${account.user.email.split('@')[0]}2026`), HAS_IDENTITY);
    expect((await change('a-brand-new-secret')).statusCode).toBe(200);
  });
});

describe('on a reset', () => {
  it('applies the same rules with the account the link is for, and keeps the link usable', async () => {
    const account = await createAccount(app());
    expect((await post('/api/password-reset/', { email: account.user.email })).statusCode).toBe(202);
    const mail = await mailbox().next((m) => m.to.includes(account.user.email) && m.subject.includes('Reset'));
    const token = new URL(linkIn(mail, '/reset-password?token=')).searchParams.get('token')!;
    const reset = (password: string) => post('/api/password-reset/confirm/', { token, password, password2: password });
    expectPasswordRefused(await reset('rolltide'), TOO_COMMON);
    expectPasswordRefused(await reset(`my-${account.user.username}`), HAS_IDENTITY);
    expect((await post('/api/password-reset/check/', { token })).json().state).toBe('valid');
    expect((await reset('a-brand-new-secret')).statusCode).toBe(200);
  });
});
