// `npm run seed -- --books N`: makes sure the catalogue holds at least N titles, adding synthetic ones
// (for benchmarks, two editions each: seed/synthetic.ts) after the demo catalogue. Uses the same
// configuration as the server (DATABASE_URL, DATA_DIR), runs the migrations first; PostgreSQL loads
// with COPY, the embedded database with batches of multi-row INSERTs. Prints the time taken and the
// size on disk.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, loadEnvFileIfPresent } from '../config.js';
import { openDatabase } from '../db/client.js';
import { rows } from '../db/rows.js';
import { seedDemoCatalogueIfEmpty } from './demo.js';
import { count, seedSyntheticBooks } from './synthetic.js';

async function main() {
  const { values } = parseArgs({
    options: { books: { type: 'string', default: '100000' }, batch: { type: 'string', default: '1000' } },
  });
  const target = Number(values.books);
  const batchSize = Math.min(5000, Math.max(1, Number(values.batch)));
  if (!Number.isInteger(target) || target < 0) throw new Error('--books must be a whole number');

  loadEnvFileIfPresent();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` });
  const started = Date.now();
  const log = (message: string) => console.log(`seed: ${message}`);
  try {
    await database.migrate();
    const { db } = database;
    await seedDemoCatalogueIfEmpty(db, config, { info: log });
    const present = await count(db, 'books');
    if (present >= target) {
      log(`the catalogue already holds ${present} titles (asked for ${target}); nothing to do`);
      return;
    }
    await seedSyntheticBooks(db, { databaseUrl: config.databaseUrl, target, batchSize, log });
    const [size] = await rows<{ database: string; books: string; editions: string }>(
      db,
      sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS database,
                 pg_size_pretty(pg_total_relation_size('books')) AS books,
                 pg_size_pretty(pg_total_relation_size('editions')) AS editions`,
    );
    log(
      `done, ${await count(db, 'books')} titles, ${await count(db, 'editions')} editions, ${await count(db, 'authors')} authors ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; on disk: the database ${size?.database}, ` +
        `the books table with its indexes ${size?.books}, editions ${size?.editions}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
