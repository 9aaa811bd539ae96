/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the automatic JSX runtime whichever tsconfig the runner finds, e.g. tsx started from the repository root.)
import { Body, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { LOGO_SRC } from '../logo.js';

/** What every message knows about the shop: its name, address and where it lives on the web. */
export interface Shop {
  name: string;
  address: string;
  /** PUBLIC_URL (or this server's address): every link in a message starts with it. */
  origin: string;
}

/**
 * Colours chosen to read on a white page and when a mail client darkens it: dark text on a light card,
 * with `color-scheme` declared so clients that support dark mode invert it themselves rather than
 * leaving dark text on a dark page.
 */
const page = {
  backgroundColor: '#f4f1ea',
  color: '#1f2933',
  fontFamily: 'Georgia, "Times New Roman", serif',
  margin: 0,
  padding: '24px 0',
};
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '8px',
  maxWidth: '560px',
  margin: '0 auto',
  padding: '24px 32px',
};
const muted = { color: '#52606d', fontSize: '13px', lineHeight: '20px' };

export function Layout({ shop, preview, children }: { shop: Shop; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section>
            <Link href={`${shop.origin}/`} style={{ color: '#1f2933', textDecoration: 'none' }}>
              <Img
                src={LOGO_SRC}
                width="32"
                height="32"
                alt=""
                style={{ display: 'inline-block', verticalAlign: 'middle' }}
              />
              <span style={{ fontSize: '20px', fontWeight: 'bold', marginLeft: '8px', verticalAlign: 'middle' }}>
                {shop.name}
              </span>
            </Link>
          </Section>
          <Hr />
          {children}
          <Hr />
          <Text style={muted}>
            {shop.name}
            {shop.address ? ` · ${shop.address}` : ''}
            <br />
            <Link href={`${shop.origin}/`} style={{ color: '#1d4ed8' }}>
              {shop.origin.replace(/^https?:\/\//, '')}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const text = { fontSize: '16px', lineHeight: '24px', color: '#1f2933' };
export const button = {
  backgroundColor: '#1d4ed8',
  borderRadius: '6px',
  color: '#ffffff',
  display: 'inline-block',
  fontSize: '16px',
  fontWeight: 'bold',
  padding: '12px 20px',
  textDecoration: 'none',
};
export { muted };
