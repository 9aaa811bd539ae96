import type { books } from '../../db/schema.js';

/**
 * The catalogue's rows as its SQL returns them (repository.ts, reviews.ts): snake case, dates already
 * ISO text. serialize.ts turns them into the contract's JSON.
 */

/** The columns of `books` that every book answer reads, by their names in the Drizzle schema. */
export const BOOK_FIELDS = [
  'id',
  'title',
  'slug',
  'image',
  'imageVariants',
  'bookAuthor',
  'authorId',
  'categoryId',
  'priceCents',
  'regularPriceCents',
  'priorPriceCents',
  'originalPriceCents',
  'description',
  'publisher',
  'publishedDate',
  'isbn',
  'genre',
  'bookType',
  'condition',
  'available',
  'featured',
  'stockAmount',
  'minPriceCents',
  'maxPriceCents',
  'tags',
  'ratingTenths',
  'ratingCount',
  'reviewCount',
  'reviewStatus',
  'createdAt',
] as const satisfies readonly (keyof typeof books.$inferSelect)[];
export type BookField = (typeof BOOK_FIELDS)[number];

/** camelCase to snake_case, as the schema names its columns ('priceCents' is price_cents). */
type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}`
  : S;

/**
 * A book as every book query returns it: the schema's columns under their SQL names (the types come
 * from the schema), dates as ISO text, and the names of its author and category.
 */
export type BookRow = Omit<{ [K in BookField as Snake<K>]: (typeof books.$inferSelect)[K] }, 'created_at'> & {
  created_at: string;
  author_slug: string | null;
  category_name: string | null;
  category_slug: string | null;
  /** The title's editions in the shop, the default one first (repository.ts `EDITIONS_OF`). */
  editions: EditionRow[];
};

/** An edition as the book queries return it (inside the book's row, as JSON). */
export interface EditionRow {
  id: number;
  format: string;
  condition: string;
  condition_note: string;
  isbn: string;
  price_cents: number;
  regular_price_cents: number;
  prior_price_cents: number | null;
  stock_amount: number | null;
  /** An eBook edition without its file yet. */
  coming_soon: boolean;
}

export interface ReviewRow {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  profile_picture: string | null;
  rating: number;
  comment: string;
  created_at: string;
  verified_purchase: boolean;
}

export interface AuthorRow {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  brief: string;
  featured: boolean;
  number_of_books: number;
}

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  description: string;
  featured: boolean;
  number_of_books: number;
}
