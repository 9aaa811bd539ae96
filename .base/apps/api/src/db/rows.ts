import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.js';

/**
 * The rows of a raw SQL query, typed as the caller says they come back. The one place that looks
 * inside `db.execute`'s result (PGlite and node-postgres both answer `{ rows }`).
 */
export async function rows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A list of ids as an SQL `int[]` value (`= ANY(...)`, or a column of int[]). */
export function intArray(ids: number[]): SQL {
  return ids.length === 0
    ? sql`'{}'::int[]`
    : sql`ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`;
}
