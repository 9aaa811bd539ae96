import { createHash, randomBytes } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Database } from '../../db/client.js';

/** The compressed forms of one body, shared by every answer made with the same bytes. */
interface Forms {
  readonly etag: string;
  gzipped?: Buffer;
  brotli?: Buffer;
  /** The brotli form has been asked for again: its smallest form is being made, or is made. */
  hot?: boolean;
}

/**
 * Compressed forms by ETag, the least recently used going first past `FORMS_BYTES`: an answer remade
 * with the same bytes (its time to live ran out, or a write changed other answers) takes the forms
 * already made instead of compressing again, and a page asked for once a minute still counts as asked
 * for again. Only forms that hold something are kept here (an answer never sent compressed adds
 * nothing); forms let go live on with the answers that hold them.
 */
const formsByEtag = new Map<string, Forms>();
const FORMS_BYTES = 4 * 1024 * 1024;
let formsBytes = 0;
const bytesOf = (forms: Forms) => (forms.gzipped?.length ?? 0) + (forms.brotli?.length ?? 0);

function formsOf(etag: string): Forms {
  const known = formsByEtag.get(etag);
  if (!known) return { etag };
  // Last in the Map's order: the last to go.
  formsByEtag.delete(etag);
  formsByEtag.set(etag, known);
  return known;
}

/** `forms` now holds `grew` bytes more (or fewer): kept from its first bytes on, the oldest let go past the bound. */
function formsGrew(forms: Forms, grew: number) {
  const kept = formsByEtag.get(forms.etag);
  if (kept === undefined) {
    formsByEtag.set(forms.etag, forms);
    formsBytes += bytesOf(forms);
  } else if (kept === forms) {
    formsBytes += grew;
  } else {
    return;
  }
  for (const [etag, oldest] of formsByEtag) {
    if (formsBytes <= FORMS_BYTES) return;
    formsByEtag.delete(etag);
    formsBytes -= bytesOf(oldest);
  }
}

/**
 * Brotli at its best quality (11) for answers asked for more than once, made one at a time in
 * libuv's thread pool, never on the thread that answers requests. Quality 5, made at once on the first
 * ask, costs about 1 ms for a 170 KB page; 11 costs about 150 ms and makes it 11% smaller (the
 * catalogue page: 14.5 KB to 12.9 KB, which with its headers then fits in the ten packets a new
 * connection may send before its first acknowledgement, docs/benchmarks/server-rendering.md). Hot
 * answers only: a page asked for once (a fresh book page under load) is never worth it.
 */
const smallest: Array<{ body: Buffer; forms: Forms }> = [];
let compressing = false;
/** Past this many answers waiting, another one waits for its next ask. */
const SMALLEST_WAITING = 64;

function makeSmallest(body: Buffer, forms: Forms) {
  if (smallest.length >= SMALLEST_WAITING) return;
  forms.hot = true;
  smallest.push({ body, forms });
  if (!compressing) compressNext();
}

function compressNext() {
  const next = smallest.shift();
  compressing = next !== undefined;
  if (!next) return;
  const { body, forms } = next;
  const params = {
    [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
    [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    // A window no larger than the body: the same bytes out, with far less of the encoder's memory.
    [zlib.BROTLI_PARAM_LGWIN]: Math.min(
      zlib.BROTLI_MAX_WINDOW_BITS,
      Math.max(zlib.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length))),
    ),
  };
  brotliCompress(body, { params }, (err, best) => {
    if (!err && forms.brotli && best.length < forms.brotli.length) {
      const grew = best.length - forms.brotli.length;
      forms.brotli = best;
      formsGrew(forms, grew);
    }
    compressNext();
  });
}

/**
 * One catalogue answer as it goes on the wire: its JSON bytes, an ETag made from them, and the
 * compressed forms, each made once, the first time a client asks for it (brotli made again at its
 * best in the background once a second client asks, `makeSmallest`).
 */
export class CachedAnswer implements Weighed {
  readonly etag: string;
  private readonly forms: Forms;

  constructor(readonly body: Buffer) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    this.forms = formsOf(this.etag);
  }

  /** Below this size compression costs more than the bytes it saves (the compress plugin's threshold too). */
  static readonly COMPRESS_FROM = 1024;

  /** What the cache counts it as: its body (the compressed forms, made on demand, are not counted). */
  get keptBytes(): number {
    return this.body.length;
  }

  gzip(): Buffer {
    if (this.forms.gzipped) return this.forms.gzipped;
    const gzipped = gzipSync(this.body, { level: 6 });
    this.forms.gzipped = gzipped;
    formsGrew(this.forms, gzipped.length);
    return gzipped;
  }

  br(): Buffer {
    const forms = this.forms;
    if (forms.brotli) {
      if (!forms.hot) makeSmallest(this.body, forms);
      return forms.brotli;
    }
    // Quality 5 for the first ask: within a few per cent of the best ratio on JSON, at a fraction of
    // the time of 11.
    const brotli = brotliCompressSync(this.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.length },
    });
    forms.brotli = brotli;
    formsGrew(forms, brotli.length);
    return brotli;
  }
}

/** What carries "the catalogue changed" to the other server processes (invalidation.ts). */
export interface InvalidationBus {
  publish(origin: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry<T> {
  /** Until then the entry is fresh. */
  expires: number;
  /** Until then an expired entry may still be served while one request makes its successor. */
  staleUntil: number;
  value: T;
  /** Its bytes as counted when it was kept (`sizeOf`), given back when it goes. */
  size: number;
}

/**
 * A kept value that says how many bytes it holds (an answer, a server-rendered page in plugins/render.ts);
 * other objects count for nothing, bounded by their number alone.
 */
export interface Weighed {
  readonly keptBytes: number;
}

/**
 * A per-process memory of catalogue answers: the objects the service computes (counts, lists, authors),
 * and the bytes the routes send. Entries live for a short time to live, as a backstop only: every
 * catalogue write clears the cache of every process at once (`invalidate`, carried by the bus), so a
 * client always sees its own writes and everybody else sees them within milliseconds.
 *
 * When the time to live of an answer runs out with no write in between (the backstop, not an
 * invalidation), the old answer is served for up to one more time to live while a single request
 * makes the new one: a facet count that takes 100 ms to make then never holds up the requests that
 * arrive meanwhile. A write
 * (`clear`) drops everything at once, stale entries too.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly answers = new Map<string, Entry<CachedAnswer>>();
  /** Loads in flight, shared so that an expiry under load costs one query, not one per request. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly answering = new Map<string, Promise<CachedAnswer>>();
  /** Stale answers whose successor a request has set out to make (since when), see `peek`. */
  private readonly claims = new Map<string, number>();
  private version = 0;
  private bus?: InvalidationBus;
  /** Names this cache on the bus, so it does not clear itself twice for its own writes. */
  readonly origin = randomBytes(9).toString('base64url');
  onBusError: (err: unknown) => void = () => {};

  /** Bytes of the answers and pages kept (their uncompressed bodies), against `maxBytes`. */
  private bytes = 0;

  constructor(
    readonly ttlMs = 5_000,
    private readonly maxEntries = 1_000,
    private readonly maxBytes = AnswerCache.MAX_BYTES,
  ) {}

  /**
   * At most this many bytes of answers and server-rendered pages are kept, oldest out first, besides
   * the count bound: 1,000 listing answers of 28 KB and some 330 book pages of 60 KB, with their
   * compressed forms, came to about 80 MB outside V8's heap (docs/benchmarks/million-titles.md,
   * "Resident memory after fresh server renders").
   */
  static readonly MAX_BYTES = 32 * 1024 * 1024;

  /** The bytes kept now (uncompressed bodies), for tests and diagnostics. */
  get keptBytes(): number {
    return this.bytes;
  }

  get enabled() {
    return this.ttlMs > 0;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    // Objects are never served stale: they are what a stale answer is remade from.
    const hit = this.fresh(this.entries, key);
    if (hit) return hit.value as T;
    return this.shared(this.loading, key, load, (value) => this.keep(this.entries, key, value)) as Promise<T>;
  }

  /**
   * `load`, shared by the requests that ask for `key` while it runs, and not kept after: for what only
   * goes into something that is kept itself (a book's data into its server-rendered page, which is
   * what is served again), so the cache holds the page and not its sources beside it.
   */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    return this.shared(this.loading, key, load, () => {}) as Promise<T>;
  }

  /** Counts the clears: a value made before a write must not be kept after it (see `remember`). */
  get generation(): number {
    return this.version;
  }

  /** A value kept by `remember` within its time to live, or nothing. */
  recall<T>(key: string): T | undefined {
    if (!this.enabled) return undefined;
    return this.fresh(this.entries, key)?.value as T | undefined;
  }

  /**
   * Keeps a value found while making an answer (where a listing's page ends), unless a write landed
   * since `generation` was read: the same life as the answers, cleared with them.
   */
  remember(key: string, value: unknown, generation: number) {
    if (this.enabled && generation === this.version) this.keep(this.entries, key, value);
  }

  /**
   * A stored answer, or nothing: the fast path of a catalogue read. An answer past its time to live
   * sends the first request on to make a new one (nothing is returned to it) and is still given to the
   * others until the new one is kept.
   */
  peek(key: string): CachedAnswer | undefined {
    const hit = this.usable(this.answers, key);
    if (!hit) return undefined;
    const now = Date.now();
    if (hit.expires > now) return hit.value;
    const claimed = this.claims.get(key);
    if (this.answering.has(key) || (claimed !== undefined && now - claimed < AnswerCache.CLAIM_MS)) {
      return hit.value;
    }
    this.claims.set(key, now);
    return undefined;
  }

  /** A stored answer within its time to live, or nothing; unlike `peek`, it never claims a stale one. */
  current(key: string): CachedAnswer | undefined {
    return this.enabled ? this.fresh(this.answers, key)?.value : undefined;
  }

  /** How long a request that set out to remake a stale answer has before another one may try. */
  static readonly CLAIM_MS = 2_000;

  /** The answer under `key`, made once from `load` (and JSON) when it is missing or old. */
  answer(key: string, load: () => Promise<unknown>): Promise<CachedAnswer> {
    const make = async () => new CachedAnswer(Buffer.from(JSON.stringify(await load())));
    if (!this.enabled) return make();
    const hit = this.fresh(this.answers, key);
    if (hit) return Promise.resolve(hit.value);
    const made = this.shared(this.answering, key, make, (value) => this.keep(this.answers, key, value));
    return made.finally(() => this.claims.delete(key));
  }

  /** Empties this process's cache; loads in flight when it happens are not kept. */
  clear() {
    this.version += 1;
    this.entries.clear();
    this.answers.clear();
    this.bytes = 0;
    this.loading.clear();
    this.answering.clear();
    this.claims.clear();
  }

  /** Empties this cache and tells every other process to empty theirs. */
  invalidate() {
    this.clear();
    this.bus?.publish(this.origin).catch((err: unknown) => this.onBusError(err));
  }

  /** A message from the bus: another process wrote to the catalogue. */
  received(origin: string) {
    if (origin !== this.origin) this.clear();
  }

  attach(bus: InvalidationBus) {
    this.bus = bus;
  }

  async detach() {
    const bus = this.bus;
    this.bus = undefined;
    await bus?.close();
  }

  /** An entry within its time to live (a stale one is kept for `peek`). */
  private fresh<T>(map: Map<string, Entry<T>>, key: string): Entry<T> | undefined {
    const hit = this.usable(map, key);
    return hit && hit.expires > Date.now() ? hit : undefined;
  }

  /** An entry that is fresh or may still be served stale; older ones are dropped. */
  private usable<T>(map: Map<string, Entry<T>>, key: string): Entry<T> | undefined {
    const hit = map.get(key);
    if (!hit) return undefined;
    if (hit.staleUntil > Date.now()) return hit;
    this.drop(map, key);
    return undefined;
  }

  private keep<T>(map: Map<string, Entry<T>>, key: string, value: T) {
    // Oldest first out: a Map iterates in insertion order (a replaced key moves to the end).
    this.drop(map, key);
    const now = Date.now();
    // Every entry lives as long, so the oldest are the first to be past serving: they go now, not when
    // the count bound reaches them (after a burst of fresh pages that is never, and they stay in memory).
    // (Objects are never served stale: past their time to live they are of no more use.)
    this.sweep(this.entries, now, 'expires');
    this.sweep(this.answers, now, 'staleUntil');
    const size = sizeOf(value);
    if (size > this.maxBytes) return;
    if (map.size >= this.maxEntries) this.drop(map, map.keys().next().value!);
    // Past the byte bound, the oldest go first: of this map, then of the other one.
    const other = (map === (this.answers as Map<string, unknown>) ? this.entries : this.answers) as Map<
      string,
      Entry<unknown>
    >;
    while (this.bytes + size > this.maxBytes) {
      const oldest = map.size > 0 ? map : other;
      if (oldest.size === 0) break;
      this.drop(oldest, oldest.keys().next().value!);
    }
    map.set(key, { expires: now + this.ttlMs, staleUntil: now + 2 * this.ttlMs, value, size });
    this.bytes += size;
  }

  /** Drops the oldest entries of `map` that can no longer be served, up to the first that can. */
  private sweep<T>(map: Map<string, Entry<T>>, now: number, until: 'expires' | 'staleUntil') {
    for (const [key, entry] of map) {
      if (entry[until] > now) return;
      this.drop(map, key);
    }
  }

  private drop<T>(map: Map<string, Entry<T>>, key: string) {
    const entry = map.get(key);
    if (!entry) return;
    map.delete(key);
    this.bytes -= entry.size;
  }

  private shared<T>(
    inFlight: Map<string, Promise<T>>,
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => void,
  ): Promise<T> {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const version = this.version;
    const promise = load().then(
      (value) => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
        // A write that landed while we were loading makes this answer stale: do not keep it.
        if (version === this.version) keep(value);
        return value;
      },
      (err: unknown) => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
        throw err;
      },
    );
    inFlight.set(key, promise);
    return promise;
  }
}

/** The bytes a kept value holds: what a `Weighed` value says it holds, else nothing. */
function sizeOf(value: unknown): number {
  const weight = (value as Partial<Weighed> | null)?.keptBytes;
  return typeof weight === 'number' && weight > 0 ? weight : 0;
}

const caches = new WeakMap<Database, AnswerCache>();

/**
 * The cache of one database (one app; tests build several apps in one process). The first caller
 * that passes a time to live sets it: the catalogue routes, from CATALOGUE_CACHE_SECONDS.
 */
export function answerCache(db: Database, ttlMs?: number): AnswerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AnswerCache(ttlMs);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Call after writing books, authors, categories, reviews or stock outside an /api request (a successful
 * write route that declares `invalidates` does it by itself, plugins/answers.ts): clears the catalogue answers of every server process.
 */
export function invalidateAnswers(db: Database) {
  caches.get(db)?.invalidate();
}
