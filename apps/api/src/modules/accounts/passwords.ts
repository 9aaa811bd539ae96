import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { accountMessages, passwordHasIdentity } from '@bookstore/contract';

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

/** How many of the most used passwords a new password may not be. */
export const COMMON_PASSWORD_COUNT = 10_000;

/**
 * What the frequency list leaves out because zxcvbn catches it by pattern (one character repeated, a
 * plain run of digits or letters), and the words of a bookshop that a reader here would try first.
 */
const ALSO_COMMON = `000000 0000000 00000000 1111111 11111111 11111111111 5555555 12121212 7654321 6543210 aaaaaa aaaaaaa
aaaaaaaa abcdef abcdefg abcdefgh abcdefghi 1234512345 qwertyqwerty admin123 administrator root123 p@ssword pa$$word
password1234 welcome123 letmein123 secret123 changeme1 hellohello bookstore bookshop books123 reading reader library
bookworm novel123`;

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * The 10,000 most used passwords, most used first, from `@zxcvbn-ts/language-common` (MIT, the
 * maintained zxcvbn: its `passwords-common` list is ordered by how often each password appeared in a
 * corpus of 10 million leaked ones), and ALSO_COMMON. Loaded on the first new password a process
 * checks, never in the browser (docs/decisions/0028-trust-round-three.md).
 */
function common(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set([...dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT), ...ALSO_COMMON.split(/\s+/)]),
  );
  return commonPasswords;
}

/** Whether the password is one of the most used, in any case and without the spaces around it. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await common()).has(password.trim().toLowerCase());
}

/**
 * Why a new password (already of the right length, `passwordSchema`) may not be used, in the shop's
 * words, or null: one of the most used, or holding the account's username or the name of its e-mail
 * address. The one check of sign-up, a change, a reset and create-admin.
 */
export async function newPasswordProblem(
  password: string,
  account: { username?: string; email?: string },
): Promise<string | null> {
  if (await isCommonPassword(password)) return accountMessages.passwordTooCommon;
  if (passwordHasIdentity(password, account)) return accountMessages.passwordHasIdentity;
  return null;
}
