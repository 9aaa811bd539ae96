import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/**
 * Access tokens: HS256, 15 minutes, pinned algorithm (a token that names another algorithm, or `none`,
 * is refused). The payload carries what the web app needs without a round trip.
 */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'bookstore';

export interface AccessClaims {
  userId: number;
  username: string;
  isStaff: boolean;
  /** The sign-in session (refresh-token family) the token belongs to; it ends when that session ends. */
  sessionId?: string;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
    return new SignJWT({
      username: claims.username,
      is_staff: claims.isStaff,
      token_type: 'access',
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
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
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER });
      if (payload.token_type !== 'access' || !payload.sub || !/^\d+$/.test(payload.sub)) return null;
      return {
        userId: Number(payload.sub),
        username: String(payload.username ?? ''),
        isStaff: payload.is_staff === true,
        ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
      };
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
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER });
      return payload.token_type === type ? (payload as Record<string, unknown>) : null;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}
