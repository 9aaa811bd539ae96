import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A download link names its grant (one order line's downloads), the grant's generation (a new link
 * replaces the old ones: renewing adds one) and when it ends, signed with DOWNLOAD_SECRET. The link
 * itself is the proof: whoever holds it may download, as from the e-mail without signing in
 * (docs/decisions/0023-ebook-delivery.md); the count and the end are kept on the grant's row as well.
 */
export interface LinkClaims {
  grantId: number;
  generation: number;
  /** Seconds since 1970 when the link stops working. */
  expires: number;
}

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`ebook-download:${body}`).digest('base64url').slice(0, 43);

export function signLink(secret: string, claims: LinkClaims): string {
  const body = `${claims.grantId}.${claims.generation}.${claims.expires}`;
  return `${body}.${sign(secret, body)}`;
}

/** The claims of a link signed with `secret`, or null for anything else (altered, cut, made up). */
export function readLink(secret: string, token: string): LinkClaims | null {
  const match = /^(\d{1,10})\.(\d{1,6})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const body = `${match[1]}.${match[2]}.${match[3]}`;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(match[4]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { grantId: Number(match[1]), generation: Number(match[2]), expires: Number(match[3]) };
}
