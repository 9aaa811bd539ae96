import type { BookOrdering } from '@bookstore/contract';
import { type SQL, sql } from 'drizzle-orm';
import { REVIEWS_PAGE_SIZE } from '@bookstore/contract';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { REVIEW_SELECT } from './reviews.js';
import { books } from '../../db/schema.js';
import { HAS_EBOOK_FILE } from '../downloads/index.js';
import { BOOK_FIELDS, type AuthorRow, type BookField, type BookRow, type CategoryRow, type ReviewRow } from './rows.js';

export type { BookRow } from './rows.js';

/** Every catalogue query, in SQL we can EXPLAIN. Each one is served by an index (see the migrations). */

/** Dates are formatted by the database (ISO 8601, UTC) so PGlite and node-postgres give the same text. */
const AS_TEXT: Partial<Record<BookField, string>> = {
  publishedDate: 'b.published_date::text AS published_date',
  createdAt: `to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`,
};

/**
 * The title's editions in the shop as a JSON list, the default one first (the order of the books
 * module's default edition, docs/decisions/0022-editions.md); read by the editions' book_id index.
 * An eBook edition is "coming soon" until its file is there (the downloads module says, by its key).
 */
const EDITIONS_OF = sql`(SELECT coalesce(json_agg(json_build_object('id', e.id, 'format', e.format, 'condition', e.condition,
    'condition_note', e.condition_note, 'isbn', e.isbn, 'price_cents', e.price_cents,
    'regular_price_cents', e.regular_price_cents, 'prior_price_cents', e.prior_price_cents,
    'stock_amount', e.stock_amount, 'coming_soon', e.format = 'eBook' AND NOT ${HAS_EBOOK_FILE(sql.raw('e.id'))})
  ORDER BY (e.condition = 'New' AND coalesce(e.stock_amount > 0, true)) DESC, coalesce(e.stock_amount > 0, true) DESC,
    e.price_cents ASC, e.id ASC), '[]'::json)
  FROM editions e WHERE e.book_id = b.id AND e.available) AS editions`;

/** Columns of every book query (a BookRow); `b` is books, `a` authors, `c` categories. */
export const BOOK_COLUMNS = sql`${sql.raw(
  [
    ...BOOK_FIELDS.map((field) => AS_TEXT[field] ?? `b.${books[field].name}`),
    'a.slug AS author_slug',
    'c.name AS category_name',
    'c.slug AS category_slug',
  ].join(', '),
)}, ${EDITIONS_OF}`;

export const BOOK_FROM = sql.raw(
  'books b LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN categories c ON c.id = b.category_id',
);

/**
 * A book the shop shows: approved by staff (or added by them). Drafts of contributors and rejected
 * books are in no public answer: lists, search, facets, featured, related books, author and category
 * counts, by title or by id, the sitemap and the server-rendered pages all read through this.
 */
export const IN_SHOP = sql.raw(`b.review_status = 'approved'`);

/** What a listing narrows by; every part is optional. Lists hold alternatives (any of them). */
export interface BookFilter {
  authorIds?: number[];
  categoryIds?: number[];
  bookTypes?: string[];
  conditions?: string[];
  priceMinCents?: number;
  priceMaxCents?: number;
  ratingMinTenths?: number;
  inStock?: boolean;
  /** Only books a running sale reduces (the price now is below the regular price). */
  onSale?: boolean;
}

export type FilterName =
  'author' | 'category' | 'book_type' | 'condition' | 'price' | 'rating' | 'in_stock' | 'on_sale';

const anyOf = (column: string, values: (string | number)[]) =>
  sql`${sql.raw(column)} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** The filters that read an edition's own values (a title matches when one of its editions matches them all). */
const EDITION_FILTERS = ['book_type', 'condition', 'price'] as const;
type EditionFilter = (typeof EDITION_FILTERS)[number];

/** Where an edition's format, condition and selling price are read from, as SQL. */
interface EditionColumns {
  format: string;
  condition: string;
  price: string;
}
const columnsOf = (alias: string, format: string): EditionColumns => ({
  format: `${alias}.${format}`,
  condition: `${alias}.condition`,
  price: `${alias}.price_cents`,
});

/**
 * The edition filters as conditions on one edition's columns (`b`: a title's default edition or a facet
 * row's edition; `e`: an edition). A price filter holds no edition without a price (a facet row of a title
 * with no edition in the shop has -1; every real price is 0 or more).
 */
function editionConditions(filter: BookFilter, e: EditionColumns): Partial<Record<EditionFilter, SQL>> {
  const parts: Partial<Record<EditionFilter, SQL>> = {};
  if (filter.bookTypes?.length) parts.book_type = anyOf(e.format, filter.bookTypes);
  if (filter.conditions?.length) parts.condition = anyOf(e.condition, filter.conditions);
  if (filter.priceMinCents !== undefined || filter.priceMaxCents !== undefined) {
    const price = [sql`${sql.raw(e.price)} >= ${filter.priceMinCents ?? 0}`];
    if (filter.priceMaxCents !== undefined) price.push(sql`${sql.raw(e.price)} <= ${filter.priceMaxCents}`);
    parts.price = sql.join(price, sql` AND `);
  }
  return parts;
}

/**
 * Each active filter as a condition on `b`, by name, so facets can leave one out: the format, condition
 * and price as the row's own (a title's default edition in books; one edition in a facet row, see
 * `facetCounts`); listings read every edition instead (`filterConditions`).
 */
export function namedConditions(
  filter: BookFilter,
  inStock = '(b.available AND coalesce(b.stock_amount > 0, true))',
  onSale = '(b.price_cents < b.regular_price_cents)',
): Partial<Record<FilterName, SQL>> {
  const parts: Partial<Record<FilterName, SQL>> = {};
  if (filter.authorIds?.length) parts.author = anyOf('b.author_id', filter.authorIds);
  if (filter.categoryIds?.length) parts.category = anyOf('b.category_id', filter.categoryIds);
  Object.assign(parts, editionConditions(filter, columnsOf('b', 'book_type')));
  if (filter.ratingMinTenths !== undefined) parts.rating = sql`b.rating_tenths >= ${filter.ratingMinTenths}`;
  if (filter.inStock) parts.in_stock = sql.raw(inStock);
  if (filter.onSale) parts.on_sale = sql.raw(onSale);
  return parts;
}

/** Whether the filter names a format, a condition or a price (filters that read the editions). */
export function filtersEditions(filter: BookFilter): boolean {
  return Object.keys(editionConditions(filter, columnsOf('e', 'format'))).length > 0;
}

/**
 * The books in the shop that every active filter leaves: the format, condition and price filters hold
 * when one edition of the title in the shop meets all of them (docs/decisions/0022-editions.md).
 */
export function filterConditions(filter: BookFilter): SQL[] {
  const named = namedConditions(filter);
  const ofEdition = Object.values(editionConditions(filter, columnsOf('e', 'format')));
  for (const name of EDITION_FILTERS) delete named[name];
  const conditions = [IN_SHOP, ...Object.values(named)];
  if (ofEdition.length > 0) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM editions e WHERE e.book_id = b.id AND e.available AND ${sql.join(ofEdition, sql` AND `)})`,
    );
  }
  return conditions;
}

function filterWhere(filter: BookFilter): SQL {
  return sql`WHERE ${sql.join(filterConditions(filter), sql` AND `)}`;
}

/** Orderings other than relevance, as SQL over `b`; every one ends with the id so pages never overlap. */
export const LIST_ORDER: Record<Exclude<BookOrdering, 'relevance'>, string> = {
  '-created_at': 'b.created_at DESC, b.id DESC',
  created_at: 'b.created_at ASC, b.id ASC',
  price: 'b.price_cents ASC, b.id ASC',
  '-price': 'b.price_cents DESC, b.id DESC',
  '-rating': 'b.rating_tenths DESC, b.rating_count DESC, b.id DESC',
  title: 'lower(b.title) ASC, b.id ASC',
};

type ListOrdering = Exclude<BookOrdering, 'relevance'>;

/**
 * The sort key of each listing order (the columns of LIST_ORDER, all in one direction), with the type
 * of each column: a page can start right after a given book, compared as a row, which an index seeks to.
 */
const LIST_KEY: Record<ListOrdering, { columns: string[]; types: string[]; descending: boolean }> = {
  '-created_at': { columns: ['created_at', 'id'], types: ['timestamptz', 'int'], descending: true },
  created_at: { columns: ['created_at', 'id'], types: ['timestamptz', 'int'], descending: false },
  price: { columns: ['price_cents', 'id'], types: ['int', 'int'], descending: false },
  '-price': { columns: ['price_cents', 'id'], types: ['int', 'int'], descending: true },
  '-rating': { columns: ['rating_tenths', 'rating_count', 'id'], types: ['int', 'int', 'int'], descending: true },
  title: { columns: ['lower(title)', 'id'], types: ['text', 'int'], descending: false },
};
const keyColumns = (ordering: ListOrdering, alias: string) =>
  LIST_KEY[ordering].columns
    .map((c) => (c.startsWith('lower(') ? `lower(${alias}.title)` : `${alias}.${c}`))
    .join(', ');

/** Where a page starts: `offset` books in, counted after the book `afterId` when one is given. */
export interface PageStart {
  offset: number;
  /** The last book of an earlier page of the same listing (keyset paging). */
  afterId?: number;
}

/**
 * One page of books in the given order. The page's ids are found first, from an index alone where the
 * listing has one (books_shop_created_idx, books_shop_author_idx, books_shop_category_idx, price,
 * rating): skipping `offset` index entries, or seeking right after `afterId`'s sort key (keyset), and
 * only then are the page's rows read and joined. Reading and joining every skipped row made page 500
 * of a million titles take 86 ms; see docs/benchmarks/million-titles.md.
 */
export async function listBooks(
  db: Database,
  filter: BookFilter,
  ordering: ListOrdering,
  limit: number,
  start: PageStart,
  matches?: number,
): Promise<BookRow[]> {
  const fromEditions = pagesFromEditions(filter, ordering, matches);
  const conditions = fromEditions ? editionsOnly(filter) : filterConditions(filter);
  if (start.afterId !== undefined) {
    const key = LIST_KEY[ordering];
    const [after] = await rows<{ k: string[] }>(
      db,
      sql`SELECT ARRAY[${sql.raw(key.columns.map((c) => `${c.startsWith('lower(') ? c : `b.${c}`}::text`).join(', '))}] AS k
          FROM books b WHERE b.id = ${start.afterId}`,
    );
    // The book was removed since (its removal clears the remembered starts too): nothing after it.
    if (!after) return [];
    const values = sql.join(
      after.k.map((value, i) => sql`${value}::${sql.raw(key.types[i]!)}`),
      sql`, `,
    );
    const columns = fromEditions ? 'e.title_created_at, e.book_id' : keyColumns(ordering, 'b');
    conditions.push(sql`(${sql.raw(columns)}) ${sql.raw(key.descending ? '<' : '>')} (${values})`);
  }
  const direction = LIST_KEY[ordering].descending ? 'DESC' : 'ASC';
  const page = fromEditions
    ? sql`SELECT e.book_id AS id FROM editions e WHERE ${sql.join(conditions, sql` AND `)}
          GROUP BY e.title_created_at, e.book_id
          ORDER BY e.title_created_at ${sql.raw(direction)}, e.book_id ${sql.raw(direction)} LIMIT ${limit} OFFSET ${start.offset}`
    : sql`SELECT b.id FROM books b WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY ${sql.raw(LIST_ORDER[ordering])} LIMIT ${limit} OFFSET ${start.offset}`;
  return rows<BookRow>(
    db,
    sql`WITH page AS (${page})
        SELECT ${BOOK_COLUMNS} FROM page p JOIN books b ON b.id = p.id
          LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN categories c ON c.id = b.category_id
        ORDER BY ${sql.raw(LIST_ORDER[ordering])}`,
  );
}

/**
 * The number of titles the filter leaves. A format, condition or price filter whose other filters are a
 * category and in stock (the usual facet click) is counted from the editions alone: each edition carries
 * copies of its title's category, author, "in the shop" and "in stock" (migration `edition_listing_copies`),
 * so the count is one range of `editions_listing_idx`, each title once however many of its editions match.
 * Reading the titles instead looked up each matching title (18,000 of them at a million titles, 450-600 ms;
 * docs/benchmarks/million-titles.md).
 */
export async function countBooks(db: Database, filter: BookFilter): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    countsFromEditions(filter)
      ? sql`SELECT count(DISTINCT e.book_id)::int AS n FROM editions e WHERE ${sql.join(editionsOnly(filter), sql` AND `)}`
      : sql`SELECT count(*)::int AS n FROM books b ${filterWhere(filter)}`,
  );
  return row?.n ?? 0;
}

/**
 * Below this many matching titles a listing by date is paged from the editions (`editions_listing_idx`, each
 * match one index entry) rather than by walking the titles newest first and checking each one's editions
 * (ever longer as matches get rarer: 4,000 titles read for 20 at 2,300 matches in a category of 125,000).
 */
export const FEW_MATCHES = 10_000;

/** Whether a page of this listing is read from the editions alone, given its count (see `FEW_MATCHES`). */
function pagesFromEditions(filter: BookFilter, ordering: ListOrdering, matches: number | undefined): boolean {
  return (
    matches !== undefined &&
    matches <= FEW_MATCHES &&
    (ordering === '-created_at' || ordering === 'created_at') &&
    countsFromEditions(filter)
  );
}

/** Whether the listing's count can be made from the editions' copies alone (see `countBooks`). */
function countsFromEditions(filter: BookFilter): boolean {
  return filtersEditions(filter) && !filter.authorIds?.length && filter.ratingMinTenths === undefined && !filter.onSale;
}

/** `filterConditions` on the editions (`e`) alone, for a filter `countsFromEditions` accepts. */
function editionsOnly(filter: BookFilter): SQL[] {
  const conditions = [sql`e.available`, sql`e.title_in_shop`];
  if (filter.categoryIds?.length) conditions.push(anyOf('e.title_category_id', filter.categoryIds));
  if (filter.inStock) conditions.push(sql`e.title_in_stock`);
  return [...conditions, ...Object.values(editionConditions(filter, columnsOf('e', 'format')))];
}

/** One row of `facetCounts`: a group of one facet (`g` says which), or the totals (`g` = 15). */
export interface FacetRow {
  g: number;
  category_slug: string | null;
  category_name: string | null;
  author_slug: string | null;
  author_name: string | null;
  book_type: string | null;
  condition: string | null;
  n_category: number;
  n_author: number;
  n_book_type: number;
  n_condition: number;
  n_in_stock: number;
  n_on_sale: number;
  /** Books every filter leaves (the listing's count). */
  n_all: number;
  price_min: number | null;
  price_max: number | null;
  /** Books rated at least each threshold, in the order asked. */
  ratings: number[];
}

/** Which facet a row of `facetCounts` is a group of, or the totals. */
export const FACET_GROUP = { category: 7, author: 11, book_type: 13, condition: 14, totals: 15 } as const;

const FILTER_NAMES: FilterName[] = [
  'category',
  'author',
  'book_type',
  'condition',
  'price',
  'rating',
  'in_stock',
  'on_sale',
];

/**
 * Every facet's counts, each the number of titles its value would list (docs/decisions/0027-exact-facet-counts.md),
 * in one statement. Its rows are one per edition of a title (its format, condition and price beside the title's
 * category, author, rating, stock and sale) with the number of titles `n` it stands for, and the editions before
 * it in the title's order (`prev_*`). A row that fails no filter counts everywhere; a row that fails exactly one
 * counts only in that filter's own facet (what choosing another value of it would give); and a title counts once
 * in a facet, at its first edition that counts there: a row counts only when no edition before it would have.
 *
 * Two passes: the author facet over the rows every other filter leaves, grouped by author; every other facet
 * over the rows of the authors chosen, or without an author filter over the same rows summed over authors
 * (`book_facet_totals`: 11k rows for a million synthetic titles of two editions each, where
 * `book_facet_counts` has 232k; the authors are what makes them many). Of those only the rows that fail at
 * most one filter are read. Both are kept by triggers on books. `within` limits both passes to those book ids
 * (a search's candidates), whose rows are made from their books.
 */
export function facetCounts(
  db: Database,
  filter: BookFilter,
  within: SQL | null,
  ratingThresholds: readonly number[],
): Promise<FacetRow[]> {
  const named = namedConditions(filter, 'b.in_stock', 'b.on_sale');
  const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`true`);
  // Whether no edition before the row's meets `test` (its parts, over an edition's columns): the first of
  // them is read as such, any others (a title sold three ways or more) from the arrays.
  const noneBefore = (test: (e: EditionColumns) => SQL[]) => {
    const first = test({ format: 'b.prev_formats[1]', condition: 'b.prev_conditions[1]', price: 'b.prev_prices[1]' });
    if (first.length === 0) return sql`cardinality(b.prev_formats) = 0`;
    const later = test({ format: 'x.f', condition: 'x.c', price: 'x.p' });
    return sql`(coalesce(NOT (${and(first)}), true) AND (cardinality(b.prev_formats) < 2 OR NOT EXISTS (
        SELECT 1 FROM unnest(b.prev_formats[2:], b.prev_conditions[2:], b.prev_prices[2:]) AS x(f, c, p)
        WHERE ${and(later)})))`;
  };
  const editionTest =
    (except: EditionFilter | null, same?: keyof EditionColumns, own?: string) => (e: EditionColumns) => {
      const parts = editionConditions(filter, e);
      if (except) delete parts[except];
      return [...(same ? [sql`${sql.raw(e[same])} = ${sql.raw(own!)}`] : []), ...Object.values(parts)];
    };
  // A title counts in a title facet (and the total) at its first edition that meets every edition filter;
  // in the format facet at its first edition of that format that meets the others; likewise the condition.
  const firstAll = noneBefore(editionTest(null));
  const firstFormat = noneBefore(editionTest('book_type', 'format', 'b.book_type'));
  const firstCondition = noneBefore(editionTest('condition', 'condition', 'b.condition'));

  const rowsOf = (where: SQL) =>
    sql`SELECT b.category_id, b.author_id, e.format AS book_type, e.condition, e.price_cents, b.rating_tenths,
          (b.available AND coalesce(b.stock_amount > 0, true)) AS in_stock, (b.price_cents < b.regular_price_cents) AS on_sale,
          1 AS n, e.prev_formats, e.prev_conditions, e.prev_prices
        FROM books b CROSS JOIN LATERAL title_facet_editions(b.edition_formats, b.edition_conditions, b.edition_prices) e
        WHERE ${IN_SHOP} AND ${where}`;
  const byAuthor = within ? rowsOf(sql`b.id IN (${within})`) : sql`SELECT * FROM book_facet_counts f WHERE f.n > 0`;
  // The other facets need no author but the ones chosen.
  const others = named.author
    ? within
      ? rowsOf(sql`b.id IN (${within}) AND ${named.author}`)
      : sql`SELECT * FROM book_facet_counts b WHERE b.n > 0 AND ${named.author}`
    : within
      ? byAuthor
      : sql`SELECT * FROM book_facet_totals f WHERE f.n > 0`;

  // Every facet but the author's. The author filter holds for every row (the rows are the authors chosen).
  const names = FILTER_NAMES.filter((name) => name !== 'author');
  const flags = names.map((name) => {
    const condition = named[name];
    return condition ? sql`coalesce(${condition}, false) AS ok_${sql.raw(name)}` : sql`true AS ok_${sql.raw(name)}`;
  });
  // A row that fails two filters counts nowhere: only rows that pass, for some filter, all the others are
  // read (an OR of ANDs, each one range of an index of book_facet_counts).
  const active = names.filter((name) => named[name]);
  const near =
    active.length < 2
      ? sql`true`
      : sql.join(
          active.map((left) => sql`(${and(active.filter((n) => n !== left).map((n) => named[n]!))})`),
          sql` OR `,
        );
  const misses = sql.raw(names.map((name) => `(NOT ok_${name})::int`).join(' + '));
  const only = (name: FilterName) => sql.raw(`(misses = 0 OR NOT ok_${name})`);
  /** The number of titles of the rows that pass `where` (each row stands for `n` titles). */
  const total = (where: SQL) => sql`coalesce(sum(n) FILTER (WHERE ${where}), 0)::int`;
  const ratings = sql.join(
    ratingThresholds.map((t) => total(sql`${only('rating')} AND first_all AND rating_tenths >= ${Math.round(t * 10)}`)),
    sql`, `,
  );
  // A row of no edition (a title with none in the shop) has no price.
  const priced = sql`${only('price')} AND price_cents >= 0`;
  const grouping = sql`GROUPING(category_id, book_type, condition)`;
  const facetsPass = sql`SELECT CASE ${grouping} WHEN 3 THEN ${FACET_GROUP.category} WHEN 5 THEN ${FACET_GROUP.book_type}
        WHEN 6 THEN ${FACET_GROUP.condition} ELSE ${FACET_GROUP.totals} END::int AS g,
        category_id, NULL::int AS author_id, book_type, condition,
        ${total(sql`${only('category')} AND first_all`)} AS n_category,
        0 AS n_author,
        ${total(sql`${only('book_type')} AND first_format`)} AS n_book_type,
        ${total(sql`${only('condition')} AND first_condition`)} AS n_condition,
        ${total(sql`${only('in_stock')} AND first_all AND in_stock`)} AS n_in_stock,
        ${total(sql`${only('on_sale')} AND first_all AND on_sale`)} AS n_on_sale,
        ${total(sql`misses = 0 AND first_all`)} AS n_all,
        min(price_cents) FILTER (WHERE ${priced}) AS price_min,
        max(price_cents) FILTER (WHERE ${priced}) AS price_max,
        ARRAY[${ratings}]::int[] AS ratings
      FROM (
        SELECT *, ${misses} AS misses
        FROM (
          SELECT nullif(b.category_id, 0) AS category_id, b.book_type, b.condition, b.price_cents, b.rating_tenths,
            b.in_stock, b.on_sale, b.n, ${sql.join(flags, sql`, `)}, ${firstAll} AS first_all,
            ${firstFormat} AS first_format, ${firstCondition} AS first_condition
          FROM (${others}) b WHERE ${near}
        ) flagged
      ) near
      WHERE misses <= 1
      GROUP BY GROUPING SETS ((category_id), (book_type), (condition), ())`;
  // The author facet: each author's titles that every other filter leaves.
  const otherFilters = Object.entries(named)
    .filter(([name]) => name !== 'author')
    .map(([, condition]) => condition);
  const authorsPass = sql`SELECT ${FACET_GROUP.author}::int AS g, NULL::int AS category_id, b.author_id, NULL::text AS book_type,
        NULL::text AS condition, 0 AS n_category, sum(b.n)::int AS n_author, 0 AS n_book_type, 0 AS n_condition,
        0 AS n_in_stock, 0 AS n_on_sale, 0 AS n_all, NULL::int AS price_min, NULL::int AS price_max, '{}'::int[] AS ratings
      FROM (${byAuthor}) b
      WHERE b.author_id <> 0 AND ${and(otherFilters)} AND ${firstAll}
      GROUP BY b.author_id`;
  return rows<FacetRow>(
    db,
    sql`SELECT s.*, c.slug AS category_slug, c.name AS category_name, a.slug AS author_slug, a.name AS author_name
        FROM (${facetsPass} UNION ALL ${authorsPass}) s
        LEFT JOIN categories c ON s.g = ${FACET_GROUP.category} AND c.id = s.category_id
        LEFT JOIN authors a ON s.g = ${FACET_GROUP.author} AND a.id = s.author_id`,
  );
}

/** A book in the shop by id; `{ anyStatus: true }` also finds drafts and rejected books (their owner's and staff's reads). */
export async function findBookById(
  db: Database,
  id: number,
  { anyStatus = false }: { anyStatus?: boolean } = {},
): Promise<BookRow | undefined> {
  const [row] = await rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE b.id = ${id} ${anyStatus ? sql`` : sql`AND ${IN_SHOP}`}`,
  );
  return row;
}

/** `read` of a book by its exact title, ignoring case (the unique lower(title) index), else by its slug. */
async function byTitleOrSlug<T>(title: string, read: (where: SQL) => Promise<T | undefined>): Promise<T | undefined> {
  return (await read(sql`lower(b.title) = lower(${title})`)) ?? read(sql`b.slug = ${title.toLowerCase()}`);
}

/** A book in the shop by its exact title, ignoring case, else by its slug. */
export function findBookByTitleOrSlug(db: Database, title: string): Promise<BookRow | undefined> {
  return byTitleOrSlug(title, async (where) => {
    const [row] = await rows<BookRow>(db, sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE ${where} AND ${IN_SHOP}`);
    return row;
  });
}

/** A book in the shop, picked by `where`, with its first page of reviews (newest first) in the same statement. */
async function bookWithReviews(db: Database, where: SQL): Promise<{ row: BookRow; reviews: ReviewRow[] } | undefined> {
  const [found] = await rows<BookRow & { first_reviews: ReviewRow[] }>(
    db,
    sql`SELECT ${BOOK_COLUMNS},
          (SELECT coalesce(json_agg(fr), '[]'::json) FROM (
            ${REVIEW_SELECT} WHERE r.book_id = b.id ORDER BY r.created_at DESC, r.id DESC LIMIT ${REVIEWS_PAGE_SIZE}
          ) fr) AS first_reviews
        FROM ${BOOK_FROM} WHERE ${where} AND ${IN_SHOP}`,
  );
  if (!found) return undefined;
  const { first_reviews: reviews, ...row } = found;
  return { row: row as BookRow, reviews };
}

/** As `findBookByTitleOrSlug`, with the book's first page of reviews: one round trip instead of two. */
export function findBookWithReviews(
  db: Database,
  title: string,
): Promise<{ row: BookRow; reviews: ReviewRow[] } | undefined> {
  return byTitleOrSlug(title, (where) => bookWithReviews(db, where));
}

/** A book in the shop by id, with its first page of reviews, in one statement. */
export function findBookWithReviewsById(
  db: Database,
  id: number,
): Promise<{ row: BookRow; reviews: ReviewRow[] } | undefined> {
  return bookWithReviews(db, sql`b.id = ${id}`);
}

/**
 * Books by the same author first, then from the same category, newest first, never the book itself.
 * Two small index range scans instead of one sort over a whole category.
 */
export async function relatedBooks(db: Database, book: BookRow, limit: number): Promise<BookRow[]> {
  const sameAuthor =
    book.author_id === null
      ? []
      : await rows<BookRow>(
          db,
          sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}
              WHERE b.author_id = ${book.author_id} AND b.id <> ${book.id} AND ${IN_SHOP}
              ORDER BY b.created_at DESC LIMIT ${limit}`,
        );
  if (sameAuthor.length >= limit || book.category_id === null) return sameAuthor.slice(0, limit);
  const sameCategory = await rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}
        WHERE b.category_id = ${book.category_id} AND b.id <> ${book.id} AND ${IN_SHOP}
        ORDER BY b.created_at DESC LIMIT ${limit * 2}`,
  );
  const seen = new Set(sameAuthor.map((b) => b.id));
  return [...sameAuthor, ...sameCategory.filter((b) => !seen.has(b.id))].slice(0, limit);
}

export function featuredBooks(db: Database, limit: number): Promise<BookRow[]> {
  return rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE b.featured AND ${IN_SHOP} ORDER BY b.created_at DESC LIMIT ${limit}`,
  );
}

/** Authors and categories: the same reads over two tables, each with its own columns and book key. */
const GROUPS = {
  authors: {
    from: sql.raw('authors a'),
    alias: 'a',
    columns: sql.raw(`a.id, a.name, a.slug, a.image, a.brief, a.featured`),
    key: 'author_id',
  },
  categories: {
    from: sql.raw('categories c'),
    alias: 'c',
    columns: sql.raw(`c.id, c.name, c.slug, c.image, c.description, c.featured`),
    key: 'category_id',
  },
} as const;
type Group = keyof typeof GROUPS;

/** Featured first, then by name; the book counts come from one pass over the group's books index. */
function listGroup<T>(db: Database, group: Group): Promise<T[]> {
  const { from, alias, columns, key } = GROUPS[group];
  const [a, k] = [sql.raw(alias), sql.raw(key)];
  return rows<T>(
    db,
    sql`SELECT ${columns}, coalesce(n.count, 0)::int AS number_of_books
        FROM ${from}
        LEFT JOIN (SELECT ${k}, count(*) AS count FROM books b WHERE ${IN_SHOP} GROUP BY ${k}) n ON n.${k} = ${a}.id
        ORDER BY ${a}.featured DESC, ${a}.name, ${a}.id`,
  );
}

/** By slug, or by id when the reference is a whole number (the add-book form sends ids). */
async function findInGroup<T>(db: Database, group: Group, ref: string): Promise<T | undefined> {
  const { from, alias, columns, key } = GROUPS[group];
  const a = sql.raw(alias);
  const byRef = /^\d{1,9}$/.test(ref)
    ? sql`(${a}.slug = ${ref} OR ${a}.id = ${Number(ref)})`
    : sql`${a}.slug = ${ref.toLowerCase()}`;
  // A category's books are summed from book_facet_totals (a few thousand rows: each title's first edition's)
  // rather than counted from its 125,000 titles at a million (17 ms, on every facet click not kept); an
  // author's few are counted directly.
  const numberOfBooks =
    group === 'categories'
      ? sql`(SELECT coalesce(sum(f.n), 0)::int FROM book_facet_totals f
            WHERE f.category_id = ${a}.id AND cardinality(f.prev_formats) = 0)`
      : sql`(SELECT count(*)::int FROM books b WHERE b.${sql.raw(key)} = ${a}.id AND ${IN_SHOP})`;
  const [row] = await rows<T>(
    db,
    sql`SELECT ${columns}, ${numberOfBooks} AS number_of_books FROM ${from} WHERE ${byRef} LIMIT 1`,
  );
  return row;
}

export const listAuthors = (db: Database) => listGroup<AuthorRow>(db, 'authors');
export const listCategories = (db: Database) => listGroup<CategoryRow>(db, 'categories');
export const findAuthor = (db: Database, ref: string) => findInGroup<AuthorRow>(db, 'authors', ref);
export const findCategory = (db: Database, ref: string) => findInGroup<CategoryRow>(db, 'categories', ref);
