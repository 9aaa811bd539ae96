import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bookListQuerySchema, type CatalogueReader } from '@bookstore/contract';
import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import type { Database } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import { CachedAnswer, answerCache, type Weighed } from '../lib/answers/cache.js';
import { catalogue, type PageReads } from '../modules/catalogue/index.js';
import { offeredMethods } from '../modules/settings/index.js';
import { headlineSale } from '../modules/promotions/index.js';

/** What the storefront's server bundle (dist/server/entry-server.js, `vite build --ssr`) exports. */
interface ServerEntry {
  render(
    url: string,
    reader: CatalogueReader,
  ): Promise<
    | { kind: 'page'; status: number; html: string; state: string }
    | { kind: 'redirect'; status: number; location: string }
  >;
}

export interface RenderedPage extends Weighed {
  status: number;
  /** The whole document (nothing personal in it: shared caches may keep it), its ETag and compressed forms. */
  page?: CachedAnswer;
  location?: string;
}

/**
 * Public pages may be kept by a CDN for half a minute and served stale for five more while it asks
 * again; browsers revalidate each time (If-None-Match, a 304 when unchanged). Nothing personal is in
 * them: what belongs to one shopper is drawn in the browser after hydration.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';

type ListingQuery = Parameters<typeof catalogue.listBooks>[1];

const LISTINGS = [
  {
    pattern: /^\/books\/$/,
    read: (db: Database, _slug: string, q: ListingQuery) => catalogue.listBooks(db, q),
  },
  {
    pattern: /^\/authors\/([^/]+)\/books\/$/,
    read: (db: Database, slug: string, q: ListingQuery) => catalogue.authorBooks(db, slug, q),
  },
  {
    pattern: /^\/categories\/([^/]+)\/books\/$/,
    read: (db: Database, slug: string, q: ListingQuery) => catalogue.categoryBooks(db, slug, q),
  },
];

/**
 * The catalogue service, called in-process: a page's loaders get the very answers GET /api/… gives,
 * without HTTP, through the same short-lived catalogue cache (cleared on every catalogue write).
 */
export function catalogueReader(app: FastifyInstance): CatalogueReader {
  const { db } = app;
  const cache = answerCache(db);
  return {
    featured: () => catalogue.featured(db),
    async books(address) {
      const url = new URL(address, 'http://catalogue');
      for (const { pattern, read } of LISTINGS) {
        const match = pattern.exec(url.pathname);
        if (!match) continue;
        const raw: Record<string, string | string[]> = {};
        for (const key of new Set(url.searchParams.keys())) {
          const values = url.searchParams.getAll(key);
          raw[key] = values.length > 1 ? values : values[0]!;
        }
        const parsed = bookListQuerySchema.safeParse(raw);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid listing');
        const slug = decodeURIComponent(match[1] ?? '');
        return read(db, slug, parsed.data);
      }
      throw badRequest(`No such listing: ${url.pathname}`);
    },
    // A book's data goes into its page, and the page is what is kept and served again: these are
    // shared while they load, not kept beside it (docs/benchmarks/million-titles.md, "Resident
    // memory after fresh server renders"). A page made by `createPageRenderer` reads them through its
    // own `catalogue.pageReads`, shared with its head.
    book: (title) => catalogue.pageReads(db).book(title),
    related: (id) => catalogue.pageReads(db).related(id),
    author: (slug) => cache.get(`page-author:${slug}`, () => catalogue.authorBySlug(db, slug)),
    category: (slug) => cache.get(`page-category:${slug}`, () => catalogue.categoryBySlug(db, slug)),
    shippingMethods: () => cache.get('page-shipping-methods', () => offeredMethods(db)),
    headlineSale: () => cache.get('page-headline-sale', () => headlineSale(db)),
  };
}

/**
 * How many server renders run at once; the others wait their turn, in order. A render is mostly the
 * store's CPU (about 7 ms of React), so on two cores more of them in flight finish no sooner, and each
 * holds its own tree, data and strings on the heap while it waits for the CPU. 300 fresh pages asked
 * 50 at a time left the process 8-12 MB smaller with this bound (docs/benchmarks/million-titles.md,
 * "Resident memory after fresh server renders"; docs/decisions/0020-logging-and-a-million-titles.md).
 */
export const RENDERS_AT_ONCE = 4;

/**
 * The server renderer of the storefront, or null when the web build has no server bundle (an
 * older build: the plain single-page app is served then). `head` turns the template into one page's
 * document (title, description, Open Graph) before the rendered body goes in.
 */
export async function createPageRenderer(app: FastifyInstance, dist: string, template: string) {
  const file = path.join(dist, 'server', 'entry-server.js');
  const mount = '<div id="root"></div>';
  if (!existsSync(file) || !template.includes(mount)) return null;
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  const reader = catalogueReader(app);
  const inTurn = pLimit(RENDERS_AT_ONCE);

  /**
   * `reads`: the page's reads of books, the ones its head (`document`) was made with, so the book is
   * read once for both.
   */
  return async function renderPage(
    url: string,
    document: string,
    reads: PageReads = catalogue.pageReads(app.db),
  ): Promise<RenderedPage> {
    const pageReader: CatalogueReader = { ...reader, book: reads.book, related: reads.related };
    const result = await inTurn(() => entry.render(url, pageReader));
    if (result.kind === 'redirect') {
      return { status: result.status, location: result.location, keptBytes: result.location.length };
    }
    // The state is data, not a script: JSON in a non-executable element, so the CSP needs no nonce
    // and the same bytes can be cached and shared.
    // React puts the preloads it found (the LCP cover, fetchpriority high) first: they belong in
    // <head>, at its start, before the stylesheet, so the cover is asked for first.
    const preloads = /^(?:<link [^>]*>)*/.exec(result.html)?.[0] ?? '';
    const first = /<meta charset="[^"]*"\s*\/?>/i.exec(document) ?? /<head[^>]*>/i.exec(document);
    const after = first ? first.index + first[0].length : 0;
    const head = `${document.slice(0, after)}${preloads}${document.slice(after)}`;
    const at = head.indexOf(mount);
    const body =
      `${head.slice(0, at)}<div id="root">${result.html.slice(preloads.length)}</div>` +
      `<script type="application/json" id="app-state">${result.state}</script>${head.slice(at + mount.length)}`;
    const page = new CachedAnswer(Buffer.from(body));
    return { status: result.status, page, keptBytes: page.body.length };
  };
}
