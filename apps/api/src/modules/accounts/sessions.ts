import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@bookstore/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { refreshTokens } from '../../db/schema.js';
import type { TokenService } from '../../lib/tokens.js';
import { findUserById, type UserRow } from './users.js';

/**
 * Sign-in sessions. A family is one sign-in; each refresh token works once and is replaced by the
 * next one of its family. Presenting a used token means someone kept a copy: the whole family is
 * revoked, which signs out both the thief and the user. A family ends 30 days after its sign-in
 * whatever happens (absolute expiry), and sign-out revokes it.
 */
export const SESSION_DAYS = 30;
const REFRESH_TYPE = 'refresh';

export type RefreshOutcome =
  | { ok: true; tokens: TokenPair; user: UserRow }
  | { ok: false; reason: 'invalid' | 'expired' | 'revoked' | 'reused' };

async function signPair(
  tokens: TokenService,
  user: UserRow,
  session: { id: string; familyId: string; expiresAt: Date },
): Promise<TokenPair> {
  const access = await tokens.signAccess({ userId: user.id, username: user.username, isStaff: user.isStaff });
  const refresh = await tokens.sign(
    { sub: String(user.id), jti: session.id, fam: session.familyId },
    REFRESH_TYPE,
    Math.floor(session.expiresAt.getTime() / 1000),
  );
  return { access, refresh };
}

/** A new session for a user who just proved who they are. */
export async function startSession(db: Database, tokens: TokenService, user: UserRow, now = new Date()): Promise<TokenPair> {
  const session = {
    id: randomUUID(),
    familyId: randomUUID(),
    userId: user.id,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000),
  };
  await db.insert(refreshTokens).values(session);
  return signPair(tokens, user, session);
}

async function readRefresh(tokens: TokenService, token: string) {
  const payload = await tokens.verify(token, REFRESH_TYPE);
  const id = typeof payload?.jti === 'string' ? payload.jti : null;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  return id && uuid.test(id) ? id : null;
}

async function revokeFamily(db: Database, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Exchanges a refresh token for a new pair, once. */
export async function rotateSession(db: Database, tokens: TokenService, token: string): Promise<RefreshOutcome> {
  const id = await readRefresh(tokens, token);
  if (!id) return { ok: false, reason: 'invalid' };
  const [current] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
  if (!current) return { ok: false, reason: 'invalid' };
  if (current.revokedAt) return { ok: false, reason: 'revoked' };
  if (current.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  // Claim the token atomically: of two requests racing with the same token, exactly one wins.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, current.familyId);
    return { ok: false, reason: 'reused' };
  }

  const user = await findUserById(db, current.userId);
  if (!user) return { ok: false, reason: 'invalid' };
  const next = { id: randomUUID(), familyId: current.familyId, userId: user.id, expiresAt: current.expiresAt };
  await db.insert(refreshTokens).values(next);
  return { ok: true, tokens: await signPair(tokens, user, next), user };
}

/** Sign-out: ends the session the refresh token belongs to. False when the token is not ours. */
export async function endSession(db: Database, tokens: TokenService, token: string): Promise<boolean> {
  const id = await readRefresh(tokens, token);
  if (!id) return false;
  const [current] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id))
    .limit(1);
  if (!current) return false;
  await revokeFamily(db, current.familyId);
  return true;
}

/** Housekeeping: sessions past their absolute expiry are of no use to anyone. */
export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
}
