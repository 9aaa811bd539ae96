import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { IN_SHOP } from '../catalogue/index.js';

/** One sitemap file holds at most 50,000 addresses; we stay well below. */
export const BOOKS_PER_SITEMAP = 40_000;

const STATIC_PATHS = ['/', '/books', '/about', '/contact', '/blog', '/privacy', '/terms', '/returns'];

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function urlset(entries: { loc: string; lastmod?: string }[]): string {
  const body = entries
    .map((e) => `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export async function countBooksForSitemap(db: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM books b WHERE ${IN_SHOP}`);
  return row?.n ?? 0;
}

/** Static pages, authors and categories. */
async function pageEntries(db: Database, origin: string) {
  const slugs = await rows<{ kind: string; slug: string; lastmod: string }>(
    db,
    sql`SELECT 'author' AS kind, slug, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod FROM authors
        UNION ALL
        SELECT 'category', slug, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM categories
        ORDER BY 1, 2`,
  );
  return [
    ...STATIC_PATHS.map((p) => ({ loc: `${origin}${p}` })),
    ...slugs.map((s) => ({ loc: `${origin}/${s.kind}/${encodeURIComponent(s.slug)}`, lastmod: s.lastmod })),
  ];
}

/** Books by id, one sitemap's worth from `part` (1-based). */
async function bookEntries(db: Database, origin: string, part: number) {
  const books = await rows<{ title: string; lastmod: string }>(
    db,
    sql`SELECT b.title, to_char(b.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod FROM books b
        WHERE ${IN_SHOP} ORDER BY b.id LIMIT ${BOOKS_PER_SITEMAP} OFFSET ${(part - 1) * BOOKS_PER_SITEMAP}`,
  );
  return books.map((b) => ({ loc: `${origin}/book/${encodeURIComponent(b.title)}`, lastmod: b.lastmod }));
}

/**
 * A small store gets one sitemap with every page; a large one gets a sitemap index pointing at the
 * pages sitemap and one sitemap per 40,000 books.
 */
export async function sitemapXml(db: Database, origin: string): Promise<string> {
  const count = await countBooksForSitemap(db);
  if (count <= BOOKS_PER_SITEMAP) {
    return urlset([...(await pageEntries(db, origin)), ...(await bookEntries(db, origin, 1))]);
  }
  const parts = Math.ceil(count / BOOKS_PER_SITEMAP);
  const maps = [`${origin}/sitemap-pages.xml`];
  for (let i = 1; i <= parts; i++) maps.push(`${origin}/sitemap-books-${i}.xml`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps
    .map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

export async function pagesSitemapXml(db: Database, origin: string): Promise<string> {
  return urlset(await pageEntries(db, origin));
}

/** null when the part is past the end. */
export async function booksSitemapXml(db: Database, origin: string, part: number): Promise<string | null> {
  const entries = await bookEntries(db, origin, part);
  return entries.length === 0 ? null : urlset(entries);
}

/** Private pages are kept out of search results; everything else may be crawled. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cart',
    'Disallow: /wishlist',
    'Disallow: /profile',
    'Disallow: /orders',
    'Disallow: /payment-success/',
    'Disallow: /add-book',
    'Disallow: /admin',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /api/docs',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
