// `npm run migrate`: applies the pending migrations to the configured database (DATABASE_URL, else the
// embedded one in DATA_DIR) and exits; 0 when the database is up to date, 1 with the reason otherwise.
// Production runs it once per release, before starting processes with MIGRATE_ON_START=false
// (docs/decisions/0029-roles-and-production-settings.md).
import { ConfigError, loadConfig, loadEnvFileIfPresent } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runningStore } from './backup.js';

async function main() {
  loadEnvFileIfPresent();
  const config = loadConfig();
  if (!config.databaseUrl) {
    // The embedded database is one process's at a time.
    const pid = runningStore(config.dataDir);
    if (pid) throw new Error(`the store is running on ${config.dataDir} (process ${pid}): stop it, then migrate`);
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` });
  try {
    const pending = await database.pendingMigrations();
    // Several processes may migrate at once: PostgreSQL takes them in turn (db/client.ts).
    await database.migrate();
    console.log(
      pending === 0
        ? `migrate: ${where} is up to date`
        : `migrate: applied ${pending} migration${pending === 1 ? '' : 's'} to ${where}`,
    );
  } finally {
    await database.close();
  }
}

/** The first line of the error underneath (drizzle wraps a refused connection in "Failed query: …"). */
function reason(err: unknown): string {
  let deepest = err;
  while (deepest instanceof Error && deepest.cause) deepest = deepest.cause;
  const text = deepest instanceof Error ? deepest.message || deepest.name : String(deepest);
  return text.split('\n')[0]!;
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError ? err.message : `migrate: the database could not be migrated: ${reason(err)}`,
  );
  process.exit(1);
});
