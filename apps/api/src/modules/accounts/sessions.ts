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
  | { ok: false; reason: 'invalid' | 'expired' | 'revoked' }
  | { ok: false; reason: 'reused'; familyId: string };

async function signPair(
  tokens: TokenService,
  user: UserRow,
  session: { id: string; familyId: string; expiresAt: Date },
): Promise<TokenPair> {
  const access = await tokens.signAccess({
    userId: user.id,
    username: user.username,
    isStaff: user.isStaff,
    sessionId: session.familyId,
  });
  const refresh = await tokens.sign(
    { sub: String(user.id), jti: session.id, fam: session.familyId },
    REFRESH_TYPE,
    Math.floor(session.expiresAt.getTime() / 1000),
  );
  return { access, refresh };
}

/** A new session for a user who just proved who they are. */
export async function startSession(
  db: Database,
  tokens: TokenService,
  user: UserRow,
  now = new Date(),
): Promise<TokenPair> {
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
    return { ok: false, reason: 'reused', familyId: current.familyId };
  }

  const user = await findUserById(db, current.userId);
  if (!user) return { ok: false, reason: 'invalid' };
  if (user.disabledAt) return { ok: false, reason: 'revoked' };
  const next = { id: randomUUID(), familyId: current.familyId, userId: user.id, expiresAt: current.expiresAt };
  await db.insert(refreshTokens).values(next);
  return { ok: true, tokens: await signPair(tokens, user, next), user };
}

/** Ends every open session of an account (it was disabled); the ids of those ended. */
export async function endAllSessions(db: Database, userId: number): Promise<string[]> {
  const ended = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(ended.map((row) => row.familyId))];
}

/** Sign-out: ends the session the refresh token belongs to; its id, or null when the token is not ours. */
export async function endSession(db: Database, tokens: TokenService, token: string): Promise<string | null> {
  const id = await readRefresh(tokens, token);
  if (!id) return null;
  const [current] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id))
    .limit(1);
  if (!current) return null;
  await revokeFamily(db, current.familyId);
  return current.familyId;
}

/**
 * Is a sign-in session still open? Asked for every request with an access token, so the answer is
 * kept for `ttlMs` (SESSION_CHECK_SECONDS): a session ended on another process is refused there within
 * that time, and one ended on this process at once (`ended`). The database is what every process
 * shares, so no Redis is needed; the per-family index makes the question cheap.
 */
export class SessionCheck {
  /** Per session: whether it is open, whose it is (null: no such session), and until when the answer holds. */
  private readonly answers = new Map<string, { open: boolean; owner: number | null; until: number }>();
  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  /**
   * Whether the session is open and belongs to `userId`: a token naming another account than its
   * session's (or one deleted since: its sessions went with it) is refused.
   */
  async isOpen(familyId: string, userId: number, now = Date.now()): Promise<boolean> {
    const known = this.answers.get(familyId);
    if (known && known.until > now) return known.open && known.owner === userId;
    const [row] = await this.db
      .select({
        rows: sql<number>`count(*)::int`,
        revoked: sql<number>`count(${refreshTokens.revokedAt})::int`,
        expiresAt: sql<Date | string | null>`max(${refreshTokens.expiresAt})`,
        owner: sql<number | null>`min(${refreshTokens.userId})`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, familyId));
    const expiresAt = row?.expiresAt ? new Date(row.expiresAt).getTime() : 0;
    const open = Boolean(row && row.rows > 0 && row.revoked === 0 && expiresAt > now);
    const owner = row?.owner === null || row?.owner === undefined ? null : Number(row.owner);
    if (this.ttlMs > 0) {
      if (this.answers.size >= this.maxEntries) this.prune(now);
      this.answers.set(familyId, { open, owner, until: now + this.ttlMs });
    }
    return open && owner === userId;
  }

  /** This process ended the session: its tokens stop here at once. */
  ended(familyId: string) {
    this.answers.set(familyId, { open: false, owner: null, until: Date.now() + Math.max(this.ttlMs, 60_000) });
  }

  private prune(now: number) {
    for (const [key, answer] of this.answers) if (answer.until <= now) this.answers.delete(key);
    if (this.answers.size >= this.maxEntries) this.answers.clear();
  }
}

/** Housekeeping: sessions past their absolute expiry are of no use to anyone. */
export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
}
