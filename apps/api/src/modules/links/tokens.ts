import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { mailTokens } from '../../db/schema.js';

/**
 * One-time links (docs/decisions/0016-mail.md): 32 random bytes, base64url in the link, only their
 * SHA-256 in the database; each works once and until it expires.
 */
export type TokenPurpose = 'reset' | 'verify' | 'email-change' | 'newsletter';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset: 60 * 60_000,
  verify: 7 * 24 * 60 * 60_000,
  'email-change': 24 * 60 * 60_000,
  newsletter: 7 * 24 * 60 * 60_000,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh token and the write that stores its hash (in the transaction that queues its e-mail). */
export function newToken(purpose: TokenPurpose, owner: { userId?: number; email: string }) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    write: async (tx: Transaction) => {
      await tx.insert(mailTokens).values({
        purpose,
        tokenHash: hashToken(token),
        userId: owner.userId ?? null,
        email: owner.email,
        expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
      });
    },
  };
}

export type TokenRow = typeof mailTokens.$inferSelect;
export type TokenCheck = { ok: true; row: TokenRow } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** What a token is, without using it: for the screens that say "expired" or "used" before asking for a password. */
export async function inspectToken(
  db: Database | Transaction,
  purpose: TokenPurpose,
  token: string,
): Promise<TokenCheck> {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select()
    .from(mailTokens)
    .where(and(eq(mailTokens.tokenHash, hashToken(token)), eq(mailTokens.purpose, purpose)));
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  return { ok: true, row };
}

/** Uses a token, once whoever asks at the same time (the conditional UPDATE decides). */
export async function useToken(tx: Transaction, purpose: TokenPurpose, token: string): Promise<TokenCheck> {
  const check = await inspectToken(tx, purpose, token);
  if (!check.ok) return check;
  const [used] = await tx
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mailTokens.id, check.row.id), isNull(mailTokens.usedAt), sql`${mailTokens.expiresAt} > now()`))
    .returning();
  return used ? { ok: true, row: used } : { ok: false, reason: 'used' };
}

/**
 * Every unused token of an account for these purposes stops working (a reset done, a password or an
 * address changed).
 */
export async function retireTokens(tx: Transaction, userId: number, purposes: TokenPurpose | TokenPurpose[]) {
  await tx
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(mailTokens.userId, userId), inArray(mailTokens.purpose, [purposes].flat()), isNull(mailTokens.usedAt)),
    );
}

/** The token whose hash this is stops working (its message was never delivered; a fresh one goes instead). */
export async function retireToken(tx: Transaction, tokenHash: string) {
  await tx
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mailTokens.tokenHash, tokenHash), isNull(mailTokens.usedAt)));
}
