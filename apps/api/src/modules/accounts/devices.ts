import { randomBytes } from 'node:crypto';
import { parseCookie, type SetCookie, stringifySetCookie } from 'cookie';
import type { TokenService } from '../../lib/tokens.js';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"; the rules are in
 * login-throttle.ts). A successful sign-in leaves a cookie in the browser naming the account and a
 * random nonce, signed with the shop's key (a JWT of type `device`). A later sign-in to that account
 * carrying it is not held by the account's lockout, and its failures count on the nonce alone. The
 * cookie goes only to the sign-in address (Path=/api/login), never to scripts (HttpOnly), never from
 * another site (SameSite=Strict), and only over https when the shop is reached over https (Secure).
 * A browser keeps one: the account that signed in there last.
 */
export const DEVICE_COOKIE = 'device';
const DEVICE_DAYS = 180;
const DEVICE_TOKEN = 'device';

/** A new device cookie's value for the account. */
export async function issueDevice(tokens: TokenService, userId: number): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  const expires = Math.floor(Date.now() / 1000) + DEVICE_DAYS * 24 * 60 * 60;
  return tokens.sign({ sub: String(userId), nonce }, DEVICE_TOKEN, expires);
}

/**
 * The nonce of the device cookie in a `Cookie` header, if it is one the shop signed for this account
 * and it has not expired; null for anything else (none, forged, expired, another account's, another token).
 */
export async function deviceOf(
  tokens: TokenService,
  cookieHeader: string | undefined,
  userId: number,
): Promise<string | null> {
  const value = cookieHeader ? parseCookie(cookieHeader)[DEVICE_COOKIE] : undefined;
  if (!value) return null;
  const claims = await tokens.verify(value, DEVICE_TOKEN);
  if (!claims || claims.sub !== String(userId) || typeof claims.nonce !== 'string' || claims.nonce === '') return null;
  return claims.nonce;
}

/** The `Set-Cookie` header that leaves the device cookie in the browser. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  const cookie: SetCookie = {
    name: DEVICE_COOKIE,
    value,
    path: '/api/login',
    maxAge: DEVICE_DAYS * 24 * 60 * 60,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  };
  return stringifySetCookie(cookie);
}
