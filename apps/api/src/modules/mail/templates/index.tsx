/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the automatic JSX runtime whichever tsconfig the runner finds, e.g. tsx started from the repository root.)
import {
  DOWNLOAD_LINK_HOURS,
  DOWNLOADS_PER_LINK,
  formatMoney,
  lineEdition,
  PROTECTION_PLAN,
} from '@bookstore/contract';
import { Button, Column, Heading, Link, Row, Section, Text } from '@react-email/components';
import { Fragment, type ReactElement } from 'react';
import type { Summary, SummaryLine } from '../../orders/index.js';
import { Layout, type Shop, button, muted, text } from './layout.js';

/**
 * Every e-mail the shop writes: a subject, a React component in the one layout, and sample data for
 * `npm run mail:preview`. A template whose message carries a one-time link is `secret`; staff see its
 * links hidden (docs/decisions/0028-trust-round-three.md, "Mail and links").
 */
export interface Template<Data> {
  subject: (data: Data, shop: Shop) => string;
  /** The first line a mail client shows beside the subject. */
  preview: (data: Data) => string;
  body: (data: Data, shop: Shop) => ReactElement;
  secret?: boolean;
  sample: Data;
}

const define = <Data,>(template: Template<Data>) => template;

const hello = (name: string) => <Text style={text}>Hello {name},</Text>;
/**
 * The greeting of a message that may reach an address on someone else's request (a sign-up, a reset, a
 * new address): no name, nor anything else the requester typed (docs/decisions/0028-trust-round-three.md).
 */
const helloStranger = <Text style={text}>Hello,</Text>;

/**
 * An order's money as its e-mails show it: the order's summary (modules/orders/summary.ts, the one
 * account every page, slip and CSV shows too), its currency, the promo code it used and the delivery
 * method's name. Nothing is added up in a template.
 */
export interface OrderMoney {
  summary: Summary;
  currency: string;
  code: string | null;
  shippingMethod: string | null;
}

const right = { ...text, textAlign: 'right' as const };
const aside = { ...muted, paddingLeft: '16px' };
const asideRight = { ...muted, textAlign: 'right' as const };
const bold = { fontWeight: 'bold' as const };

/** A row of two columns: words, and an amount on the right. */
function Amount({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Row>
      <Column style={strong ? { ...text, ...bold } : text}>{label}</Column>
      <Column style={strong ? { ...right, ...bold } : right}>{amount}</Column>
    </Row>
  );
}

const discountLabel = (code: string | null) => `Discount${code ? ` (${code})` : ''}`;

/**
 * The lines as bought (copies, title, edition and ISBN; the protection plan and the line's share of the
 * code under each), then Books, the protection plans, the discount, shipping, the total and what was
 * refunded.
 */
function Lines({ money }: { money: OrderMoney }) {
  const { summary, currency, code } = money;
  const cash = (cents: number) => formatMoney(cents, currency);
  return (
    <Section>
      {summary.lines.map((line: SummaryLine) => (
        <Fragment key={line.item}>
          <Amount label={`${line.quantity} × ${line.title}`} amount={cash(line.booksCents)} />
          {lineEdition(line) ? (
            <Row>
              <Column style={aside}>{lineEdition(line)}</Column>
            </Row>
          ) : null}
          {line.protectionCents > 0 ? (
            <Row>
              <Column
                style={aside}
              >{`${PROTECTION_PLAN.name} · ${line.quantity} × ${cash(line.protectionPriceCents)}`}</Column>
              <Column style={asideRight}>{cash(line.protectionCents)}</Column>
            </Row>
          ) : null}
          {line.discountCents > 0 ? (
            <Row>
              <Column style={aside}>{discountLabel(code)}</Column>
              <Column style={asideRight}>{`−${cash(line.discountCents)}`}</Column>
            </Row>
          ) : null}
        </Fragment>
      ))}
      <Amount label="Books" amount={cash(summary.subtotalCents)} />
      {summary.protectionCents > 0 ? (
        <Amount label={PROTECTION_PLAN.name} amount={cash(summary.protectionCents)} />
      ) : null}
      {summary.discountCents > 0 ? (
        <Amount label={discountLabel(code)} amount={`−${cash(summary.discountCents)}`} />
      ) : null}
      {summary.delivery ? (
        <Amount
          label={`Shipping${money.shippingMethod ? ` (${money.shippingMethod})` : ''}`}
          amount={summary.shippingCents === 0 ? 'Free' : cash(summary.shippingCents)}
        />
      ) : null}
      <Amount label="Total" amount={cash(summary.totalCents)} strong />
      {summary.refundedCents > 0 ? <Amount label="Refunded" amount={cash(summary.refundedCents)} /> : null}
    </Section>
  );
}

/** The lines a refund gave copies back of, as the summary counts them so far. */
function RefundedLines({ money }: { money: OrderMoney }) {
  const lines = money.summary.lines.filter((line) => line.refundedQuantity > 0 || line.refundedCents > 0);
  if (lines.length === 0 && money.summary.shippingRefundedCents === 0) return null;
  const cash = (cents: number) => formatMoney(cents, money.currency);
  return (
    <Section>
      {lines.map((line) => (
        <Amount
          key={line.item}
          label={`${line.refundedQuantity > 0 ? `${line.refundedQuantity} of ${line.quantity}` : line.quantity} × ${line.title}${lineEdition(line) ? ` (${lineEdition(line)})` : ''}`}
          amount={cash(line.refundedCents)}
        />
      ))}
      {money.summary.shippingRefundedCents > 0 ? (
        <Amount label="Shipping" amount={cash(money.summary.shippingRefundedCents)} />
      ) : null}
    </Section>
  );
}

/** The sample order of `npm run mail:preview`: a hardcover with protection and an eBook, with a code, sent by post. */
const sampleLine = (
  line: Partial<SummaryLine> & Pick<SummaryLine, 'item' | 'title' | 'quantity' | 'unitCents'>,
): SummaryLine => ({
  format: 'Paperback',
  condition: 'New',
  isbn: null,
  digital: false,
  protectionPriceCents: 0,
  booksCents: line.quantity * line.unitCents,
  protectionCents: 0,
  discountCents: 0,
  amountCents: line.quantity * line.unitCents,
  refundedQuantity: 0,
  refundedCents: 0,
  toShip: line.quantity,
  ...line,
});
const SAMPLE_MONEY: OrderMoney = {
  currency: 'USD',
  code: 'READ10',
  shippingMethod: 'Standard Delivery',
  summary: {
    lines: [
      sampleLine({
        item: 1,
        title: 'Middlemarch',
        format: 'Hardcover',
        isbn: '9780141439549',
        quantity: 2,
        unitCents: 1999,
        protectionPriceCents: 299,
        protectionCents: 598,
        discountCents: 400,
        amountCents: 4196,
      }),
      sampleLine({
        item: 2,
        title: 'The Left Hand of Darkness',
        format: 'eBook',
        isbn: '9780441478125',
        digital: true,
        quantity: 1,
        unitCents: 899,
        discountCents: 90,
        amountCents: 809,
        toShip: 0,
      }),
    ],
    subtotalCents: 4897,
    protectionCents: 598,
    discountCents: 490,
    shippingCents: 499,
    delivery: true,
    totalCents: 5504,
    refundedCents: 0,
    shippingRefundedCents: 0,
    netCents: 5504,
  },
};

// Orders are listed on one page; the message names the order by number.
const orderUrl = (shop: Shop, _orderId: number) => `${shop.origin}/orders`;

export const templates = {
  'order-confirmation': define<{
    name: string;
    orderId: number;
    money: OrderMoney;
    /** Each eBook line's download link (null while its file is not ready: the order page has it later). */
    downloads?: { title: string; url: string | null }[];
    /** The delivery method and address, once orders carry them. */
    delivery: string | null;
    address: string | null;
  }>({
    subject: (d, shop) => `Your ${shop.name} order #${d.orderId} is confirmed`,
    preview: (d) => `Thank you for your order #${d.orderId}.`,
    body: (d, shop) => (
      <>
        <Heading as="h1">Thank you for your order</Heading>
        {hello(d.name)}
        <Text style={text}>We have received your payment for order #{d.orderId}. Here is what you bought:</Text>
        <Lines money={d.money} />
        {d.delivery ? <Text style={text}>Delivery: {d.delivery}</Text> : null}
        {d.address ? <Text style={text}>Address: {d.address}</Text> : null}
        {d.downloads && d.downloads.length > 0 ? (
          <Section>
            <Text style={text}>
              {d.downloads.every((download) => download.url)
                ? 'Your eBooks are ready.'
                : 'We will e-mail you as soon as each eBook below is ready to download.'}{' '}
              Each link works for {DOWNLOAD_LINK_HOURS} hours and {DOWNLOADS_PER_LINK} downloads; you can get a new link
              from your order page at any time.
            </Text>
            {d.downloads.map((download, i) => (
              <Text key={i} style={text}>
                {download.url ? (
                  <Link href={download.url}>Download {download.title}</Link>
                ) : (
                  `${download.title}: we are preparing this eBook; the link will follow by e-mail.`
                )}
              </Text>
            ))}
          </Section>
        ) : null}
        <Button href={orderUrl(shop, d.orderId)} style={button}>
          See your order
        </Button>
      </>
    ),
    sample: {
      name: 'Ada',
      orderId: 1042,
      money: SAMPLE_MONEY,
      downloads: [
        {
          title: 'The Left Hand of Darkness (eBook)',
          url: 'https://books.example.com/api/downloads/1.1.1900000000.sample',
        },
      ],
      delivery: 'Standard Delivery (3-5 business days)',
      address: 'Ada Reader, 12 Quay Street, Dublin, IE',
    },
  }),
  /** To each staff member who has not turned it off: an order was paid. */
  'staff-new-order': define<{
    orderId: number;
    customer: string;
    email: string;
    money: OrderMoney;
    delivery: string | null;
  }>({
    subject: (d, shop) => `New order #${d.orderId} paid: ${shop.name}`,
    preview: (d) => `${d.customer} paid for order #${d.orderId}.`,
    body: (d, shop) => (
      <>
        <Heading as="h1">New paid order #{d.orderId}</Heading>
        <Text style={text}>
          {d.customer} ({d.email}) has paid for order #{d.orderId}:
        </Text>
        <Lines money={d.money} />
        {d.delivery ? <Text style={text}>Delivery: {d.delivery}</Text> : null}
        <Button href={`${shop.origin}/admin/orders/${d.orderId}`} style={button}>
          Open the order
        </Button>
        <Text style={text}>You get this e-mail for each paid order; you can turn it off in your profile.</Text>
      </>
    ),
    sample: {
      orderId: 1042,
      customer: 'Ada Reader',
      email: 'ada@example.com',
      money: SAMPLE_MONEY,
      delivery: 'Standard Delivery (3-5 business days)',
    },
  }),
  'order-shipped': define<{
    name: string;
    orderId: number;
    carrier: string;
    trackingNumber: string;
    trackingUrl?: string;
  }>({
    subject: (d) => `Your order #${d.orderId} is on its way`,
    preview: (d) => `${d.carrier} tracking number ${d.trackingNumber}`,
    body: (d, shop) => (
      <>
        <Heading as="h1">Your order is on its way</Heading>
        {hello(d.name)}
        <Text style={text}>
          Order #{d.orderId} has left us with {d.carrier}. Tracking number: <strong>{d.trackingNumber}</strong>
        </Text>
        {d.trackingUrl ? (
          <Button href={d.trackingUrl} style={button}>
            Track the parcel
          </Button>
        ) : (
          <Link href={orderUrl(shop, d.orderId)}>See your order</Link>
        )}
      </>
    ),
    sample: { name: 'Ada', orderId: 1042, carrier: 'An Post', trackingNumber: 'LX123456789IE' },
  }),
  'order-delivered': define<{ name: string; orderId: number }>({
    subject: (d) => `Your order #${d.orderId} has been delivered`,
    preview: () => 'We hope you enjoy your books.',
    body: (d, shop) => (
      <>
        <Heading as="h1">Delivered</Heading>
        {hello(d.name)}
        <Text style={text}>Order #{d.orderId} has been delivered. We hope you enjoy your books.</Text>
        <Link href={orderUrl(shop, d.orderId)}>See your order</Link>
      </>
    ),
    sample: { name: 'Ada', orderId: 1042 },
  }),
  'order-cancelled': define<{
    name: string;
    orderId: number;
    reason?: string;
    /** Whether it had been paid, what was charged and what is given back of it (the order's summary). */
    paid: boolean;
    totalCents: number;
    refundedCents: number;
    currency: string;
  }>({
    subject: (d) => `Your order #${d.orderId} has been cancelled`,
    preview: (d) => d.reason ?? 'Your order has been cancelled.',
    body: (d, shop) => (
      <>
        <Heading as="h1">Order cancelled</Heading>
        {hello(d.name)}
        <Text style={text}>Order #{d.orderId} has been cancelled.</Text>
        {d.reason ? <Text style={text}>Reason: {d.reason}</Text> : null}
        <Text style={text}>
          {!d.paid
            ? 'Nothing was charged.'
            : d.refundedCents >= d.totalCents
              ? `The ${formatMoney(d.totalCents, d.currency)} you paid is refunded in full to your card. Your bank may take a few days to show it.`
              : d.refundedCents > 0
                ? `${formatMoney(d.refundedCents, d.currency)} of the ${formatMoney(d.totalCents, d.currency)} you paid is refunded to your card. Your bank may take a few days to show it.`
                : 'Your payment will be refunded to your card.'}
        </Text>
        <Link href={orderUrl(shop, d.orderId)}>See your order</Link>
      </>
    ),
    sample: {
      name: 'Ada',
      orderId: 1042,
      reason: 'The book could not be found in the warehouse.',
      paid: true,
      totalCents: 5504,
      refundedCents: 5504,
      currency: 'USD',
    },
  }),
  'order-refunded': define<{ name: string; orderId: number; amountCents: number; money: OrderMoney }>({
    subject: (d) => `A refund for your order #${d.orderId}`,
    preview: (d) => `${formatMoney(d.amountCents, d.money.currency)} is on its way back to you.`,
    body: (d, shop) => (
      <>
        <Heading as="h1">Refund on its way</Heading>
        {hello(d.name)}
        <Text style={text}>
          {`We have refunded ${formatMoney(d.amountCents, d.money.currency)} for order #${d.orderId}. Your bank may take a few days to show it.`}
        </Text>
        <RefundedLines money={d.money} />
        <Text style={text}>
          {`Refunded so far: ${formatMoney(d.money.summary.refundedCents, d.money.currency)} of the ${formatMoney(d.money.summary.totalCents, d.money.currency)} you paid.`}
        </Text>
        <Link href={orderUrl(shop, d.orderId)}>See your order</Link>
      </>
    ),
    sample: {
      name: 'Ada',
      orderId: 1042,
      amountCents: 2098,
      money: {
        ...SAMPLE_MONEY,
        summary: {
          ...SAMPLE_MONEY.summary,
          lines: [
            { ...SAMPLE_MONEY.summary.lines[0]!, refundedQuantity: 1, refundedCents: 2098, toShip: 1 },
            SAMPLE_MONEY.summary.lines[1]!,
          ],
          refundedCents: 2098,
          netCents: 3406,
        },
      },
    },
  }),
  welcome: define<{ verifyUrl: string }>({
    subject: (_d, shop) => `Welcome to ${shop.name}: please confirm your e-mail address`,
    preview: () => 'One click to confirm your e-mail address.',
    secret: true,
    body: (d, shop) => (
      <>
        <Heading as="h1">Welcome to {shop.name}</Heading>
        {helloStranger}
        <Text style={text}>Thank you for opening an account. Please confirm that this e-mail address is yours:</Text>
        <Button href={d.verifyUrl} style={button}>
          Confirm my e-mail address
        </Button>
        <Text style={muted}>The link works once, for 7 days. If you did not sign up, ignore this e-mail.</Text>
      </>
    ),
    sample: { verifyUrl: 'https://books.example.com/verify-email?token=sample' },
  }),
  'verify-email': define<{ verifyUrl: string }>({
    subject: () => 'Please confirm your e-mail address',
    preview: () => 'One click to confirm your e-mail address.',
    secret: true,
    body: (d) => (
      <>
        <Heading as="h1">Confirm your e-mail address</Heading>
        {helloStranger}
        <Button href={d.verifyUrl} style={button}>
          Confirm my e-mail address
        </Button>
        <Text style={muted}>The link works once, for 7 days.</Text>
      </>
    ),
    sample: { verifyUrl: 'https://books.example.com/verify-email?token=sample' },
  }),
  'password-reset': define<{ resetUrl: string }>({
    subject: (_d, shop) => `Reset your ${shop.name} password`,
    preview: () => 'The link works for one hour.',
    secret: true,
    body: (d) => (
      <>
        <Heading as="h1">Reset your password</Heading>
        {helloStranger}
        <Text style={text}>
          Someone, hopefully you, asked to reset the password of your account. Choose a new one here:
        </Text>
        <Button href={d.resetUrl} style={button}>
          Choose a new password
        </Button>
        <Text style={muted}>
          The link works once, for one hour. If you did not ask, ignore this e-mail: your password stays as it is.
        </Text>
      </>
    ),
    sample: { resetUrl: 'https://books.example.com/reset-password?token=sample' },
  }),
  'password-changed': define<{ name: string; resetUrl: string }>({
    subject: () => 'Your password was changed',
    preview: () => 'If this was not you, reset your password now.',
    body: (d) => (
      <>
        <Heading as="h1">Your password was changed</Heading>
        {hello(d.name)}
        <Text style={text}>The password of your account was just changed, and every other session was signed out.</Text>
        <Text style={text}>
          If this was not you, <Link href={d.resetUrl}>reset your password</Link> now.
        </Text>
      </>
    ),
    sample: { name: 'Ada', resetUrl: 'https://books.example.com/forgot-password' },
  }),
  'email-change-confirm': define<{ newEmail: string; confirmUrl: string }>({
    subject: () => 'Confirm your new e-mail address',
    preview: () => 'Your address changes when you open the link.',
    secret: true,
    body: (d) => (
      <>
        <Heading as="h1">Confirm your new e-mail address</Heading>
        {helloStranger}
        <Text style={text}>You asked to use {d.newEmail} for your account. It changes when you open this link:</Text>
        <Button href={d.confirmUrl} style={button}>
          Use this address
        </Button>
        <Text style={muted}>The link works once, for one day.</Text>
      </>
    ),
    sample: {
      newEmail: 'ada@new.example',
      confirmUrl: 'https://books.example.com/confirm-email?token=sample',
    },
  }),
  'email-change-notice': define<{ name: string; newEmail: string; resetUrl: string }>({
    subject: () => 'A change of e-mail address was asked for',
    preview: (d) => `Your account would move to ${d.newEmail}.`,
    body: (d) => (
      <>
        <Heading as="h1">A change of e-mail address</Heading>
        {hello(d.name)}
        <Text style={text}>
          Someone signed in to your account asked to change its e-mail address to {d.newEmail}. It changes only when the
          link sent there is opened.
        </Text>
        <Text style={text}>
          If this was not you, <Link href={d.resetUrl}>reset your password</Link> now.
        </Text>
      </>
    ),
    sample: { name: 'Ada', newEmail: 'ada@new.example', resetUrl: 'https://books.example.com/forgot-password' },
  }),
  contact: define<{ name: string; email: string; subject: string; message: string }>({
    subject: (d) => `Contact form: ${d.subject}`,
    preview: (d) => `From ${d.name} <${d.email}>`,
    body: (d) => (
      <>
        <Heading as="h1">{d.subject}</Heading>
        <Text style={text}>
          From {d.name} &lt;{d.email}&gt; through the contact form. Reply to this e-mail to answer them.
        </Text>
        <Text style={{ ...text, whiteSpace: 'pre-wrap' }}>{d.message}</Text>
      </>
    ),
    sample: {
      name: 'Grace',
      email: 'grace@example.com',
      subject: 'Gift wrapping',
      message: 'Do you gift-wrap?\nThanks!',
    },
  }),
  'newsletter-confirm': define<{ confirmUrl: string }>({
    subject: (_d, shop) => `Confirm your subscription to ${shop.name}'s newsletter`,
    preview: () => 'One click and you are on the list.',
    secret: true,
    body: (d) => (
      <>
        <Heading as="h1">One more step</Heading>
        <Text style={text}>Please confirm that you want new arrivals and offers sent to this address:</Text>
        <Button href={d.confirmUrl} style={button}>
          Confirm my subscription
        </Button>
        <Text style={muted}>If you did not ask for this, ignore this e-mail and nothing will be sent.</Text>
      </>
    ),
    sample: { confirmUrl: 'https://books.example.com/newsletter/confirm?token=sample' },
  }),
  'back-in-stock': define<{ name: string; title: string; url: string }>({
    subject: (d) => `Back in stock: ${d.title}`,
    preview: () => 'The book you asked about is back.',
    body: (d) => (
      <>
        <Heading as="h1">{d.title} is back</Heading>
        {hello(d.name)}
        <Text style={text}>You asked us to tell you when this book was back. It is, while copies last.</Text>
        <Button href={d.url} style={button}>
          See the book
        </Button>
      </>
    ),
    sample: { name: 'Ada', title: 'Middlemarch', url: 'https://books.example.com/books/middlemarch' },
  }),
  'low-stock-digest': define<{ threshold: number; books: { title: string; stock: number; url: string }[] }>({
    subject: (d) => `Low stock: ${d.books.length} book${d.books.length === 1 ? '' : 's'} at ${d.threshold} or fewer`,
    preview: (d) => d.books.map((b) => b.title).join(', '),
    body: (d) => (
      <>
        <Heading as="h1">Low stock today</Heading>
        <Text style={text}>These books have {d.threshold} or fewer copies left:</Text>
        <Section>
          {d.books.map((b, i) => (
            <Row key={i}>
              <Column style={text}>
                <Link href={b.url}>{b.title}</Link>
              </Column>
              <Column style={{ ...text, textAlign: 'right' }}>{b.stock} left</Column>
            </Row>
          ))}
        </Section>
      </>
    ),
    sample: {
      threshold: 3,
      books: [{ title: 'Middlemarch', stock: 1, url: 'https://books.example.com/dashboard/books' }],
    },
  }),
  /** An eBook bought before its file was there: the file has arrived (docs/decisions/0023-ebook-delivery.md). */
  'ebook-ready': define<{ name: string; orderId: number; downloads: { title: string; url: string }[] }>({
    subject: (d) =>
      d.downloads.length === 1
        ? `Your eBook "${d.downloads[0]!.title}" is ready to download`
        : 'Your eBooks are ready to download',
    preview: (d) => `From your order #${d.orderId}: download it now.`,
    body: (d, shop) => (
      <>
        <Heading as="h1">Your eBook is ready</Heading>
        {hello(d.name)}
        <Text style={text}>
          The eBook you bought with order #{d.orderId} can now be downloaded. Each link works for {DOWNLOAD_LINK_HOURS}{' '}
          hours and {DOWNLOADS_PER_LINK} downloads; you can get a new link from your order page at any time.
        </Text>
        {d.downloads.map((download, i) => (
          <Text key={i} style={text}>
            <Link href={download.url}>Download {download.title}</Link>
          </Text>
        ))}
        <Button href={orderUrl(shop, d.orderId)} style={button}>
          See your order
        </Button>
      </>
    ),
    sample: {
      name: 'Ada',
      orderId: 1042,
      downloads: [{ title: 'Middlemarch', url: 'https://books.example.com/api/downloads/1.2.1900000000.sample' }],
    },
  }),
};

export type Templates = typeof templates;
export type TemplateName = keyof Templates;
export type TemplateData<N extends TemplateName> = Templates[N]['sample'];
export { Layout, type Shop };
