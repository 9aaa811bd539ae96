import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { BookOrdering } from '@bookstore/contract';
import { RATING_THRESHOLDS } from '@bookstore/contract';
import {
  BOOK_COLUMNS,
  BOOK_FROM,
  type BookFilter,
  type BookRow,
  type FacetRow,
  facetCounts,
  filterConditions,
  IN_SHOP,
  LIST_ORDER,
} from './repository.js';
import { rows } from '../../db/rows.js';

/**
 * Catalogue search (docs/decisions/0004-search.md): PostgreSQL full-text search over a weighted
 * vector kept by a trigger (title A, author and ISBN B, genre and tags C, description D), with every
 * word made a prefix, and each word that the catalogue does not contain corrected to its most similar
 * catalogue word through a trigram index over `search_words`.
 */

/** Words beyond this are ignored: nobody types a longer query, and each word costs an index probe. */
const MAX_WORDS = 12;
/** A prefix that starts more catalogue words than this is searched as a prefix. */
const MAX_SPELLED_OUT = 32;
/** How many of the words most like a misspelt one are tried beside the other words typed. */
const CORRECTIONS_TRIED = 5;
const ISBN_LIKE = /^(?=(?:[^0-9Xx]*[0-9Xx]){10,13}[^0-9Xx]*$)[0-9][0-9\s-]*[0-9Xx]$/;

export interface SearchPlan {
  /** The words searched for, after normalising and correcting. */
  words: string[];
  /** Matches anywhere (title, author, ISBN, genre, tags, description); what ranking weighs. */
  query: string;
  /**
   * The same matches as `query`, asked of the indexes: each word's prefix spelled out as the catalogue
   * words it starts (`river:*` as `river | rivers`), when there are few of them. A GIN index follows a
   * prefix by reading every matching word's whole list of books; whole words it intersects, skipping.
   */
  match: string;
  /** The corrected words joined by spaces, compared with the start of the title. */
  phrase: string;
  /** Whether any word typed was replaced by a catalogue word. */
  corrected: boolean;
}

/**
 * Normalises the keyword the same way the index was built (lower case, no accents, words of letters
 * and digits) and corrects the words the catalogue does not know, in one round trip.
 * Returns null when the keyword holds no word at all.
 */
export async function planSearch(db: Database, rawKeyword: string, correct = true): Promise<SearchPlan | null> {
  // An ISBN typed with hyphens or spaces is one word, as the index keeps it.
  const keyword = ISBN_LIKE.test(rawKeyword.trim()) ? rawKeyword.replace(/[\s-]/g, '') : rawKeyword;
  const found = await rows<{ ord: number; word: string; typed: string; starting: string[] | null }>(
    db,
    sql`WITH input AS (
        SELECT t.w, t.ord
        FROM regexp_split_to_table(search_normalize(${keyword}), '[^[:alnum:]]+') WITH ORDINALITY AS t(w, ord)
        WHERE t.w <> ''
        ORDER BY t.ord
        LIMIT ${MAX_WORDS}
      ),
      known AS MATERIALIZED (
        SELECT i.ord, i.w,
          CASE
            WHEN NOT ${correct} OR length(i.w) < 3 OR i.w ~ '^[0-9]+$' THEN 'kept'
            WHEN EXISTS (SELECT 1 FROM search_words s WHERE s.word = i.w) THEN 'word'
            -- A word some catalogue word starts with, as a range of search_words_word_c_idx (byte order,
            -- as the prefixes below): a LIKE with a pattern made per word reads every word.
            WHEN EXISTS (SELECT 1 FROM search_words s
              WHERE s.word COLLATE "C" >= i.w AND s.word COLLATE "C" < i.w || chr(1114111)) THEN 'kept'
            ELSE 'unknown'
          END AS kind
        FROM input i
      ),
      corrected AS MATERIALIZED (
        SELECT k.ord::int AS ord, k.w AS typed,
          CASE WHEN k.kind <> 'unknown' THEN k.w ELSE coalesce(
            -- Of the most similar catalogue words, the first that a title in the shop holds beside the
            -- other whole words typed ("iron towxr": "tower", not the as similar "town" that no title
            -- holds with "iron"); the most similar when none does. Each check is a probe of the title
            -- index with whole words; the first word that passes ends them.
            (SELECT m.word FROM (
                SELECT s.word FROM search_words s WHERE s.word % k.w
                ORDER BY similarity(s.word, k.w) DESC, length(s.word), s.word LIMIT ${CORRECTIONS_TRIED}
              ) m
              WHERE o.others = '' OR EXISTS (
                SELECT 1 FROM books b
                WHERE to_tsvector('simple', search_normalize(b.title)) @@ to_tsquery('simple', m.word || o.others)
                  AND ${IN_SHOP})
              LIMIT 1),
            (SELECT s.word FROM search_words s WHERE s.word % k.w
              ORDER BY similarity(s.word, k.w) DESC, length(s.word), s.word LIMIT 1),
            k.w) END AS word
        FROM known k
        CROSS JOIN LATERAL (
          SELECT coalesce(string_agg(' & ' || x.w, ''), '') AS others FROM known x WHERE x.kind = 'word' AND x.ord <> k.ord
        ) o
      )
      SELECT c.ord, c.typed, c.word,
        CASE WHEN length(c.word) >= 3 AND c.word !~ '^[0-9]+$' THEN ARRAY(
          SELECT s.word FROM search_words s
          WHERE s.word COLLATE "C" >= c.word AND s.word COLLATE "C" < c.word || chr(1114111)
          ORDER BY s.word COLLATE "C" LIMIT ${MAX_SPELLED_OUT + 1}
        ) END AS starting
      FROM corrected c
      ORDER BY c.ord`,
  );
  const words = found.map((r) => r.word);
  if (words.length === 0) return null;
  // Words are letters and digits only (split above), so they are safe inside a tsquery.
  const term = (w: string) => (w.length >= 3 ? `${w}:*` : w);
  // search_words holds every word of the search vectors but numbers and words over 40 letters, so a
  // prefix of letters is the catalogue words it starts; too many of them, or a number, stays a prefix.
  const spelledOut = (r: (typeof found)[number]) =>
    r.starting && r.starting.length > 0 && r.starting.length <= MAX_SPELLED_OUT
      ? `(${r.starting.join(' | ')})`
      : term(r.word);
  return {
    words,
    query: words.map(term).join(' & '),
    match: found.map(spelledOut).join(' & '),
    phrase: words.join(' '),
    corrected: found.some((r) => r.word !== r.typed),
  };
}

export interface SearchPage {
  rows: BookRow[];
  total: number;
}

/**
 * How many matches a search ranks: up to this many whose title has every word (through the title
 * index) plus up to this many matching anywhere. A word found in half the catalogue must not make
 * every search rank half the catalogue; nobody pages past a thousand results.
 */
export const SEARCH_CANDIDATES = 1000;

const titleVector = sql`to_tsvector('simple', search_normalize(b.title))`;

/**
 * The ids a search ranks: up to SEARCH_CANDIDATES whose title has every word plus up to as many matching
 * anywhere, among the books the filters leave. Needs `q` (the tsquery) in scope; see `searchQuery`.
 */
export function candidateIds(filter: BookFilter): SQL {
  const and = (first: SQL) => sql.join([first, ...filterConditions(filter)], sql` AND `);
  return sql`(SELECT b.id FROM books b, q WHERE ${and(sql`${titleVector} @@ q.words`)} LIMIT ${SEARCH_CANDIDATES})
          UNION
          (SELECT b.id FROM books b, q WHERE ${and(sql`b.search_vector @@ q.words`)} LIMIT ${SEARCH_CANDIDATES})`;
}

/**
 * The `q` every search statement starts with: `words` to match through the indexes, `weighed` to rank,
 * `titled` the same as `words` held to the title's words (weight A of the search vector: only the title
 * has it), so a book's `in_title` is read from the vector it is ranked by instead of making its title's
 * own vector again.
 */
export const searchQuery = (plan: SearchPlan) =>
  sql`q AS (SELECT to_tsquery('simple', ${plan.match}) AS words, to_tsquery('simple', ${plan.query}) AS weighed,
    to_tsquery('simple', ${titledQuery(plan.match)}) AS titled)`;

/** A tsquery of words, `(a | b)` groups and prefixes (see `planSearch`) with every term held to weight A. */
function titledQuery(match: string): string {
  // Everything but the operators, groups and prefix marks is a word (see `planSearch`).
  return match.replace(/[^\s&|()!:*<>]+(:\*)?/gu, (term, prefix: string | undefined) =>
    prefix ? `${term}A` : `${term}:A`,
  );
}

/**
 * The title, normalised as the index has it (`search_normalize`) and with every run of other characters
 * made one space, for the phrase checks. A title of ASCII characters alone needs no `unaccent` (it changes
 * none of them) and is only lower-cased: the same text, without a dictionary lookup per character.
 */
const cleanTitle = sql`regexp_replace(CASE WHEN octet_length(b.title) = length(b.title) THEN lower(b.title)
  ELSE search_normalize(b.title) END, '[^[:alnum:]]+', ' ', 'g')`;

/**
 * One page of matches. By relevance: the title is the phrase, starts with it, holds it as whole words,
 * holds it at all; then books whose title has every word; then by weighted rank; then newest. Any other
 * ordering sorts the same matches by date, price, rating or title.
 *
 * The candidates are found as ids (see `candidateIds`); their number is the total. Ranking reads the
 * candidates' rows, but not all of them when it need not: when every book whose title has the words is
 * among the candidates (fewer than SEARCH_CANDIDATES of them) and they fill the page, every other
 * candidate ranks after them unless its title holds the phrase (inside a longer word: "goldenriver"),
 * so only those, found by a check of the lower-cased title made while the ids are read, join them.
 * Authors and categories are joined for the page's rows alone.
 */
export async function searchBooks(
  db: Database,
  plan: SearchPlan,
  filter: BookFilter,
  ordering: BookOrdering,
  limit: number,
  offset: number,
): Promise<SearchPage> {
  // Relevance breaks ties newest first (and oldest first when asked: the older client's `created_at`).
  const byRelevance = ordering === 'relevance' || ordering === '-created_at' ? 'relevance' : ordering;
  const tie = ordering === 'created_at' ? 'ASC' : 'DESC';
  const relevance = `phrase_rank DESC, in_title DESC, rank DESC, created_at ${tie}, id ${tie}`;
  const order = (prefix: string) =>
    sql.raw(
      byRelevance === 'relevance'
        ? relevance
            .split(', ')
            .map((part) => prefix + part)
            .join(', ')
        : LIST_ORDER[byRelevance].replaceAll('b.', prefix).replace(`lower(${prefix}title)`, `${prefix}sort_title`),
    );
  const and = (first: SQL) => sql.join([first, ...filterConditions(filter)], sql` AND `);
  // A necessary condition for a title to hold the phrase: its words in order in the lower-cased title
  // (words are letters and digits only, so they are safe in a LIKE pattern), or a title with other than
  // ASCII characters, which only the normalised title can tell.
  const mayHoldPhrase = sql`(octet_length(b.title) <> length(b.title) OR lower(b.title) LIKE ${`%${plan.words.join('%')}%`})`;
  const ranking =
    byRelevance === 'relevance'
      ? sql`CASE
              WHEN t.title = ${plan.phrase} THEN 4
              WHEN t.title LIKE ${plan.phrase} || '%' THEN 3
              WHEN ' ' || t.title || ' ' LIKE '% ' || ${plan.phrase} || ' %' THEN 2
              WHEN t.title LIKE '%' || ${plan.phrase} || '%' THEN 1
              ELSE 0
            END AS phrase_rank,
            (b.search_vector @@ q.titled) AS in_title,
            ts_rank('{0.1, 0.2, 0.4, 1.0}', b.search_vector, q.weighed) AS rank`
      : sql`0 AS phrase_rank, false AS in_title, 0 AS rank`;
  const phraseTitle =
    byRelevance === 'relevance'
      ? sql`CROSS JOIN LATERAL (
            -- OFFSET 0 keeps the title made once a row: inlined, each WHEN above would make it again.
            SELECT ${cleanTitle} AS title OFFSET 0
          ) t`
      : sql``;
  // Only the title matches (and the phrase's possible holders) are ranked when they are complete and
  // fill the page; by any other ordering every candidate is.
  const narrow =
    byRelevance === 'relevance' ? sql`n.titled < ${SEARCH_CANDIDATES} AND n.titled >= ${offset + limit}` : sql`false`;
  // What ranking reads of a book; made while the title matches are read, and for the other candidates
  // that are ranked, from their rows.
  const columns = sql`b.id, b.created_at, b.price_cents, b.rating_tenths, b.rating_count,
            lower(b.title) AS sort_title, ${ranking}`;
  const result = await rows<BookRow & { total: number }>(
    db,
    sql`WITH ${searchQuery(plan)},
        titled AS MATERIALIZED (
          SELECT ${columns} FROM books b CROSS JOIN q ${phraseTitle}
          WHERE ${and(sql`${titleVector} @@ q.words`)} LIMIT ${SEARCH_CANDIDATES}
        ),
        anywhere AS MATERIALIZED (
          SELECT b.id, ${mayHoldPhrase} AS may_hold_phrase
          FROM books b, q WHERE ${and(sql`b.search_vector @@ q.words`)} LIMIT ${SEARCH_CANDIDATES}
        ),
        n AS (
          SELECT (SELECT count(*) FROM titled) AS titled,
            (SELECT count(*) FROM (SELECT id FROM titled UNION SELECT id FROM anywhere) u) AS total
        ),
        ranked AS (
          SELECT * FROM (
            SELECT * FROM titled
            UNION ALL
            SELECT ${columns}
            FROM anywhere a CROSS JOIN n
            JOIN books b ON b.id = a.id
            CROSS JOIN q
            ${phraseTitle}
            WHERE NOT EXISTS (SELECT 1 FROM titled x WHERE x.id = a.id) AND (NOT (${narrow}) OR a.may_hold_phrase)
          ) u
          ORDER BY ${order('')}
          LIMIT ${limit} OFFSET ${offset}
        )
        SELECT ${BOOK_COLUMNS}, n.total::int AS total
        FROM ranked r JOIN books b ON b.id = r.id
          LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN categories c ON c.id = b.category_id
          CROSS JOIN n
        ORDER BY ${order('r.')}`,
  );
  if (result.length > 0) return { rows: result, total: result[0]!.total };
  if (offset > 0) {
    // Past the last page: the total still tells the client where the results end.
    const [row] = await rows<{ n: number }>(
      db,
      sql`WITH ${searchQuery(plan)} SELECT count(*)::int AS n FROM (${candidateIds(filter)}) x`,
    );
    return { rows: [], total: row?.n ?? 0 };
  }
  return { rows: [], total: 0 };
}

/**
 * When no book has every word (e.g. words run together, "mobydick"), titles similar to the whole
 * phrase, through the trigram index on the normalised title.
 */
export async function similarTitles(
  db: Database,
  phrase: string,
  filter: BookFilter,
  limit: number,
): Promise<BookRow[]> {
  const where = sql.join([sql`search_normalize(b.title) % ${phrase}`, ...filterConditions(filter)], sql` AND `);
  return rows<BookRow>(
    db,
    sql`SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}
        WHERE ${where}
        ORDER BY similarity(search_normalize(b.title), ${phrase}) DESC, b.id
        LIMIT ${limit}`,
  );
}

/** Facet counts over a search's matches: the keyword always applies, each filter except in its own facet. */
export function searchFacets(db: Database, plan: SearchPlan, filter: BookFilter): Promise<FacetRow[]> {
  return facetCounts(db, filter, sql`WITH ${searchQuery(plan)} ${candidateIds({})}`, RATING_THRESHOLDS);
}
