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

  /** Loads in flight, shared so that an expiry under load costs one query, not one per request. */
  private readonly loading = new Map<string, Promise<unknown>>();

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const version = this.version;
    const promise = load().then(
      (value) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        // A write that landed while we were loading makes this answer stale: do not keep it.
        if (version === this.version) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { expires: now + this.ttlMs, value });
        }
        return value;
      },
      (err: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  clear() {
    this.version += 1;
    this.entries.clear();
    this.loading.clear();
  }
}

const caches = new WeakMap<Database, CatalogueCache>();

/**
 * The cache of one database (one app; tests build several apps in one process). The first caller
 * that passes a time to live sets it: the catalogue routes, from CATALOGUE_CACHE_SECONDS.
 */
export function catalogueCache(db: Database, ttlMs?: number): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogueCache(ttlMs);
    caches.set(db, cache);
  }
  return cache;
}

/** Call after writing books, authors, categories, reviews or stock outside an /api request. */
export function invalidateCatalogue(db: Database) {
  caches.get(db)?.clear();
}
