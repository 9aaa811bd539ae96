import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/**
 * Access tokens: HS256, 15 minutes, pinned algorithm (a token that names another algorithm, or `none`,
 * is refused). The payload carries what the web app needs without a round trip.
 */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'bookstore';

/**
 * Who a valid access token names. Whether they are staff is not here on purpose: the token's
 * `is_staff` is for the web app's menus; the server asks the database (plugins/auth.ts, `isStaff`).
 */
export interface AccessClaims {
  userId: number;
  username: string;
  /** The sign-in session (refresh-token family) the token belongs to; it ends when that session ends. */
  sessionId: string;
}

/** A token without these is refused, however well signed: no expiry, no subject or no session. */
const REQUIRED_CLAIMS = ['exp', 'sub', 'sid'];

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(
    claims: AccessClaims & { isStaff: boolean },
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    return new SignJWT({
      username: claims.username,
      is_staff: claims.isStaff,
      token_type: 'access',
      sid: claims.sessionId,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ACCESS_TOKEN_SECONDS)
      .sign(this.key);
  }

  /** Returns the claims of a valid access token, or null for anything else (expired, forged, wrong alg). */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: REQUIRED_CLAIMS,
      });
      if (payload.token_type !== 'access' || !payload.sub || !/^\d{1,9}$/.test(payload.sub)) return null;
      if (typeof payload.sid !== 'string' || payload.sid === '') return null;
      return { userId: Number(payload.sub), username: String(payload.username ?? ''), sessionId: payload.sid };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }

  /** Signs any other short-lived payload with the same key (e.g. refresh tokens), typed by `token_type`. */
  async sign(payload: Record<string, unknown>, type: string, expiresAtSeconds: number): Promise<string> {
    return new SignJWT({ ...payload, token_type: type })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(expiresAtSeconds)
      .sign(this.key);
  }

  async verify(token: string, type: string): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp'],
      });
      return payload.token_type === type ? (payload as Record<string, unknown>) : null;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}
