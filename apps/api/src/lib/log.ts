import type { FastifyServerOptions } from 'fastify';

/**
 * What the server logs, and what it never logs (issue 15): errors keep their type, message, statement
 * and stack, but not the values bound to a failed query (a password hash, an email) nor the database's
 * `detail` line (`Key (email)=(…) already exists`); request logs name the method and address, never
 * headers, tokens or passwords.
 */
const REDACTED = '[redacted]';

function scrub(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  // Drizzle writes "Failed query: <statement>\nparams: <values>" into the message and the stack.
  // PostgreSQL quotes the offending value in some messages ("invalid input syntax for type integer: "…"").
  return text
    .replace(/^params: .*$/gm, `params: ${REDACTED}`)
    .replace(/(invalid input (?:syntax|value) for [^:\n]+: ).*$/gm, `$1${REDACTED}`);
}

interface LoggedError {
  type: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  query?: unknown;
  cause?: LoggedError;
}

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: scrub(String(err)) };
  const e = err as Error & { code?: unknown; statusCode?: unknown; query?: unknown; cause?: unknown };
  return {
    type: e.constructor?.name ?? e.name ?? 'Error',
    message: scrub(e.message),
    stack: scrub(e.stack),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(typeof e.query === 'string' ? { query: e.query } : {}),
    ...(e.cause && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** The app's logger options: the level (or the caller's options) plus the serializers and redaction above. */
export function loggerOptions(level: string, logger: LoggerOption | undefined): LoggerOption {
  if (logger === false) return false;
  const given = logger && typeof logger === 'object' ? logger : {};
  return {
    level,
    ...given,
    serializers: { ...((given as { serializers?: object }).serializers ?? {}), err: serializeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.password2',
        '*.passwordHash',
        '*.refresh',
        '*.access',
        '*.token',
        'err.params',
        'err.detail',
      ],
      censor: REDACTED,
    },
  } as LoggerOption;
}
