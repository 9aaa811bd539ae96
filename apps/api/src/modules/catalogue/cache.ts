import type { Database } from '../../db/client.js';

/**
 * A short-lived, per-process memory of catalogue answers that are costly to recompute on every request
 * (the whole catalogue's count, the author and category lists with their book counts). Entries live a
 * few seconds; any catalogue write made through this process empties the cache at once, so a client
 * always sees its own writes, and other processes see them within the time to live.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, { expires: number; value: unknown }>();
  private version = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 1_000,
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as T;
    const version = this.version;
    const value = await load();
    // A write that landed while we were loading makes this answer stale: do not keep it.
    if (version === this.version) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { expires: now + this.ttlMs, value });
    }
    return value;
  }

  clear() {
    this.version += 1;
    this.entries.clear();
  }
}

const caches = new WeakMap<Database, CatalogueCache>();

/** The cache of one database (one app); tests build several apps in one process. */
export function catalogueCache(db: Database): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogueCache();
    caches.set(db, cache);
  }
  return cache;
}

/** Call after writing books, authors, categories, reviews or stock outside an /api request. */
export function invalidateCatalogue(db: Database) {
  caches.get(db)?.clear();
}
