import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { books, contactMessages, users } from '../../db/schema.js';
import { closeStockAlerts, waitingShoppers } from '../books/index.js';
import { renderMail } from './render.js';
import { type Composed, type LiveLink, mailOn, shopOf } from './queue.js';
import { hashToken, newToken, type TokenPurpose } from '../links/index.js';
import type { Transaction } from '../../db/client.js';
import { downloadsOfOrder } from '../downloads/index.js';
import { lowStockThreshold } from '../settings/index.js';
import { isConfirmedSubscriber } from '../contact/index.js';
import { findOrder, orderSummaryOf, type Summary } from '../orders/index.js';
import type { OrderMoney } from './templates/index.js';

/**
 * Which e-mail each event writes (docs/decisions/0016-mail.md). Every one is a subscriber of the
 * outbox: composed after the change committed, never for one that rolled back.
 */

/** The default of the low-stock threshold; the shop's setting (modules/settings) is what counts. */
export { LOW_STOCK_THRESHOLD } from '@bookstore/contract';

const nameOf = (user: { firstName: string; username: string }) => user.firstName.trim() || user.username;

async function userOf(app: FastifyInstance, userId: number) {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId));
  return user;
}

async function userByEmail(app: FastifyInstance, email: string) {
  const [user] = await app.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

/**
 * A one-time link at `prefix` + a fresh token: its URL, the write that stores the token's hash, and the
 * link as the message keeps it (hidden from staff, made afresh by "Send again").
 */
export function oneTimeLink(
  purpose: TokenPurpose,
  owner: { userId?: number; email: string },
  prefix: string,
): { url: string; write: (tx: Transaction) => Promise<void>; live: LiveLink } {
  const { token, write } = newToken(purpose, owner);
  const url = `${prefix}${token}`;
  return {
    url,
    write,
    live: {
      url,
      link: {
        kind: 'token',
        purpose,
        userId: owner.userId ?? null,
        email: owner.email,
        prefix,
        hash: hashToken(token),
      },
    },
  };
}

/** An order line's signed download as the message keeps it. */
const downloadLink = (orderId: number, item: number, origin: string, path: string): LiveLink => ({
  url: `${origin}${path}`,
  link: { kind: 'download', orderId, item, origin },
});

const bookUrl = (origin: string, title: string) => `${origin}/book/${encodeURIComponent(title)}`;

type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** An order's money as its e-mails show it: its summary, with the code and the delivery method's name. */
const moneyOf = (order: OrderRow, summary: Summary): OrderMoney => ({
  summary,
  currency: order.currency,
  code: order.promoCode,
  shippingMethod: order.shippingMethod?.name ?? null,
});

/**
 * A message to the order's customer, made from the order and its summary as they stand (read through
 * the orders module: the same figures as the order's pages, slip and CSV).
 */
async function orderMail(
  app: FastifyInstance,
  orderId: number,
  make: (ctx: {
    name: string;
    order: OrderRow;
    summary: Summary;
    shop: ReturnType<typeof shopOf>;
  }) => ReturnType<typeof renderMail>,
): Promise<Composed | null> {
  const [order, summary] = await Promise.all([findOrder(app.db, orderId), orderSummaryOf(app.db, orderId)]);
  if (!order || !summary) return null;
  const user = await userOf(app, order.userId);
  if (!user) return null;
  const shop = shopOf(app.config);
  return { mails: [{ to: user.email, rendered: await make({ name: nameOf(user), order, summary, shop }) }] };
}

mailOn('order.paid', 'mail.order-confirmation', async (event, app) => {
  const links: LiveLink[] = [];
  const composed = await orderMail(app, event.payload.orderId, async ({ name, order, summary, shop }) => {
    // Each eBook line's signed link, good for a day from payment (docs/decisions/0023-ebook-delivery.md).
    const lines = await downloadsOfOrder(app.db, app.config.downloadSecret, order.id);
    const downloads = lines.map((line) => ({
      title: line.title,
      url: line.url ? `${shop.origin}${line.url}` : null,
    }));
    links.push(
      ...lines.flatMap((line) => (line.url ? [downloadLink(order.id, line.item, shop.origin, line.url)] : [])),
    );
    return renderMail(
      'order-confirmation',
      {
        name,
        orderId: order.id,
        money: moneyOf(order, summary),
        downloads,
        delivery: order.shippingMethod ? `${order.shippingMethod.name} (${order.shippingMethod.days})` : null,
        address: order.shippingAddress
          ? [
              order.shippingAddress.name,
              order.shippingAddress.line1,
              order.shippingAddress.line2,
              [order.shippingAddress.postal_code, order.shippingAddress.city].filter(Boolean).join(' '),
              order.shippingAddress.region,
              order.shippingAddress.country,
            ]
              .filter(Boolean)
              .join(', ')
          : null,
      },
      shop,
    );
  });
  return composed && { mails: composed.mails.map((mail) => ({ ...mail, links })) };
});

mailOn('order.shipped', 'mail.order-shipped', (event, app) =>
  orderMail(app, event.payload.orderId, ({ name, order, shop }) =>
    renderMail(
      'order-shipped',
      {
        name,
        orderId: order.id,
        carrier: event.payload.carrier,
        trackingNumber: event.payload.trackingNumber,
        trackingUrl: event.payload.trackingUrl,
      },
      shop,
    ),
  ),
);

mailOn('order.delivered', 'mail.order-delivered', async (event, app) =>
  // eBooks only: the confirmation e-mail carried their download links, nothing arrived by post.
  event.payload.digital
    ? null
    : orderMail(app, event.payload.orderId, ({ name, order, shop }) =>
        renderMail('order-delivered', { name, orderId: order.id }, shop),
      ),
);

/** An eBook's file arrived after payment: the lines waiting for it, with their fresh links (docs/decisions/0023). */
mailOn('ebook.ready', 'mail.ebook-ready', async (event, app) => {
  const { orderId, items } = event.payload;
  const { origin } = shopOf(app.config);
  const lines = (await downloadsOfOrder(app.db, app.config.downloadSecret, orderId)).filter(
    (line) => items.includes(line.item) && line.url,
  );
  // Refunded or cancelled since: nothing to send.
  if (lines.length === 0) return null;
  const links = lines.map((line) => downloadLink(orderId, line.item, origin, line.url!));
  const downloads = lines.map((line, i) => ({ title: line.title, url: links[i]!.url }));
  const composed = await orderMail(app, orderId, ({ name, shop }) =>
    renderMail('ebook-ready', { name, orderId, downloads }, shop),
  );
  return composed && { mails: composed.mails.map((mail) => ({ ...mail, links })) };
});

mailOn('order.cancelled', 'mail.order-cancelled', (event, app) =>
  orderMail(app, event.payload.orderId, ({ name, order, summary, shop }) =>
    renderMail(
      'order-cancelled',
      {
        name,
        orderId: order.id,
        reason: event.payload.reason,
        paid: order.paymentStatus === 'success',
        totalCents: summary.totalCents,
        refundedCents: summary.refundedCents,
        currency: order.currency,
      },
      shop,
    ),
  ),
);

mailOn('order.refunded', 'mail.order-refunded', (event, app) =>
  orderMail(app, event.payload.orderId, ({ name, order, summary, shop }) =>
    renderMail(
      'order-refunded',
      { name, orderId: order.id, amountCents: event.payload.amountCents, money: moneyOf(order, summary) },
      shop,
    ),
  ),
);

/** A verification link to the account's current address: on sign-up (welcome) and on "Resend". */
async function verification(
  app: FastifyInstance,
  userId: number,
  template: 'welcome' | 'verify-email',
): Promise<Composed | null> {
  const user = await userOf(app, userId);
  if (!user || user.emailVerifiedAt) return null;
  const shop = shopOf(app.config);
  const link = oneTimeLink('verify', { userId: user.id, email: user.email }, `${shop.origin}/verify-email?token=`);
  return {
    mails: [
      { to: user.email, rendered: await renderMail(template, { verifyUrl: link.url }, shop), links: [link.live] },
    ],
    write: link.write,
  };
}

mailOn('user.registered', 'mail.welcome', (event, app) => verification(app, event.payload.userId, 'welcome'));
mailOn('user.verification-requested', 'mail.verify-email', (event, app) =>
  verification(app, event.payload.userId, 'verify-email'),
);

/**
 * "Forgot password?" for any address (the route looks nothing up, so that it answers alike): the
 * account with that address, if there is one, is sent a link; otherwise nothing is sent.
 */
mailOn('user.password-reset-requested', 'mail.password-reset', async (event, app) => {
  const { payload } = event;
  const user = 'email' in payload ? await userByEmail(app, payload.email) : await userOf(app, payload.userId);
  if (!user) return null;
  const shop = shopOf(app.config);
  const link = oneTimeLink('reset', { userId: user.id, email: user.email }, `${shop.origin}/reset-password?token=`);
  return {
    mails: [
      {
        to: user.email,
        rendered: await renderMail('password-reset', { resetUrl: link.url }, shop),
        links: [link.live],
      },
    ],
    write: link.write,
  };
});

mailOn('user.password-changed', 'mail.password-changed', async (event, app) => {
  const user = await userOf(app, event.payload.userId);
  if (!user) return null;
  const shop = shopOf(app.config);
  const rendered = await renderMail(
    'password-changed',
    { name: nameOf(user), resetUrl: `${shop.origin}/forgot-password` },
    shop,
  );
  return { mails: [{ to: user.email, rendered }] };
});

mailOn('user.email-change-requested', 'mail.email-change', async (event, app) => {
  const user = await userOf(app, event.payload.userId);
  if (!user) return null;
  const shop = shopOf(app.config);
  const { newEmail } = event.payload;
  const link = oneTimeLink('email-change', { userId: user.id, email: newEmail }, `${shop.origin}/confirm-email?token=`);
  const name = nameOf(user);
  return {
    mails: [
      {
        // To an address that is not yet the account's: nothing in it that the requester typed.
        to: newEmail,
        rendered: await renderMail('email-change-confirm', { newEmail, confirmUrl: link.url }, shop),
        links: [link.live],
      },
      {
        to: user.email,
        rendered: await renderMail(
          'email-change-notice',
          { name, newEmail, resetUrl: `${shop.origin}/forgot-password` },
          shop,
        ),
      },
    ],
    write: link.write,
  };
});

/** Where contact messages go: CONTACT_TO, else the first staff account's address. */
async function contactAddress(app: FastifyInstance): Promise<string | undefined> {
  if (app.config.mail.contactTo) return app.config.mail.contactTo;
  const [staff] = await app.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.isStaff, true))
    .orderBy(asc(users.id))
    .limit(1);
  return staff?.email;
}

mailOn('contact.received', 'mail.contact', async (event, app) => {
  const [message] = await app.db.select().from(contactMessages).where(eq(contactMessages.id, event.payload.messageId));
  if (!message) return null;
  const to = await contactAddress(app);
  if (!to) throw new Error('No CONTACT_TO and no staff account to send the contact message to');
  const rendered = await renderMail(
    'contact',
    { name: message.name, email: message.email, subject: message.subject, message: message.message },
    shopOf(app.config),
  );
  return { mails: [{ to, replyTo: message.email, rendered }] };
});

mailOn('newsletter.subscription-requested', 'mail.newsletter-confirm', async (event, app) => {
  const shop = shopOf(app.config);
  const { email } = event.payload;
  // An address already confirmed is not asked again (the form answered the same: modules/contact).
  if (await isConfirmedSubscriber(app.db, email)) return null;
  const link = oneTimeLink('newsletter', { email }, `${shop.origin}/newsletter/confirm?token=`);
  const rendered = await renderMail('newsletter-confirm', { confirmUrl: link.url }, shop);
  return { mails: [{ to: email, rendered, links: [link.live] }], write: link.write };
});

/** Each shopper waiting for the book gets one e-mail, and their request is closed with it. */
mailOn('book.restocked', 'mail.back-in-stock', async (event, app) => {
  const [book] = await app.db
    .select({ id: books.id, title: books.title })
    .from(books)
    .where(eq(books.id, event.payload.bookId));
  if (!book) return null;
  const waiting = await waitingShoppers(app.db, book.id);
  if (waiting.length === 0) return null;
  const shop = shopOf(app.config);
  const url = bookUrl(shop.origin, book.title);
  const mails = await Promise.all(
    waiting.map(async (w) => ({
      to: w.email,
      rendered: await renderMail('back-in-stock', { name: nameOf(w), title: book.title, url }, shop),
    })),
  );
  const ids = waiting.map((w) => w.alert);
  return {
    mails,
    write: (tx) => closeStockAlerts(tx, ids),
  };
});

/** Each staff member who has not turned it off hears of each paid order (never a disabled account). */
mailOn('order.paid', 'mail.staff-new-order', async (event, app) => {
  const staff = await app.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.notifyPaidOrders, true), isNull(users.disabledAt)))
    .orderBy(asc(users.id));
  if (staff.length === 0) return null;
  const [order, summary] = await Promise.all([
    findOrder(app.db, event.payload.orderId),
    orderSummaryOf(app.db, event.payload.orderId),
  ]);
  if (!order || !summary) return null;
  const customer = await userOf(app, order.userId);
  const shop = shopOf(app.config);
  const rendered = await renderMail(
    'staff-new-order',
    {
      orderId: order.id,
      customer: customer ? [customer.firstName, customer.lastName].join(' ').trim() || customer.username : 'A customer',
      email: customer?.email ?? '',
      money: moneyOf(order, summary),
      delivery: order.shippingMethod ? order.shippingMethod.name : null,
    },
    shop,
  );
  return { mails: staff.map((s) => ({ to: s.email, rendered })) };
});

/** The daily digest to every staff address; nothing is sent on a day when nothing is low. */
mailOn('stock.digest-due', 'mail.low-stock', async (_event, app) => {
  const threshold = await lowStockThreshold(app.db);
  const low = await app.db
    .select({ title: books.title, stock: books.stockAmount })
    .from(books)
    .where(and(eq(books.available, true), lte(books.stockAmount, threshold)))
    .orderBy(asc(books.stockAmount), asc(books.title))
    .limit(200);
  if (low.length === 0) return null;
  const staff = await app.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.isStaff, true))
    .orderBy(asc(users.id));
  if (staff.length === 0) return null;
  const shop = shopOf(app.config);
  const rendered = await renderMail(
    'low-stock-digest',
    { threshold, books: low.map((b) => ({ ...b, stock: b.stock ?? 0, url: bookUrl(shop.origin, b.title) })) },
    shop,
  );
  return { mails: staff.map((s) => ({ to: s.email, rendered })) };
});
