import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';

/** Creates the first staff account from ADMIN_EMAIL/ADMIN_PASSWORD. Filled in by the accounts work. */
export async function ensureAdminFromConfig(_db: Database, _config: Config, _log: FastifyBaseLogger) {}
