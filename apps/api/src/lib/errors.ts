/**
 * The one error type services throw. The error handler turns it into
 * `{ error, fields? }` with its status; anything else becomes a 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** Extra JSON merged into the reply body (e.g. current prices on a 409). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The caller's token is signed but its session, or the account it names, is not there any more. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export const badRequest = (message: string, fields?: Record<string, string[]>) => new AppError(400, message, fields);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, undefined, extra);
export const unprocessable = (message: string, extra?: Record<string, unknown>) =>
  new AppError(422, message, undefined, extra);

/** Postgres unique violation, from pg or PGlite. */
export function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/**
 * A write that names an account which is not there: PostgreSQL's foreign-key violation (23503) on a
 * reference to `users` (every such constraint is named `…_users_id_fk`). A request only writes its
 * caller's id there, so the caller's account was deleted after its token was checked (a session's
 * answer is kept for SESSION_CHECK_SECONDS): the caller is signed out (401), not failed (500).
 */
export function isMissingAccount(err: unknown): boolean {
  for (let at = err, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    const { code, constraint, cause } = at as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23503' && typeof constraint === 'string' && constraint.endsWith('_users_id_fk')) return true;
    at = cause;
  }
  return false;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i;

/**
 * Whether a failure means the database could not be reached (down, restarting, refusing connections),
 * rather than a fault of the request or of our code: PostgreSQL's connection classes (08, 57P0x, 53300
 * too many connections), a refused or dropped socket, or the pool's connect timeout. Drizzle wraps the
 * driver's error, so every cause is looked at.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let at = err, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    const { code, message, cause } = at as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08|^57P0[123]$|^53300$/.test(code))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    at = cause;
  }
  return false;
}
