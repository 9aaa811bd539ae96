import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { hashPassword } from './passwords.js';
import { findUserByEmail, findUserByLogin, insertUser, updateUser, type UserRow } from './users.js';

interface Logger {
  info(msg: string): void;
  info(obj: object, msg: string): void;
}

/** A free username from an email's local part: letters, digits, _ and -, 3 to 12 characters. */
export async function usernameFromEmail(db: Database, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? '')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 12)
      .padEnd(3, '_') || 'admin';
  if (!(await findUserByLogin(db, base))) return base;
  for (let n = 2; n < 10_000; n += 1) {
    const suffix = String(n);
    const candidate = base.slice(0, 12 - suffix.length) + suffix;
    if (!(await findUserByLogin(db, candidate))) return candidate;
  }
  throw new Error(`No free username for ${email}`);
}

export type StaffOutcome = { user: UserRow; action: 'created' | 'promoted' | 'unchanged' };

/**
 * Makes sure a staff account with this email exists: created when missing, promoted when it was a
 * shopper. Never demotes anyone. The password is set only when the account is created, or when
 * `resetPassword` says so (the create-admin command, run by the operator on purpose).
 */
export async function ensureStaffAccount(
  db: Database,
  account: { email: string; password: string; username?: string },
  options: { resetPassword?: boolean } = {},
): Promise<StaffOutcome> {
  const existing = await findUserByEmail(db, account.email);
  if (!existing) {
    const user = await insertUser(db, {
      email: account.email.trim(),
      username: account.username ?? (await usernameFromEmail(db, account.email)),
      passwordHash: await hashPassword(account.password),
      isStaff: true,
    });
    return { user, action: 'created' };
  }
  const changes: { isStaff?: boolean; passwordHash?: string } = {};
  if (!existing.isStaff) changes.isStaff = true;
  if (options.resetPassword) changes.passwordHash = await hashPassword(account.password);
  if (Object.keys(changes).length === 0) return { user: existing, action: 'unchanged' };
  const user = (await updateUser(db, existing.id, changes)) ?? existing;
  return { user, action: existing.isStaff ? 'unchanged' : 'promoted' };
}

/** At start: the staff account named by ADMIN_EMAIL/ADMIN_PASSWORD, if both are set. */
export async function ensureAdminFromConfig(db: Database, config: Config, log: Logger) {
  if (!config.admin) return;
  const { user, action } = await ensureStaffAccount(db, config.admin);
  if (action !== 'unchanged') log.info({ email: user.email, username: user.username }, `staff account ${action}`);
}
