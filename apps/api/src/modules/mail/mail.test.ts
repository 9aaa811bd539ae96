import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, mailTokens } from '../../db/schema.js';
import { createTestApp, useTestApp } from '../../test/app.js';
import { createAccount, createBook, createUser, paidOrderOfEditions, placeOrder } from '../../test/factories.js';
import { linkIn, useMailbox } from '../../test/mailbox.js';
import { charge, initialize, verify } from '../../test/payments.js';
import { recordEvent, startEventDispatcher } from '../events/index.js';
import { LOGO_SVG } from './logo.js';

/** E-mail sent over real SMTP to a server in this process, after commit, with retries and a failed state. */
const mailbox = useMailbox();
const ctx = useTestApp(() => ({ mail: { smtpUrl: mailbox().url }, currency: 'USD' }));
const app = () => ctx().app;
beforeAll(async () => {
  await startEventDispatcher(app(), { pollMs: 50, backoffMs: () => 100, maxAttempts: 3 });
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('order confirmation', () => {
  it('arrives after a sandbox payment, to the buyer, with the lines and the total', async () => {
    const user = await createUser(app());
    const book = await createBook(app(), { price: '12.50', stock: 5, title: 'Receipt Testing' });
    const order = (await placeOrder(app(), user, [{ book, quantity: 2 }])).json() as { id: number };
    const { reference } = (await initialize(app(), user, order.id)).json();
    expect((await charge(app(), user, reference)).statusCode).toBe(200);
    expect((await verify(app(), user, order.id, reference)).statusCode).toBe(200);

    const mail = await mailbox().next((m) => m.to.includes(user.email) && m.subject.includes(`#${order.id}`));
    expect(mail.subject).toBe(`Your Bookstore order #${order.id} is confirmed`);
    expect(mail.text).toContain('2 × Receipt Testing');
    expect(mail.text).toContain('$25.00');
    expect(mail.html).toContain('$25.00');
    expect(mail.from).toContain('Bookstore');
    expect(linkIn(mail, '/orders')).toMatch(/^http:\/\/localhost:\d+\/orders$/);
  });

  it('shows the logo as a PNG carried in the message, the HTML naming it by its Content-ID', async () => {
    const user = await createUser(app());
    const book = await createBook(app(), { price: '4.00', stock: 5, title: 'Logo Testing' });
    const order = (await placeOrder(app(), user, [{ book, quantity: 1 }])).json() as { id: number };
    const { reference } = (await initialize(app(), user, order.id)).json();
    expect((await charge(app(), user, reference)).statusCode).toBe(200);
    expect((await verify(app(), user, order.id, reference)).statusCode).toBe(200);

    const mail = await mailbox().next((m) => m.to.includes(user.email) && m.subject.includes(`#${order.id}`));
    const logo = mail.attachments.find((a) => a.cid === 'logo@bookstore');
    expect(logo).toMatchObject({ contentType: 'image/png', inline: true });
    const meta = await sharp(logo!.content).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 64 });
    expect(mail.html).toContain('src="cid:logo@bookstore"');
    // Nothing in the message is fetched from the shop to draw it: no SVG, no image by address.
    expect(mail.html).not.toContain('favicon.svg');
    expect(mail.html).not.toMatch(/<img[^>]+src="https?:/);
  });

  it('draws the logo from the same drawing as the web’s', () => {
    const web = readFileSync(new URL('../../../../web/public/favicon.svg', import.meta.url), 'utf8').trim();
    expect(LOGO_SVG).toBe(web);
  });

  it('is never sent for an order whose payment rolled back', async () => {
    const user = await createUser(app());
    const before = mailbox().received.length;
    await expect(
      app().db.transaction(async (tx) => {
        await recordEvent(tx, {
          type: 'order.paid',
          key: 424242,
          payload: {
            orderId: 424242,
            userId: user.id,
            reference: 'ORD-424242-1',
            totalCents: 2_500,
            currency: 'USD',
            status: 'completed',
          },
        });
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox().received.length).toBe(before);
    expect(await app().db.select().from(mailMessages).where(eq(mailMessages.toAddress, user.email))).toEqual([]);
  });
});

describe('what the order e-mails say of the money', () => {
  it("the confirmation names each line's edition and ISBN, the code's discount and the shipping, as the order's summary has them", async () => {
    const staff = await createUser(app(), { staff: true });
    const user = await createUser(app());
    const order = await paidOrderOfEditions(app(), user, staff, { express: true });

    const mail = await mailbox().next(
      (m) => m.to.includes(user.email) && m.subject.includes(`#${order.id} is confirmed`),
    );
    const summary = (await app().inject({ url: `/api/orders/${order.id}/`, headers: user.headers })).json()
      .summary as Record<string, string>;
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain(`2 × ${order.title}`);
      expect(text).toContain(`Hardcover · ISBN ${order.isbns.hardcover}`);
      expect(text).toContain(`Paperback, Used · ISBN ${order.isbns.used}`);
      expect(text).toContain(`eBook · ISBN ${order.isbns.ebook}`);
      expect(text).toContain('2-Year Protection · 2 × $2.99');
      expect(text).toContain(`Discount (${order.code})`);
    }
    // The plain text puts each amount on the line under its words.
    const rows = mail.text.replace(/\n(?=−?\$\d|Free)/g, ' ').split('\n');
    expect(rows).toContain(`Books $${summary.subtotal}`);
    expect(rows).toContain(`2-Year Protection $${summary.protection}`);
    expect(rows).toContain(`Discount (${order.code}) −$${summary.discount}`);
    expect(rows).toContain('Shipping (Express Delivery) $9.99');
    expect(rows).toContain(`Total $${order.total}`);
    expect(summary.total).toBe(order.total);
  });

  it('a refund says what it gave back and what has been refunded in all of what was paid', async () => {
    const staff = await createUser(app(), { staff: true });
    const user = await createUser(app());
    const order = await paidOrderOfEditions(app(), user, staff, { express: true });
    const refund = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund/`,
      headers: staff.headers,
      payload: { amount: '10.00' },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const mail = await mailbox().next((m) => m.to.includes(user.email) && m.subject.includes('A refund'));
    expect(mail.text).toContain(`We have refunded $10.00 for order #${order.id}.`);
    expect(mail.text).toContain(`Refunded so far: $10.00 of the $${order.total} you paid.`);
  });

  it('a cancellation of a paid order says what is refunded; of an unpaid one, that nothing was charged', async () => {
    const staff = await createUser(app(), { staff: true });
    const user = await createUser(app());
    const order = await paidOrderOfEditions(app(), user, staff, { express: true });
    const cancel = (id: number) =>
      app().inject({ method: 'POST', url: `/api/orders/${id}/cancel/`, headers: user.headers, payload: {} });
    expect((await cancel(order.id)).statusCode).toBe(200);
    const paid = await mailbox().next(
      (m) => m.to.includes(user.email) && m.subject.includes(`#${order.id} has been cancelled`),
    );
    expect(paid.text).toContain(`The $${order.total} you paid is refunded in full to your card.`);

    const book = await createBook(app(), { price: '3.00', stock: 5 });
    const unpaid = (await placeOrder(app(), user, [{ book, quantity: 1 }])).json() as { id: number };
    expect((await cancel(unpaid.id)).statusCode).toBe(200);
    const free = await mailbox().next(
      (m) => m.to.includes(user.email) && m.subject.includes(`#${unpaid.id} has been cancelled`),
    );
    expect(free.text).toContain('Nothing was charged.');
  });
});

describe('sending', () => {
  it('retries a mail server that refuses, then succeeds: one message, one Message-ID', async () => {
    const user = await createUser(app());
    mailbox().refuse(1);
    await app().db.transaction((tx) => recordEvent(tx, { type: 'order.delivered', key: 1, payload: { orderId: 0 } }));
    // An order that does not exist writes nothing; a real one is needed.
    const book = await createBook(app(), { price: '3.00', stock: 5 });
    const order = (await placeOrder(app(), user, [{ book, quantity: 1 }])).json() as { id: number };
    await app().db.transaction((tx) =>
      recordEvent(tx, { type: 'order.delivered', key: order.id, payload: { orderId: order.id } }),
    );

    const mail = await mailbox().next((m) => m.to.includes(user.email) && m.subject.includes('delivered'));
    expect(mail.subject).toBe(`Your order #${order.id} has been delivered`);
    const [row] = await app().db.select().from(mailMessages).where(eq(mailMessages.toAddress, user.email));
    await until(
      async () =>
        (await app().db.select().from(mailMessages).where(eq(mailMessages.id, row!.id)))[0]!.status === 'sent',
    );
    expect(mailbox().received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it('marks a message failed after the last attempt; staff see it and send it again', async () => {
    const user = await createUser(app());
    const staff = await createUser(app(), { staff: true });
    const book = await createBook(app(), { price: '3.00', stock: 5 });
    const order = (await placeOrder(app(), user, [{ book, quantity: 1 }])).json() as { id: number };
    mailbox().refuse(3);
    await app().db.transaction((tx) =>
      recordEvent(tx, {
        type: 'order.cancelled',
        key: order.id,
        payload: { orderId: order.id, reason: 'Out of print' },
      }),
    );
    const failed = async () =>
      (await app().inject({ method: 'GET', url: '/api/admin/mail/?status=failed', headers: staff.headers })).json()
        .data as {
        id: number;
        to: string;
        last_error: string;
      }[];
    await until(async () => (await failed()).some((m) => m.to === user.email));
    const message = (await failed()).find((m) => m.to === user.email)!;
    expect(message.last_error).toMatch(/451|Try again/);

    // Not for shoppers; an unknown or unfailed message is refused with a reason.
    expect(
      (await app().inject({ method: 'POST', url: `/api/admin/mail/${message.id}/send/`, headers: user.headers }))
        .statusCode,
    ).toBe(403);
    expect((await app().inject({ method: 'POST', url: `/api/admin/mail/${message.id}/send/` })).statusCode).toBe(401);
    expect(
      (await app().inject({ method: 'POST', url: '/api/admin/mail/99999999/send/', headers: staff.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app().inject({ method: 'POST', url: '/api/admin/mail/x/send/', headers: staff.headers })).statusCode,
    ).toBe(400);

    const again = await app().inject({
      method: 'POST',
      url: `/api/admin/mail/${message.id}/send/`,
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: message.id, status: 'pending' });
    const mail = await mailbox().next((m) => m.to.includes(user.email) && m.subject.includes('cancelled'));
    expect(mail.text).toContain('Reason: Out of print');
    await until(
      async () =>
        (await app().inject({ method: 'GET', url: `/api/admin/mail/${message.id}/`, headers: staff.headers })).json()
          .status === 'sent',
    );
    const twice = await app().inject({
      method: 'POST',
      url: `/api/admin/mail/${message.id}/send/`,
      headers: staff.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('Only a message whose sending failed can be sent again.');
  });

  it('lets staff list and open messages, HTML and text; nobody else', async () => {
    const staff = await createUser(app(), { staff: true });
    const shopper = await createUser(app());
    const list = await app().inject({ method: 'GET', url: '/api/admin/mail/', headers: staff.headers });
    expect(list.statusCode).toBe(200);
    const first = list.json().data[0] as { id: number; subject: string };
    const open = await app().inject({ method: 'GET', url: `/api/admin/mail/${first.id}/`, headers: staff.headers });
    expect(open.statusCode).toBe(200);
    expect(open.json().subject).toBe(first.subject);
    expect(open.json().html).toContain('<html');
    // Staff read it without the message's attachment: the logo is drawn into the HTML they get.
    expect(open.json().html).toContain('src="data:image/png;base64,');
    expect(open.json().html).not.toContain('cid:');
    expect(open.json().text.length).toBeGreaterThan(10);
    expect((await app().inject({ method: 'GET', url: '/api/admin/mail/', headers: shopper.headers })).statusCode).toBe(
      403,
    );
    expect((await app().inject({ method: 'GET', url: '/api/admin/mail/' })).statusCode).toBe(401);
    expect(
      (await app().inject({ method: 'GET', url: '/api/admin/mail/?status=lost', headers: staff.headers })).statusCode,
    ).toBe(400);
    expect(
      (await app().inject({ method: 'GET', url: '/api/admin/mail/99999999/', headers: staff.headers })).statusCode,
    ).toBe(404);
    const search = (q: string) =>
      app().inject({ method: 'GET', url: `/api/admin/mail/?search=${encodeURIComponent(q)}`, headers: staff.headers });
    const found = (await search(first.subject)).json().data as { subject: string }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((m) => m.subject === first.subject)).toBe(true);
    expect((await search('no-such-mail-anywhere')).json().meta.count).toBe(0);
  });
});

describe('what staff see of links', () => {
  it('hides every live link from staff; Send again mails a fresh one, and the one written first stops working', async () => {
    const account = await createAccount(app());
    const staff = await createUser(app(), { staff: true });
    mailbox().refuse(3);
    const asked = await app().inject({
      method: 'POST',
      url: '/api/password-reset/',
      payload: { email: account.user.email },
      remoteAddress: '10.60.0.1',
    });
    expect(asked.statusCode).toBe(202);
    const failed = async () =>
      (
        await app().inject({
          method: 'GET',
          url: `/api/admin/mail/?status=failed&search=${encodeURIComponent(account.user.email)}`,
          headers: staff.headers,
        })
      ).json().data as { id: number }[];
    await until(async () => (await failed()).length === 1);
    const [message] = await failed();
    const open = async () =>
      (
        await app().inject({ method: 'GET', url: `/api/admin/mail/${message!.id}/`, headers: staff.headers })
      ).json() as {
        html: string;
        text: string;
        status: string;
      };
    const seen = await open();
    for (const body of [seen.html, seen.text]) {
      expect(body).toContain('[link hidden]');
      expect(body).not.toMatch(/token=/);
    }
    const written = await app().db.select().from(mailTokens).where(eq(mailTokens.userId, account.user.id));
    expect(written).toHaveLength(1);

    const again = await app().inject({
      method: 'POST',
      url: `/api/admin/mail/${message!.id}/send/`,
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(JSON.stringify(again.json())).not.toMatch(/token=/);
    const mail = await mailbox().next((m) => m.to.includes(account.user.email) && m.subject.includes('Reset'));
    const token = new URL(linkIn(mail, '/reset-password?token=')).searchParams.get('token')!;
    const check = await app().inject({ method: 'POST', url: '/api/password-reset/check/', payload: { token } });
    expect(check.json().state).toBe('valid');
    const tokens = await app().db.select().from(mailTokens).where(eq(mailTokens.userId, account.user.id));
    expect(tokens).toHaveLength(2);
    expect(tokens.find((t) => t.id === written[0]!.id)!.usedAt).not.toBeNull();
    await until(async () => (await open()).status === 'sent');
    expect((await open()).text).not.toContain(token);
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const local = await createTestApp();
    try {
      await startEventDispatcher(local.app, { pollMs: 50 });
      const user = await createUser(local.app);
      const book = await createBook(local.app, { price: '3.00', stock: 5 });
      const order = (await placeOrder(local.app, user, [{ book, quantity: 1 }])).json() as { id: number };
      await local.app.db.transaction((tx) =>
        recordEvent(tx, {
          type: 'order.shipped',
          key: order.id,
          payload: { orderId: order.id, carrier: 'An Post', trackingNumber: 'LX99IE' },
        }),
      );
      const dir = local.config.mail.dir;
      await until(() => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.eml')));
      const [file] = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      const eml = readFileSync(path.join(dir, file!), 'utf8');
      expect(eml).toContain(`Subject: Your order #${order.id} is on its way`);
      expect(eml).toContain(`To: ${user.email}`);
      expect(eml).toContain('LX99IE');
      expect(eml).toContain('Content-ID: <logo@bookstore>');
      expect(eml).toContain('Content-Type: image/png');
    } finally {
      await local.close();
    }
  });
});
