import {
  accessChangeSchema,
  staffNotificationsSchema,
  errorSchema,
  loginSchema,
  profileSchema,
  refreshRequestSchema,
  tokenPairSchema,
  usersPageSchema,
  usersQuerySchema,
  accountMessages,
  idParamSchema,
  staffChangeSchema,
  userSummarySchema,
} from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadForm } from '../../lib/form.js';
import { deviceCookieHeader } from './devices.js';
import { LoginThrottle } from './login-throttle.js';
import { recoveryRoutes } from './recovery.js';
import * as accounts from './service.js';
import { deleteExpiredSessions } from './sessions.js';
import { errorReplies, security } from '../../lib/openapi.js';

const PICTURE_FIELDS = ['profilePicture', 'profile_picture'] as const;
const errors = errorReplies(400, 401, 403, 404, 409, 413);

/**
 * Accounts under /api: register, login, token refresh, logout, profile, and the staff users list.
 * Handlers only read the request and call the service.
 */
export async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const throttle = new LoginThrottle(app.limits.failures);
  const deps: accounts.AccountsDeps = {
    db: app.db,
    tokens: app.tokens,
    config: app.config,
    throttle,
    log: app.log,
    sessions: app.sessions,
  };
  await app.register(recoveryRoutes);
  app.addHook('onReady', async () => {
    await deleteExpiredSessions(app.db).catch((err) => app.log.warn({ err }, 'could not prune old sessions'));
  });

  app.post(
    '/register/',
    {
      // New accounts per address: enough for a household or an office, not for a script making dozens.
      config: { rateLimit: { max: app.config.signupsPerHour, timeWindow: '1 hour' }, invalidates: [] },
      schema: {
        tags: ['accounts'],
        summary: 'Create an account',
        description:
          'multipart/form-data (or JSON without a picture): email, username, firstName, lastName, bio, password, ' +
          'password2, profilePicture (JPEG, PNG or GIF up to 5 MB, checked by its bytes and re-encoded). ' +
          'One address may create SIGNUPS_PER_HOUR accounts an hour (429 after). ' +
          'Errors name each field: `{ error, fields: { field: [messages] } }`; 409 when the email or username is taken.',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: profileSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const form = await readUploadForm(request, {
        fileFields: PICTURE_FIELDS,
        tooLargeMessage: accountMessages.pictureTooLarge,
      });
      return reply.code(201).send(await accounts.register(deps, form));
    },
  );

  app.post(
    '/login/',
    {
      // A flood guard per address; wrong passwords are counted apart (per account and per address).
      config: { rateLimit: { max: 100, timeWindow: '1 minute' }, invalidates: [] },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with email or username',
        description:
          'Returns an access token (15 minutes) and a refresh token (one use, session ends after 30 days). ' +
          'Wrong passwords are counted (docs/decisions/0005): after 5 for one account from one address, that address ' +
          'waits 15 minutes for that account; after 20 for one account from anywhere, addresses that failed for it ' +
          'wait too (an address with no failure never does); after 30 from one address for any accounts, its ' +
          'attempts are spaced by 1 s doubling to 30 s. A refusal is a 429 with Retry-After. A sign-in sets a ' +
          'device cookie (HttpOnly, SameSite=Strict, Path=/api/login, Secure over https); a later attempt for ' +
          'the same account carrying it is not held by the two rules of the account, and after 5 wrong ' +
          'passwords with it that cookie waits 15 minutes (docs/decisions/0028).',
        body: loginSchema,
        response: { 200: tokenPairSchema, ...errorReplies(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await accounts.login(deps, request.body, request.ip, request.headers.cookie);
      const https = request.protocol === 'https' || Boolean(app.config.publicUrl?.startsWith('https://'));
      reply.header('set-cookie', deviceCookieHeader(signedIn.device, https));
      return signedIn.tokens;
    },
  );

  app.post(
    '/token/refresh/',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' }, invalidates: [] },
      schema: {
        tags: ['accounts'],
        summary: 'Exchange a refresh token for a new pair',
        description: 'Each refresh token works once. Presenting a used one ends its whole session.',
        body: refreshRequestSchema,
        response: { 200: tokenPairSchema, ...errorReplies(400, 401, 429) },
      },
    },
    async (request) => accounts.refresh(deps, request.body.refresh),
  );

  app.post(
    '/logout/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, invalidates: [] },
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: end the session of this refresh token',
        body: refreshRequestSchema,
        response: { 204: z.null(), ...errorReplies(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await accounts.logout(deps, request.body.refresh);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/profile/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user’s profile',
        security,
        response: { 200: profileSchema, ...errorReplies(401, 404) },
      },
    },
    async (request) => accounts.profile(deps, request.user!.userId),
  );

  app.put(
    '/profile/update/',
    {
      preHandler: app.requireUser,
      // Each change may carry a new picture to decode and encode: a person needs a few an hour.
      config: {
        invalidates: ['catalogue'],
        rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: app.limits.perAccount },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Change the signed-in user’s profile',
        description:
          'multipart/form-data (or JSON): firstName, lastName, email, bio, and a picture as profilePicture or ' +
          'profile_picture. Only the fields sent change.',
        consumes: ['multipart/form-data', 'application/json'],
        security,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const form = await readUploadForm(request, {
        fileFields: PICTURE_FIELDS,
        tooLargeMessage: accountMessages.profilePictureTooLarge,
      });
      return accounts.updateProfile(deps, request.user!.userId, form);
    },
  );

  app.get(
    '/users/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['accounts'],
        summary: 'All accounts, for staff (pages=page size, default 10)',
        security,
        querystring: usersQuerySchema,
        response: { 200: usersPageSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => accounts.users(deps, request.query.page, request.query.pages, request.query.search || undefined),
  );

  app.put(
    '/users/:id/staff/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags: ['accounts'],
        summary: 'Give or take away staff access (staff; never your own)',
        security,
        params: idParamSchema,
        body: staffChangeSchema,
        response: { 200: userSummarySchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => accounts.setStaff(deps, request.user!.userId, request.params.id, request.body.is_staff),
  );

  app.put(
    '/profile/notifications/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags: ['accounts'],
        summary: 'Which staff e-mails the signed-in staff member gets: one for each paid order (staff)',
        security,
        body: staffNotificationsSchema,
        response: { 200: staffNotificationsSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => accounts.setStaffNotifications(deps, request.user!.userId, request.body),
  );

  app.put(
    '/users/:id/disabled/',
    {
      preHandler: app.requireStaff,
      config: { invalidates: [] },
      schema: {
        tags: ['accounts'],
        summary: 'Disable an account or enable it again (staff; never your own, never a staff account)',
        description:
          'A disabled account cannot sign in and its sessions end; its orders, reviews and messages stay. ' +
          'Disabling a staff account is refused (409): take staff access away first.',
        security,
        params: idParamSchema,
        body: accessChangeSchema,
        response: { 200: userSummarySchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => accounts.setDisabled(deps, request.user!.userId, request.params.id, request.body.disabled),
  );
}
