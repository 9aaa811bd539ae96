import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with the OWASP ASVS parameters (19 MiB, 2 passes, 1 lane). A hash made
 * with other parameters still verifies and is replaced at the next successful sign-in.
 */
const ARGON2ID = 2 as Algorithm;
export const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PARAMS = `$argon2id$v=19$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=${HASH_OPTIONS.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when the password matches. Without a stored hash (no such account) it still spends the same
 * time on a dummy hash, so the answer time does not tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_PARAMS);
}
