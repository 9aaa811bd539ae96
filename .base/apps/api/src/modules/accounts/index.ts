/** Accounts: registration, sign-in, sessions, profiles and staff accounts. */
export { ensureAdminFromConfig } from './admin.js';
export { hashPassword } from './passwords.js';
export { accountsRoutes } from './routes.js';
export { SessionCheck, startSession } from './sessions.js';
export { findUserById } from './users.js';
