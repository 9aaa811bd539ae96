import {
  accountMessages,
  type LoginInput,
  type Profile,
  PICTURE_MAX_BYTES,
  profileUpdateSchema,
  registerSchema,
  type TokenPair,
  type UsersPage,
  type UserSummary,
  type StaffNotifications,
  OWN_STAFF_MESSAGE,
  OWN_ACCOUNT_DISABLE_MESSAGE,
  STAFF_DISABLE_MESSAGE,
  EMAIL_NEEDS_PASSWORD_MESSAGE,
  pageMeta,
} from '@bookstore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import {
  AppError,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  SESSION_EXPIRED_MESSAGE,
  unauthorized,
} from '../../lib/errors.js';
import { pictureError, removeMedia, storeImage } from '../../lib/images.js';
import type { TokenService } from '../../lib/tokens.js';
import { type UploadForm, fieldsError, validationError } from '../../lib/form.js';
import { recordEvent } from '../events/index.js';
import { deviceOf, issueDevice } from './devices.js';
import { type LoginThrottle, throttleMessage } from './login-throttle.js';
import { hashPassword, needsRehash, newPasswordProblem, verifyPassword } from './passwords.js';
import { endAllSessions, endSession, rotateSession, type SessionCheck, startSession } from './sessions.js';
import { clock } from '../../lib/clock.js';
import {
  findUserById,
  findUserByLogin,
  insertUser,
  listUsers,
  takenIdentity,
  toProfile,
  toUserSummary,
  type UserChanges,
  updateUser,
} from './users.js';

/**
 * What the account rules need from the app. Each rule is a function taking it first, as every module's
 * rules take what they read and write (usually just the database).
 */
export interface AccountsDeps {
  db: Database;
  tokens: TokenService;
  config: Config;
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
  sessions: SessionCheck;
}

const PROFILE_FOLDER = 'profiles';
const PICTURE_BOX = 800;

async function savePicture(deps: AccountsDeps, data: Buffer, field: string, tooLarge: string): Promise<string> {
  try {
    const stored = await storeImage(
      data,
      {
        mediaDir: deps.config.mediaDir,
        folder: PROFILE_FOLDER,
        allowed: ['jpeg', 'png', 'gif'],
        maxBytes: PICTURE_MAX_BYTES,
        maxWidth: PICTURE_BOX,
        maxHeight: PICTURE_BOX,
      },
      { type: accountMessages.pictureWrongType, size: tooLarge },
    );
    return stored.url;
  } catch (err) {
    throw pictureError(err, field) ?? err;
  }
}

function identityConflict(taken: { email: boolean; username: boolean }): AppError | null {
  const fields: Record<string, string[]> = {};
  if (taken.email) fields.email = [accountMessages.emailTaken];
  if (taken.username) fields.username = [accountMessages.usernameTaken];
  return Object.keys(fields).length > 0 ? fieldsError(fields, 409) : null;
}

export async function register(deps: AccountsDeps, form: UploadForm): Promise<Profile> {
  const parsed = registerSchema.safeParse(form.fields);
  // The password's problem is said with the form's others, unless the form already says one of its own.
  const { password = '', username, email } = form.fields;
  const problem = await newPasswordProblem(password, { username, email });
  if (!parsed.success) {
    const error = validationError(parsed.error);
    if (problem && error.fields && !error.fields.password) error.fields.password = [problem];
    throw error;
  }
  if (problem) throw fieldsError({ password: [problem] });
  const input = parsed.data;
  const conflict = identityConflict(await takenIdentity(deps.db, input));
  if (conflict) throw conflict;

  const picture = form.file
    ? await savePicture(deps, form.file.data, form.file.field, accountMessages.pictureTooLarge)
    : null;
  // Hashed before the transaction opens: it takes tens of milliseconds, and the embedded database
  // serves nobody else while a transaction is open.
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        bio: input.bio,
        passwordHash,
        profilePicture: picture,
        // Never from the form: staff come from create-admin, ADMIN_EMAIL or another staff member.
        isStaff: false,
      });
      await recordEvent(tx, {
        type: 'user.registered',
        key: user.id,
        payload: { userId: user.id, username: user.username, email: user.email },
      });
      return user;
    });
    return toProfile(user);
  } catch (err) {
    await removeMedia(deps.config.mediaDir, picture);
    if (isUniqueViolation(err)) {
      throw (
        identityConflict(await takenIdentity(deps.db, input)) ??
        fieldsError({ email: [accountMessages.emailTaken] }, 409)
      );
    }
    throw err;
  }
}

/** A successful sign-in: the tokens, and the browser's new device cookie (devices.ts). */
export interface SignedIn {
  tokens: TokenPair;
  device: string;
}

/**
 * Signs in, throttled by login-throttle.ts. `cookies` is the request's Cookie header: a device cookie
 * of this account in it lets the attempt past the account's lockout, counted on that device alone.
 */
export async function login(
  deps: AccountsDeps,
  { emailOrUsername, password }: LoginInput,
  address: string,
  cookies?: string,
): Promise<SignedIn> {
  const user = await findUserByLogin(deps.db, emailOrUsername);
  const account = user ? `user:${user.id}` : `name:${emailOrUsername.toLowerCase()}`;
  const device = user ? await deviceOf(deps.tokens, cookies, user.id) : null;
  const verdict = await deps.throttle.check(account, address, device);
  if (!verdict.allowed) {
    throw new AppError(429, throttleMessage(verdict.retryAfterSeconds), undefined, {
      retryAfter: verdict.retryAfterSeconds,
    });
  }

  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) {
    await deps.throttle.recordFailure(account, address, device);
    throw unauthorized(accountMessages.badCredentials);
  }
  await deps.throttle.recordSuccess(account, address, device);
  // Only one who knows the password learns that the account is disabled.
  if (user.disabledAt) throw forbidden(accountMessages.disabled);
  if (needsRehash(user.passwordHash)) {
    await updateUser(deps.db, user.id, { passwordHash: await hashPassword(password) });
  }
  return { tokens: await startSession(deps.db, deps.tokens, user), device: await issueDevice(deps.tokens, user.id) };
}

export async function refresh(deps: AccountsDeps, token: string): Promise<TokenPair> {
  const outcome = await rotateSession(deps.db, deps.tokens, token);
  if (outcome.ok) return outcome.tokens;
  if (outcome.reason === 'reused') {
    deps.sessions.ended(outcome.familyId);
    deps.log.warn('a used refresh token was presented again; its session was revoked');
  }
  throw unauthorized(
    outcome.reason === 'invalid' ? 'Token refresh failed' : 'Your session has ended. Please sign in again.',
  );
}

export async function logout(deps: AccountsDeps, token: string): Promise<void> {
  const ended = await endSession(deps.db, deps.tokens, token);
  if (!ended) throw unauthorized('Token refresh failed');
  deps.sessions.ended(ended);
}

export async function profile(deps: AccountsDeps, userId: number): Promise<Profile> {
  const user = await findUserById(deps.db, userId);
  // The caller's own account is gone (deleted after the token was checked): signed out, as auth says.
  if (!user) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  return toProfile(user);
}

export async function updateProfile(deps: AccountsDeps, userId: number, form: UploadForm): Promise<Profile> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  // Only what was sent changes; empty names and email mean "not sent" (the web sends non-empty values only).
  const sent = Object.fromEntries(
    Object.entries(form.fields).filter(
      ([key, value]) =>
        ['firstName', 'lastName', 'email', 'bio'].includes(key) && (key === 'bio' || value.trim() !== ''),
    ),
  );
  const parsed = profileUpdateSchema.safeParse(sent);
  if (!parsed.success) throw validationError(parsed.error);
  const changes: UserChanges = { ...parsed.data };
  // The address changes only with the current password and a link opened at the new address
  // (POST /api/profile/email/); the same address sent back with the rest of the form is fine.
  if (changes.email && changes.email.toLowerCase() !== user.email.toLowerCase()) {
    throw fieldsError({ email: [EMAIL_NEEDS_PASSWORD_MESSAGE] });
  }
  delete changes.email;
  if (form.file) {
    changes.profilePicture = await savePicture(
      deps,
      form.file.data,
      form.file.field,
      accountMessages.profilePictureTooLarge,
    );
  }
  try {
    const updated = await updateUser(deps.db, user.id, changes);
    if (!updated) throw unauthorized(SESSION_EXPIRED_MESSAGE);
    if (changes.profilePicture && user.profilePicture !== changes.profilePicture) {
      await removeMedia(deps.config.mediaDir, user.profilePicture);
    }
    return toProfile(updated);
  } catch (err) {
    if (changes.profilePicture) await removeMedia(deps.config.mediaDir, changes.profilePicture);
    if (isUniqueViolation(err)) throw fieldsError({ email: [accountMessages.emailTaken] }, 409);
    throw err;
  }
}

export async function users(deps: AccountsDeps, page: number, pageSize: number, search?: string): Promise<UsersPage> {
  const { rows, count } = await listUsers(deps.db, page, pageSize, search);
  return { data: rows.map(toUserSummary), meta: pageMeta(page, pageSize, count) };
}

/** Staff give or take away staff; never their own, so the shop always keeps the one doing it. */
export async function setStaff(
  deps: AccountsDeps,
  actingUserId: number,
  userId: number,
  isStaff: boolean,
): Promise<UserSummary> {
  if (actingUserId === userId) throw forbidden(OWN_STAFF_MESSAGE);
  const updated = await updateUser(deps.db, userId, { isStaff });
  if (!updated) throw notFound('Account not found');
  return toUserSummary(updated);
}

/** Staff choose the staff e-mails they get (a paid order's). */
export async function setStaffNotifications(
  deps: AccountsDeps,
  userId: number,
  wanted: StaffNotifications,
): Promise<StaffNotifications> {
  const updated = await updateUser(deps.db, userId, { notifyPaidOrders: wanted.paid_orders });
  if (!updated) throw notFound('Account not found');
  return { paid_orders: updated.notifyPaidOrders };
}

/**
 * Staff disable an account (a stolen one, a fraudster's) or enable it again. A disabled account cannot
 * sign in, its sessions end now (on this process at once, on the others within SESSION_CHECK_SECONDS),
 * and its orders, reviews and messages stay. Never one's own, and never a staff account (take staff
 * access away first).
 */
export async function setDisabled(
  deps: AccountsDeps,
  actingUserId: number,
  userId: number,
  disabled: boolean,
): Promise<UserSummary> {
  if (actingUserId === userId) throw forbidden(OWN_ACCOUNT_DISABLE_MESSAGE);
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('Account not found');
  if (disabled && user.isStaff) throw conflict(STAFF_DISABLE_MESSAGE);
  if (disabled === (user.disabledAt !== null)) return toUserSummary(user);
  const updated = await updateUser(deps.db, userId, { disabledAt: disabled ? clock.now() : null });
  if (disabled) for (const family of await endAllSessions(deps.db, userId)) deps.sessions.ended(family);
  return toUserSummary(updated ?? user);
}
