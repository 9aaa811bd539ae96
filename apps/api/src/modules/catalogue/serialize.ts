import {
  type Author,
  type Book,
  type BookDetail,
  type Category,
  centsToMoney,
  type Edition,
  type Review,
} from '@bookstore/contract';
import { mediaUrl } from '../../lib/media.js';
import type { BookRow, EditionRow, ReviewRow, AuthorRow, CategoryRow } from './rows.js';

/**
 * The one place that turns catalogue rows (repository.ts: snake case, dates already ISO text) into the
 * contract's JSON. Serialising by hand keeps replies cheap: no schema walk per book on the hot listing path.
 */
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

/** The selling, struck and 30-day prices of a book's default edition or of one edition. */
function pricesOf(row: { price_cents: number; regular_price_cents: number; prior_price_cents: number | null }) {
  return {
    price: centsToMoney(row.price_cents),
    // The struck price is the regular price while a sale reduces it; a typed "original price" is never
    // shown (docs/decisions/0019-sales-and-price-history.md).
    original_price: centsToMoney(row.price_cents < row.regular_price_cents ? row.regular_price_cents : 0),
    regular_price: centsToMoney(row.regular_price_cents),
    lowest_price_30d:
      row.prior_price_cents === null || row.price_cents >= row.regular_price_cents
        ? null
        : centsToMoney(row.prior_price_cents),
  };
}

export function editionToJson(row: EditionRow): Edition {
  return {
    id: row.id,
    format: row.format,
    condition: row.condition,
    condition_note: row.condition_note,
    isbn: row.isbn,
    ...pricesOf(row),
    stock_amount: row.stock_amount,
    in_stock: row.stock_amount === null || row.stock_amount > 0,
    coming_soon: row.coming_soon,
  };
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
    ...pricesOf(row),
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
    in_stock: row.available && (row.stock_amount === null || row.stock_amount > 0),
    min_price: centsToMoney(row.min_price_cents),
    max_price: centsToMoney(row.max_price_cents),
    editions: (row.editions ?? []).map(editionToJson),
    tags: row.tags,
    rating: row.rating_tenths / 10,
    rating_count: row.rating_count,
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
