import { type Author, type Book, type BookDetail, type Category, centsToMoney, type Review } from '@bookstore/contract';
import { sql } from 'drizzle-orm';

/**
 * Rows as the catalogue queries return them (snake case, dates already ISO text) and their JSON.
 * Serialising by hand keeps replies cheap: no schema walk per book on the hot listing path.
 */
export interface BookRow {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  image_variants: { width: number; path: string; format?: 'avif' | 'webp' | 'jpeg' }[] | null;
  book_author: string;
  author_id: number | null;
  author_slug: string | null;
  category_id: number | null;
  category_name: string | null;
  category_slug: string | null;
  price_cents: number;
  original_price_cents: number;
  description: string;
  publisher: string;
  published_date: string | null;
  isbn: string;
  genre: string;
  book_type: string;
  condition: string;
  available: boolean;
  featured: boolean;
  stock_amount: number;
  tags: string[];
  rating_tenths: number;
  review_count: number;
  created_at: string;
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

/**
 * Columns of every book query; `b` is books, `a` authors, `c` categories. Dates are formatted by the
 * database (ISO 8601, UTC) so PGlite and node-postgres give the same text.
 */
export const BOOK_COLUMNS = sql.raw(`b.id, b.title, b.slug, b.image, b.image_variants, b.book_author,
  b.author_id, a.slug AS author_slug, b.category_id, c.name AS category_name, c.slug AS category_slug,
  b.price_cents, b.original_price_cents, b.description, b.publisher, b.published_date::text AS published_date,
  b.isbn, b.genre, b.book_type, b.condition, b.available, b.featured, b.stock_amount, b.tags,
  b.rating_tenths, b.review_count,
  to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`);

export const BOOK_FROM = sql.raw(
  'books b LEFT JOIN authors a ON a.id = b.author_id LEFT JOIN categories c ON c.id = b.category_id',
);

/**
 * Stored media references are paths relative to the media folder ("covers/x.svg"); a value that is
 * already an address ("/media/..", "https://..") is kept as it is.
 */
export function mediaUrl(stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (stored.startsWith('/') || /^https?:\/\//.test(stored)) return stored;
  return `/media/${stored}`;
}

const srcset = (variants: BookRow['image_variants'] & object) =>
  variants.map((v) => `${mediaUrl(v.path)} ${v.width}w`).join(', ');

/** The cover's variants: a JPEG (or, for older covers, WebP) srcset for <img>, and AVIF/WebP sources. */
function coverSources(variants: BookRow['image_variants']): Pick<Book, 'image_srcset' | 'image_sources'> {
  if (!variants || variants.length === 0) return { image_srcset: null, image_sources: [] };
  const of = (format: 'avif' | 'webp' | 'jpeg') => variants.filter((v) => v.format === format);
  const jpeg = of('jpeg');
  if (jpeg.length === 0) return { image_srcset: srcset(variants), image_sources: [] };
  const sources = (['avif', 'webp'] as const)
    .map((format) => ({ type: `image/${format}`, list: of(format) }))
    .filter((s) => s.list.length > 0)
    .map((s) => ({ type: s.type, srcset: srcset(s.list) }));
  return { image_srcset: srcset(jpeg), image_sources: sources };
}

export function bookToJson(row: BookRow): Book {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    image: mediaUrl(row.image),
    ...coverSources(row.image_variants),
    book_author: row.book_author,
    author: row.author_id,
    author_slug: row.author_slug,
    category: row.category_id,
    category_name: row.category_name,
    category_slug: row.category_slug,
    price: centsToMoney(row.price_cents),
    original_price: centsToMoney(row.original_price_cents),
    description: row.description,
    publisher: row.publisher,
    published_date: row.published_date,
    isbn: row.isbn,
    genre: row.genre,
    book_type: row.book_type,
    condition: row.condition,
    available: row.available,
    featured: row.featured,
    stock_amount: row.stock_amount,
    count_in_stock: row.stock_amount,
    tags: row.tags,
    rating: row.rating_tenths / 10,
    review_count: row.review_count,
    created_at: row.created_at,
  };
}

export function reviewToJson(row: ReviewRow): Review {
  const name = `${row.first_name} ${row.last_name}`.trim();
  return {
    id: row.id,
    user: name || row.username,
    user_avatar: mediaUrl(row.profile_picture),
    rating: row.rating,
    comment: row.comment,
    created_at: row.created_at,
    verified_purchase: row.verified_purchase,
  };
}

export function bookDetailToJson(row: BookRow, reviews: ReviewRow[]): BookDetail {
  return { ...bookToJson(row), reviews: reviews.map(reviewToJson) };
}

export function authorToJson(row: AuthorRow): Author {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: mediaUrl(row.image),
    brief: row.brief,
    number_of_books: row.number_of_books,
    featured: row.featured,
  };
}

export function categoryToJson(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: mediaUrl(row.image),
    description: row.description,
    number_of_books: row.number_of_books,
    featured: row.featured,
  };
}
