import {
  accountMessages,
  ALREADY_VERIFIED_MESSAGE,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_CHANGED_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  emailChangeSchema,
  messageReplySchema,
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  RESET_REQUESTED_MESSAGE,
  tokenMessages,
  tokenRequestSchema,
  tokenStateSchema,
  VERIFICATION_SENT_MESSAGE,
  WRONG_CURRENT_PASSWORD,
} from '@bookstore/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema.js';
import { AppError, conflict, isUniqueViolation, SESSION_EXPIRED_MESSAGE, unauthorized } from '../../lib/errors.js';
import { fieldsError } from '../../lib/form.js';
import { errorReplies, security } from '../../lib/openapi.js';
import { recordEvent } from '../events/index.js';
import { inspectToken, retireTokens, type TokenPurpose, useToken } from '../links/index.js';
import { AIMED_MAIL_LIMITS, TOO_MANY_TO_MAILBOX_MESSAGE, takeAimedMail } from '../mailboxes/index.js';
import { hashPassword, newPasswordProblem, verifyPassword } from './passwords.js';
import { findUserById, takenIdentity } from './users.js';

/**
 * Account recovery and control (docs/decisions/0016-mail.md): "Forgot password?", a new password
 * from a one-time link, changing the password or the e-mail address with the current password, and
 * confirming an address. Every link is sent by an e-mail subscriber of the outbox.
 */

/**
 * Links of every purpose an account may hold: a reset, a verification of its address, an address
 * change. Changing the password or the address ends them all.
 */
const ACCOUNT_LINKS: TokenPurpose[] = ['reset', 'verify', 'email-change'];

const tokenError = (reason: keyof typeof tokenMessages) =>
  new AppError(400, tokenMessages[reason], { token: [tokenMessages[reason]] });

/** Ends sessions of the account: all of them, or all but `keep` (the one asking). Their ids, to end them here at once. */
async function revokeSessions(tx: Transaction, userId: number, keep?: string): Promise<string[]> {
  const ended = await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.familyId, keep) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(ended.map((row) => row.familyId))];
}

const messageReply = { 200: messageReplySchema, 202: messageReplySchema };

/** A new password that is one of the most used or holds the account's names: the field says why (400). */
async function refuseWeakPassword(password: string, account?: { username: string; email: string }) {
  const problem = await newPasswordProblem(password, account ?? {});
  if (problem) throw fieldsError({ password: [problem] });
}

export async function recoveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const endSessionsHere = (families: string[]) => families.forEach((family) => app.sessions.ended(family));

  /** Changes of the signed-in account's password or address: a person needs a few an hour. */
  const accountChange = {
    preHandler: app.requireUser,
    config: {
      rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: app.limits.perAccount },
      invalidates: [],
    },
  };

  /** The account, once the current password given with a change is its own (else a field error). */
  const withCurrentPassword = async (userId: number, currentPassword: string) => {
    const user = await findUserById(app.db, userId);
    if (!user) throw unauthorized(SESSION_EXPIRED_MESSAGE);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw fieldsError({ current_password: [WRONG_CURRENT_PASSWORD] });
    }
    return user;
  };

  app.post(
    '/password-reset/',
    {
      // Per address of the caller: a flood guard. Per mailbox and sender: counted below, silently.
      config: { rateLimit: { max: 10, timeWindow: '1 hour' }, invalidates: [] },
      schema: {
        tags,
        summary: 'Forgot password: mail a reset link to the account with this address',
        description:
          'Always 202 with the same words and the same work, whether an account has the address or not: the account is ' +
          'looked up after the answer. A link works once, for one hour. ' +
          `One mailbox gets at most ${AIMED_MAIL_LIMITS.perMailboxHour} e-mails an hour and ${AIMED_MAIL_LIMITS.perMailboxDay} a day ` +
          'asked for by others (more are silently not sent); one caller may ask 10 times an hour (429 after).',
        body: passwordResetRequestSchema,
        response: { 202: messageReplySchema, ...errorReplies(400, 429) },
      },
    },
    async (request, reply) => {
      // The same work whatever the address: no account is looked up here. The outbox's subscriber
      // looks it up after commit and mails a link, or does nothing (modules/mail/messages.ts).
      const email = request.body.email.trim().toLowerCase();
      await app.db.transaction(async (tx) => {
        const verdict = await takeAimedMail(tx, { to: email, sender: `ip:${request.ip}`, kind: 'password-reset' });
        if (verdict !== 'ok') return;
        await recordEvent(tx, { type: 'user.password-reset-requested', key: email, payload: { email } });
      });
      return reply.code(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/password-reset/check/',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, invalidates: [] },
      schema: {
        tags,
        summary: 'Whether a reset link still works (valid, expired, used, invalid), before asking for a new password',
        body: tokenRequestSchema,
        response: { 200: tokenStateSchema, ...errorReplies(400, 429) },
      },
    },
    async (request) => tokenState(app, 'reset', request.body.token),
  );

  app.post(
    '/password-reset/confirm/',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, invalidates: [] },
      schema: {
        tags,
        summary: 'Choose a new password with a reset link: every session of the account ends',
        description: 'The same password rules as registration. 400 names the link as invalid, expired or already used.',
        body: passwordResetConfirmSchema,
        response: { 200: messageReplySchema, ...errorReplies(400, 429) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const check = await inspectToken(app.db, 'reset', token);
      if (!check.ok) throw tokenError(check.reason);
      const account = check.row.userId === null ? undefined : await findUserById(app.db, check.row.userId);
      await refuseWeakPassword(password, account);
      const passwordHash = await hashPassword(password);
      const ended = await app.db.transaction(async (tx) => {
        const used = await useToken(tx, 'reset', token);
        if (!used.ok) throw tokenError(used.reason);
        const userId = used.row.userId!;
        // Only while the account still has the address the link was sent to.
        const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
        if (!owner || owner.email.toLowerCase() !== used.row.email.toLowerCase()) throw tokenError('invalid');
        // Opening the link proved the address is theirs.
        await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(eq(users.id, userId));
        await retireTokens(tx, userId, ACCOUNT_LINKS);
        await recordEvent(tx, { type: 'user.password-changed', key: userId, payload: { userId, how: 'reset' } });
        return revokeSessions(tx, userId);
      });
      endSessionsHere(ended);
      return { message: PASSWORD_RESET_DONE_MESSAGE };
    },
  );

  app.post(
    '/profile/password/',
    {
      ...accountChange,
      schema: {
        tags,
        summary: 'Change the password with the current one: the other sessions end',
        security,
        body: passwordChangeSchema,
        response: { ...messageReply, ...errorReplies(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const { userId, sessionId } = request.user!;
      const account = await withCurrentPassword(userId, request.body.current_password);
      await refuseWeakPassword(request.body.password, account);
      const passwordHash = await hashPassword(request.body.password);
      const ended = await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await retireTokens(tx, userId, ACCOUNT_LINKS);
        await recordEvent(tx, { type: 'user.password-changed', key: userId, payload: { userId, how: 'profile' } });
        return revokeSessions(tx, userId, sessionId);
      });
      endSessionsHere(ended);
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );

  app.post(
    '/profile/email/',
    {
      ...accountChange,
      schema: {
        tags,
        summary: 'Change the e-mail address with the current password',
        description:
          'A link goes to the new address and the address changes when it is opened; the old address is told.',
        security,
        body: emailChangeSchema,
        response: { 202: messageReplySchema, ...errorReplies(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = request.user!;
      const user = await withCurrentPassword(userId, request.body.current_password);
      const newEmail = request.body.email;
      if (newEmail.toLowerCase() === user.email.toLowerCase())
        throw fieldsError({ email: ['This is already your e-mail address'] });
      if ((await takenIdentity(app.db, { email: newEmail }, userId)).email)
        throw fieldsError({ email: [accountMessages.emailTaken] }, 409);
      await app.db.transaction(async (tx) => {
        if ((await takeAimedMail(tx, { to: newEmail, sender: `user:${userId}`, kind: 'email-change' })) !== 'ok')
          throw new AppError(429, TOO_MANY_TO_MAILBOX_MESSAGE);
        await recordEvent(tx, { type: 'user.email-change-requested', key: userId, payload: { userId, newEmail } });
      });
      return reply.code(202).send({ message: EMAIL_CHANGE_SENT_MESSAGE });
    },
  );

  app.post(
    '/profile/email/confirm/',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, invalidates: [] },
      schema: {
        tags,
        summary: 'Open the link sent to a new address: the account now uses it',
        body: tokenRequestSchema,
        response: { 200: messageReplySchema, ...errorReplies(400, 409, 429) },
      },
    },
    async (request) => {
      try {
        await app.db.transaction(async (tx) => {
          const used = await useToken(tx, 'email-change', request.body.token);
          if (!used.ok) throw tokenError(used.reason);
          const userId = used.row.userId!;
          const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
          if (!before) throw tokenError('invalid');
          await tx
            .update(users)
            .set({ email: used.row.email, emailVerifiedAt: sql`now()` })
            .where(eq(users.id, userId));
          // Every link sent before, to the old address or the new, ends with the change.
          await retireTokens(tx, userId, ACCOUNT_LINKS);
          await recordEvent(tx, {
            type: 'user.email-changed',
            key: userId,
            payload: { userId, oldEmail: before.email, newEmail: used.row.email },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(accountMessages.emailTaken);
        throw err;
      }
      return { message: EMAIL_CHANGED_MESSAGE };
    },
  );

  app.post(
    '/profile/verify/resend/',
    {
      preHandler: app.requireUser,
      config: {
        rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: app.limits.perAccount },
        invalidates: [],
      },
      schema: {
        tags,
        summary: 'Send the link that confirms the e-mail address again',
        security,
        response: { 202: messageReplySchema, ...errorReplies(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = request.user!;
      const user = await findUserById(app.db, userId);
      if (!user) throw unauthorized(SESSION_EXPIRED_MESSAGE);
      if (user.emailVerifiedAt) throw conflict(ALREADY_VERIFIED_MESSAGE);
      await app.db.transaction(async (tx) => {
        if ((await takeAimedMail(tx, { to: user.email, sender: `user:${userId}`, kind: 'verify-email' })) !== 'ok')
          throw new AppError(429, TOO_MANY_TO_MAILBOX_MESSAGE);
        await recordEvent(tx, { type: 'user.verification-requested', key: userId, payload: { userId } });
      });
      return reply.code(202).send({ message: VERIFICATION_SENT_MESSAGE });
    },
  );

  app.post(
    '/verify-email/',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, invalidates: [] },
      schema: {
        tags,
        summary: 'Open the link that confirms an e-mail address',
        body: tokenRequestSchema,
        response: { 200: messageReplySchema, ...errorReplies(400, 429) },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const used = await useToken(tx, 'verify', request.body.token);
        if (!used.ok) throw tokenError(used.reason);
        // Only while the account still has the address the link was sent to.
        await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(and(eq(users.id, used.row.userId!), sql`lower(${users.email}) = lower(${used.row.email})`));
      });
      return { message: EMAIL_VERIFIED_MESSAGE };
    },
  );
}

async function tokenState(app: FastifyInstance, purpose: TokenPurpose, token: string) {
  const check = await inspectToken(app.db, purpose, token);
  return check.ok
    ? { state: 'valid' as const, message: '' }
    : { state: check.reason, message: tokenMessages[check.reason] };
}
