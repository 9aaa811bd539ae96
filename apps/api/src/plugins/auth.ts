import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema.js';
import { forbidden, SESSION_EXPIRED_MESSAGE, unauthorized } from '../lib/errors.js';
import { type AccessClaims, TokenService } from '../lib/tokens.js';
import { SessionCheck } from '../modules/accounts/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Whether the sign-in session behind an access token is still open (sign-out and reuse end it). */
    sessions: SessionCheck;
    /** preHandler: 401 unless a valid access token was sent. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 without a token, 403 unless the caller is staff now (`isStaff`). */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Whether the signed-in caller is staff at this moment, read from their users row. The one place
     * every staff-only decision asks (never the token's `is_staff`), so taking staff away works at once.
     */
    isStaff: (request: FastifyRequest) => Promise<boolean>;
  }
  interface FastifyRequest {
    /** The signed-in caller, from a valid bearer access token; null for guests. */
    user: AccessClaims | null;
  }
}

/**
 * Who is calling. The bearer token is read once per request; routes opt in to `requireUser` or
 * `requireStaff`. Being staff comes only from the server, never from anything the client sends: the
 * signed token says who is calling, and `isStaff` asks the database whether they are staff now, so
 * staff access taken away ends at once, not when the 15-minute access token runs out.
 * Every access token names its session (`sid`); the token ends when the session does.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('tokens', new TokenService(app.config.jwtSecret));
  app.decorate('sessions', new SessionCheck(app.db, app.config.sessionCheckSeconds * 1000));
  app.decorateRequest('user', null);

  async function holderOf(header: string) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const claims = match?.[1] ? await app.tokens.verifyAccess(match[1]) : null;
    // A token of a session that was signed out (or revoked for reuse) is worth nothing, whoever holds it;
    // so is one naming another account than its session's (or one that is not there any more).
    return claims && (await app.sessions.isOpen(claims.sessionId, claims.userId)) ? claims : null;
  }
  // A callback hook: most requests (every guest's) carry no token and go on at once, with no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header) return done();
    holderOf(header).then((user) => {
      request.user = user;
      done();
    }, done);
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user) {
      throw unauthorized(request.headers.authorization ? SESSION_EXPIRED_MESSAGE : 'Please sign in to continue');
    }
  });

  // Asked at most once per request (a handler and its service may both need the answer).
  const staffAnswers = new WeakMap<FastifyRequest, Promise<boolean>>();
  app.decorate('isStaff', (request: FastifyRequest) => {
    const user = request.user;
    if (!user) return Promise.resolve(false);
    let answer = staffAnswers.get(request);
    if (!answer) {
      answer = app.db
        .select({ isStaff: users.isStaff })
        .from(users)
        .where(eq(users.id, user.userId))
        .limit(1)
        .then(([row]) => row?.isStaff === true);
      staffAnswers.set(request, answer);
    }
    return answer;
  });

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    if (!(await app.isStaff(request))) throw forbidden('Only staff can do that');
  });
});
