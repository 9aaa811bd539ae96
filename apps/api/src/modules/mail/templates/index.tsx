/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the automatic JSX runtime whichever tsconfig the runner finds, e.g. tsx started from the repository root.)
import { DOWNLOAD_LINK_HOURS, DOWNLOADS_PER_LINK, formatMoney } from '@bookstore/contract';
import { Button, Column, Heading, Link, Row, Section, Text } from '@react-email/components';
import type { ReactElement } from 'react';
import { Layout, type Shop, button, muted, text } from './layout.js';

/**
 * Every e-mail the shop writes: a subject, a React component in the one layout, and sample data for
 * `npm run mail:preview`. A template whose message carries a one-time link is `secret` (its body is not
 * kept once sent over SMTP, docs/decisions/0016-mail.md).
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

export interface OrderLine {
  title: string;
  quantity: number;
  priceCents: number;
  protectionPriceCents: number;
}

const hello = (name: string) => <Text style={text}>Hello {name},</Text>;

/** A promo code's discount on an order (docs/product.md, "Sales and promo codes"). */
export interface OrderDiscount {
  code: string;
  cents: number;
}

function Lines({
  lines,
  totalCents,
  currency,
  discount,
}: {
  lines: OrderLine[];
  totalCents: number;
  currency: string;
  discount?: OrderDiscount | null;
}) {
  return (
    <Section>
      {lines.map((line, i) => (
        <Row key={i}>
          <Column style={text}>
            {line.quantity} × {line.title}
            {line.protectionPriceCents > 0 ? ' (with protection)' : ''}
          </Column>
          <Column style={{ ...text, textAlign: 'right' }}>
            {formatMoney(line.quantity * (line.priceCents + line.protectionPriceCents), currency)}
          </Column>
        </Row>
      ))}
      {discount && discount.cents > 0 ? (
        <Row>
          <Column style={text}>Promo code {discount.code}</Column>
          <Column style={{ ...text, textAlign: 'right' }}>−{formatMoney(discount.cents, currency)}</Column>
        </Row>
      ) : null}
      <Row>
        <Column style={{ ...text, fontWeight: 'bold' }}>Total</Column>
        <Column style={{ ...text, fontWeight: 'bold', textAlign: 'right' }}>{formatMoney(totalCents, currency)}</Column>
      </Row>
    </Section>
  );
}

// Orders are listed on one page; the message names the order by number.
const orderUrl = (shop: Shop, _orderId: number) => `${shop.origin}/orders`;

export const templates = {
  'order-confirmation': define<{
    name: string;
    orderId: number;
    lines: OrderLine[];
    /** Each eBook line's download link (null while its file is not ready: the order page has it later). */
    downloads?: { title: string; url: string | null }[];
    totalCents: number;
    currency: string;
    /** The promo code's discount, when the order used one. */
    discount?: OrderDiscount | null;
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
        <Lines lines={d.lines} totalCents={d.totalCents} currency={d.currency} discount={d.discount} />
        {d.delivery ? <Text style={text}>Delivery: {d.delivery}</Text> : null}
        {d.address ? <Text style={text}>Address: {d.address}</Text> : null}
        {d.downloads && d.downloads.length > 0 ? (
          <Section>
            <Text style={text}>
              Your eBooks are ready. Each link works for 24 hours and 5 downloads; you can get a new link from your
              order page at any time.
            </Text>
            {d.downloads.map((download, i) => (
              <Text key={i} style={text}>
                {download.url ? (
                  <Link href={download.url}>Download {download.title}</Link>
                ) : (
                  `${download.title}: the download will be on your order page shortly.`
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
      lines: [
        { title: 'The Left Hand of Darkness', quantity: 1, priceCents: 1499, protectionPriceCents: 0 },
        { title: 'Middlemarch', quantity: 2, priceCents: 999, protectionPriceCents: 150 },
      ],
      downloads: [
        { title: 'Middlemarch (eBook)', url: 'https://books.example.com/api/downloads/1.1.1900000000.sample' },
      ],
      totalCents: 3797,
      currency: 'USD',
      delivery: 'Standard delivery',
      address: '12 Quay Street, Dublin',
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
  'order-cancelled': define<{ name: string; orderId: number; reason?: string }>({
    subject: (d) => `Your order #${d.orderId} has been cancelled`,
    preview: (d) => d.reason ?? 'Your order has been cancelled.',
    body: (d, shop) => (
      <>
        <Heading as="h1">Order cancelled</Heading>
        {hello(d.name)}
        <Text style={text}>Order #{d.orderId} has been cancelled.</Text>
        {d.reason ? <Text style={text}>Reason: {d.reason}</Text> : null}
        <Link href={orderUrl(shop, d.orderId)}>See your order</Link>
      </>
    ),
    sample: { name: 'Ada', orderId: 1042, reason: 'The book could not be found in the warehouse.' },
  }),
  'order-refunded': define<{ name: string; orderId: number; amountCents: number; currency: string }>({
    subject: (d) => `A refund for your order #${d.orderId}`,
    preview: (d) => `${formatMoney(d.amountCents, d.currency)} is on its way back to you.`,
    body: (d, shop) => (
      <>
        <Heading as="h1">Refund on its way</Heading>
        {hello(d.name)}
        <Text style={text}>
          We have refunded {formatMoney(d.amountCents, d.currency)} for order #{d.orderId}. Your bank may take a few
          days to show it.
        </Text>
        <Link href={orderUrl(shop, d.orderId)}>See your order</Link>
      </>
    ),
    sample: { name: 'Ada', orderId: 1042, amountCents: 1499, currency: 'USD' },
  }),
  welcome: define<{ name: string; verifyUrl: string }>({
    subject: (_d, shop) => `Welcome to ${shop.name}: please confirm your e-mail address`,
    preview: () => 'One click to confirm your e-mail address.',
    secret: true,
    body: (d, shop) => (
      <>
        <Heading as="h1">Welcome to {shop.name}</Heading>
        {hello(d.name)}
        <Text style={text}>Thank you for opening an account. Please confirm that this e-mail address is yours:</Text>
        <Button href={d.verifyUrl} style={button}>
          Confirm my e-mail address
        </Button>
        <Text style={muted}>The link works once, for 7 days. If you did not sign up, ignore this e-mail.</Text>
      </>
    ),
    sample: { name: 'Ada', verifyUrl: 'https://books.example.com/verify-email?token=sample' },
  }),
  'verify-email': define<{ name: string; verifyUrl: string }>({
    subject: () => 'Please confirm your e-mail address',
    preview: () => 'One click to confirm your e-mail address.',
    secret: true,
    body: (d) => (
      <>
        <Heading as="h1">Confirm your e-mail address</Heading>
        {hello(d.name)}
        <Button href={d.verifyUrl} style={button}>
          Confirm my e-mail address
        </Button>
        <Text style={muted}>The link works once, for 7 days.</Text>
      </>
    ),
    sample: { name: 'Ada', verifyUrl: 'https://books.example.com/verify-email?token=sample' },
  }),
  'password-reset': define<{ name: string; resetUrl: string }>({
    subject: (_d, shop) => `Reset your ${shop.name} password`,
    preview: () => 'The link works for one hour.',
    secret: true,
    body: (d) => (
      <>
        <Heading as="h1">Reset your password</Heading>
        {hello(d.name)}
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
    sample: { name: 'Ada', resetUrl: 'https://books.example.com/reset-password?token=sample' },
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
  'email-change-confirm': define<{ name: string; newEmail: string; confirmUrl: string }>({
    subject: () => 'Confirm your new e-mail address',
    preview: () => 'Your address changes when you open the link.',
    secret: true,
    body: (d) => (
      <>
        <Heading as="h1">Confirm your new e-mail address</Heading>
        {hello(d.name)}
        <Text style={text}>You asked to use {d.newEmail} for your account. It changes when you open this link:</Text>
        <Button href={d.confirmUrl} style={button}>
          Use this address
        </Button>
        <Text style={muted}>The link works once, for one day.</Text>
      </>
    ),
    sample: {
      name: 'Ada',
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
