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
  const code = (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
