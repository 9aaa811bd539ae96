import { errorSchema } from '@bookstore/contract';

/** A route's OpenAPI note that it takes the access token (the `bearerAuth` scheme of plugins/openapi.ts). */
export const security = [{ bearerAuth: [] }];

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 422 | 429 | 503;

/** A route's error replies, all `{ error }`: `errorReplies(400, 401, 403)` for a staff read. */
export function errorReplies<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<S, typeof errorSchema>;
}
