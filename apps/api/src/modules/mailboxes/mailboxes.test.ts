import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { mailMessages, users } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { useTestApp } from '../../test/app.js';
import { createAccount, uniqueName } from '../../test/factories.js';
import { useMailbox } from '../../test/mailbox.js';
import { startEventDispatcher } from '../events/index.js';
import { AIMED_MAIL_LIMITS, mailboxOf, takeAimedMail } from './index.js';

/** Mail a stranger cannot aim: per mailbox as normalised and per sender, whichever route asks. */
const mailbox = useMailbox();
const ctx = useTestApp(() => ({ mail: { smtpUrl: mailbox().url } }));
const app = () => ctx().app;
beforeAll(async () => {
  await startEventDispatcher(app(), { pollMs: 50, backoffMs: () => 100 });
});
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
/** Moves the shop's clock `minutes` on from where it is. */
function later(minutes: number) {
  const from = clock.now().getTime() - Date.now();
  clock.now = () => new Date(Date.now() + from + minutes * 60_000);
}

let addresses = 0;
/** Each request from its own address: the limit per mailbox is what these tests measure. */
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app().inject({
    method: 'POST',
    url,
    payload,
    headers,
    remoteAddress: `10.50.${addresses >> 8}.${++addresses & 255}`,
  });

/** Every delivery of the outbox done: all the mail these requests make is written. */
const settled = () =>
  expect
    .poll(
      async () =>
        (await rows(app().db, sql`SELECT count(*)::int AS n FROM outbox_deliveries WHERE status = 'pending'`))[0],
      { timeout: 10_000 },
    )
    .toEqual({ n: 0 });

async function mailTo(box: string) {
  await settled();
  const rows = await app().db.select({ to: mailMessages.toAddress }).from(mailMessages);
  return rows.filter((row) => mailboxOf(row.to) === box).length;
}

describe('mailboxOf', () => {
  it('is the inbox an address reaches: lower case, no +tag, Gmail without dots', () => {
    expect(mailboxOf(' Victim+1@Example.COM ')).toBe('victim@example.com');
    expect(mailboxOf('v.i.c.t.i.m+news@googlemail.com')).toBe('victim@gmail.com');
    expect(mailboxOf('first.last@example.com')).toBe('first.last@example.com');
  });
});

describe('mail asked for by others', () => {
  it('reaches one inbox at most 3 times an hour and 10 a day, however its address is written and whichever form asks', async () => {
    const name = uniqueName('victim');
    const box = `${name}@gmail.com`;
    const spellings = (i: number) => [
      `${name}+${i}@gmail.com`,
      `${name.slice(0, 3)}.${name.slice(3)}+${i}x@googlemail.com`,
    ];
    for (let i = 0; i < 4; i++)
      expect((await post('/api/newsletter/', { email: spellings(i)[i % 2]! })).statusCode).toBe(200);
    expect((await post('/api/password-reset/', { email: `${name}+r@gmail.com` })).statusCode).toBe(202);
    const account = await createAccount(app());
    const change = await post(
      '/api/profile/email/',
      { email: `${name}+new@gmail.com`, current_password: account.password },
      account.auth,
    );
    expect(change.statusCode).toBe(429);
    expect(change.json().error).toBe(
      'We have sent several e-mails to this address lately. Please wait an hour and try again.',
    );
    expect(await mailTo(box)).toBe(3);

    // Three more an hour, up to ten in a day.
    for (const expected of [6, 9, 10, 10]) {
      later(61);
      for (let i = 0; i < 4; i++) await post('/api/newsletter/', { email: spellings(10 + i)[i % 2]! });
      expect(await mailTo(box)).toBe(expected);
    }
    later(24 * 60);
    await post('/api/newsletter/', { email: `${name}+tomorrow@gmail.com` });
    expect(await mailTo(box)).toBe(11);
  });

  it('one sender has at most 20 such e-mails sent an hour, whatever the mailboxes', async () => {
    const sender = `ip:10.51.0.${Math.floor(Math.random() * 250)}`;
    const verdicts: string[] = [];
    for (let i = 0; i <= AIMED_MAIL_LIMITS.perSenderHour; i++) {
      verdicts.push(
        await app().db.transaction((tx) =>
          takeAimedMail(tx, { to: `${uniqueName('s')}@example.test`, sender, kind: 'newsletter' }),
        ),
      );
    }
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(20);
    expect(verdicts.at(-1)).toBe('sender');
    later(61);
    expect(
      await app().db.transaction((tx) =>
        takeAimedMail(tx, { to: `${uniqueName('s')}@example.test`, sender, kind: 'newsletter' }),
      ),
    ).toBe('ok');
  });

  it('an address-change confirmation to another address carries nothing the requester typed', async () => {
    const account = await createAccount(app());
    await app()
      .db.update(users)
      .set({ firstName: 'WIN A PRIZE at prize.example' })
      .where(eq(users.id, account.user.id));
    const newEmail = `${uniqueName('target')}@example.test`;
    expect(
      (await post('/api/profile/email/', { email: newEmail, current_password: account.password }, account.auth))
        .statusCode,
    ).toBe(202);
    const mail = await mailbox().next((m) => m.to.includes(newEmail));
    expect(mail.text).not.toContain('prize.example');
    expect(mail.html).not.toContain('prize.example');
    expect(mail.text).toContain('Hello,');
  });
});
