import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../client.js';

/** Loads the demo catalogue into an empty database. Filled in by the catalogue work. */
export async function seedDemoCatalogueIfEmpty(_db: Database, _config: Config, _log: FastifyBaseLogger) {}
