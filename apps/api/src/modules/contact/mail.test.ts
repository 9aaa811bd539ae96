import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers, outboxEvents } from '../../db/schema.js';
import { createTestApp, useTestApp } from '../../test/app.js';
import { createAccount, uniqueName } from '../../test/factories.js';
import { linkIn, useMailbox } from '../../test/mailbox.js';
import { startEventDispatcher } from '../events/index.js';

/** The contact form's e-mail to the shop and the newsletter's double opt-in, received over SMTP. */
const mailbox = useMailbox();
const ctx = useTestApp(() => ({ mail: { smtpUrl: mailbox().url, contactTo: 'owner@shop.example' } }));
const app = () => ctx().app;
beforeAll(async () => {
  await startEventDispatcher(app(), { pollMs: 50, backoffMs: () => 100 });
});

let addresses = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app().inject({ method: 'POST', url, payload, headers, remoteAddress: `10.40.0.${++addresses}` });
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('the contact form', () => {
  it('mails the message to CONTACT_TO with Reply-To set to the sender', async () => {
    const subject = `Gift wrap ${uniqueName()}`;
    const res = await post('/api/contact/', {
      name: 'Grace Reader',
      email: 'grace@example.com',
      subject,
      message: 'Do you gift-wrap?\nThanks',
    });
    expect(res.statusCode).toBe(201);
    const mail = await mailbox().next((m) => m.subject === `Contact form: ${subject}`);
    expect(mail.to).toEqual(['owner@shop.example']);
    expect(mail.replyTo).toBe('grace@example.com');
    expect(mail.text).toContain('Do you gift-wrap?');
  });

  it('goes to the first staff account without CONTACT_TO', async () => {
    const local = await createTestApp({ mail: { smtpUrl: mailbox().url } });
    try {
      await startEventDispatcher(local.app, { pollMs: 50 });
      const staff = await createAccount(local.app, { staff: true });
      const subject = `Opening hours ${uniqueName()}`;
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/contact/',
        payload: { name: 'Ann', email: 'ann@example.com', subject, message: 'When do you open?' },
      });
      expect(res.statusCode).toBe(201);
      const mail = await mailbox().next((m) => m.subject === `Contact form: ${subject}`);
      expect(mail.to).toEqual([staff.user.email.toLowerCase()]);
    } finally {
      await local.close();
    }
  });
});

describe('the newsletter, double opt-in', () => {
  it('answers every address the same, mails a link, and counts the address only once it is opened', async () => {
    const staff = await createAccount(app(), { staff: true });
    const email = `${uniqueName('n')}@example.com`;
    const first = await post('/api/newsletter/', { email });
    expect(first.statusCode).toBe(200);
    const listed = async () =>
      (await app().inject({ url: `/api/admin/subscribers/?search=${email}`, headers: staff.auth })).json().meta
        .count as number;
    expect(await listed()).toBe(0);

    const mail = await mailbox().next((m) => m.to.includes(email));
    expect(mail.subject).toBe("Confirm your subscription to Bookstore's newsletter");
    const token = tokenOf(linkIn(mail, '/newsletter/confirm?token='));
    const confirmed = await post('/api/newsletter/confirm/', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('Thank you, your subscription is confirmed.');
    expect(await listed()).toBe(1);
    const csv = await app().inject({ url: `/api/admin/subscribers/export/?search=${email}`, headers: staff.auth });
    expect(csv.body).toContain(email);

    // Asking again for a confirmed address: the same answer, and no new mail.
    const again = await post('/api/newsletter/', { email: email.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mailbox().received.filter((m) => m.to.includes(email))).toHaveLength(1);
    // The same work as for a new address: one request recorded each time, the mail decides after the answer.
    const asked = await app()
      .db.select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, 'newsletter.subscription-requested'), eq(outboxEvents.key, email.toLowerCase())),
      );
    expect(asked).toHaveLength(2);
    expect((await post('/api/newsletter/confirm/', { token })).json().error).toBe(
      'This link has already been used. Please ask for a new one if you need it.',
    );
    expect((await post('/api/newsletter/confirm/', { token: 'made-up-token-made-up-token' })).statusCode).toBe(400);
    expect((await post('/api/newsletter/confirm/', {})).statusCode).toBe(400);
  });

  it('mails one address at most 3 links an hour, however often it is entered', async () => {
    const email = `${uniqueName('n')}@example.com`;
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) answers.add((await post('/api/newsletter/', { email })).body);
    expect(answers.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(mailbox().received.filter((m) => m.to.includes(email))).toHaveLength(3);
    const [row] = await app().db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row?.confirmedAt).toBeNull();
  });
});
