/** A route's OpenAPI note that it takes the access token (the `bearerAuth` scheme of plugins/openapi.ts). */
export const security = [{ bearerAuth: [] }];
