import { z } from 'zod';
import { moneySchema, pageMetaSchema, pageQuerySchema } from './common.js';
import type { HeadlineSale } from './promotions.js';
import { reviewSchema } from './reviews.js';
import type { ShippingMethod } from './shipping.js';

export const BOOK_TYPES = ['Paperback', 'Hardcover', 'Board Book', 'Spiral Bound', 'Large Print', 'eBook'] as const;
export const BOOK_CONDITIONS = ['New', 'Used', 'Fairly Used'] as const;

/**
 * One way a title is sold (docs/decisions/0022-editions.md): its format, condition (with staff's note on
 * a used copy), ISBN, prices as the book's, and stock (null for an eBook, which is never sold out). An
 * eBook edition is `coming_soon` until staff upload its file: shown, not yet sold
 * (docs/decisions/0023-ebook-delivery.md).
 */
export const editionSchema = z
  .object({
    id: z.number().int(),
    format: z.string(),
    condition: z.string(),
    /** Staff's note on a used copy ("Pencil marks on 3 pages"); empty when none. */
    condition_note: z.string(),
    isbn: z.string(),
    price: moneySchema,
    original_price: moneySchema,
    regular_price: moneySchema,
    lowest_price_30d: moneySchema.nullable(),
    stock_amount: z.number().int().nullable(),
    in_stock: z.boolean(),
    /** An eBook edition whose file is not there yet: it cannot be bought until it is. */
    coming_soon: z.boolean(),
  })
  .meta({ id: 'Edition' });
export type Edition = z.infer<typeof editionSchema>;

/**
 * A book as lists show it: a title, with its editions. The format, condition, ISBN, price and stock
 * fields describe its default edition (the cheapest new one in stock), for clients that know no editions.
 */
export const bookSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    /** `srcset` value with resized variants, when the cover has them (JPEG, or WebP for older covers). */
    image_srcset: z.string().nullable(),
    /** The same sizes in newer formats, best first, for `<picture>` sources; empty or absent when none. */
    image_sources: z.array(z.object({ type: z.string(), srcset: z.string() })).optional(),
    book_author: z.string(),
    author: z.number().int().nullable(),
    author_slug: z.string().nullable(),
    category: z.number().int().nullable(),
    category_name: z.string().nullable(),
    category_slug: z.string().nullable(),
    /** The selling price now: the regular price less the best running sale. */
    price: moneySchema,
    /** The regular price while a sale reduces it (struck through), else '0.00'. */
    original_price: moneySchema,
    /** The price staff set (what the book costs when no sale runs). */
    regular_price: moneySchema,
    /** While the price is reduced: the lowest price of the 30 days before the reduction, else null. */
    lowest_price_30d: moneySchema.nullable(),
    description: z.string(),
    publisher: z.string(),
    published_date: z.string().nullable(),
    isbn: z.string(),
    genre: z.string(),
    book_type: z.string(),
    condition: z.string(),
    available: z.boolean(),
    featured: z.boolean(),
    /** The default edition's copies left; null when it is an eBook (never sold out). */
    stock_amount: z.number().int().nullable(),
    count_in_stock: z.number().int().nullable(),
    /** Whether the default edition can be bought now (an eBook always can). */
    in_stock: z.boolean(),
    /**
     * The cheapest and dearest price of the editions a shopper can buy now (in stock; an eBook always is),
     * both the default edition's while none can be (a card shows "from" when they differ).
     */
    min_price: moneySchema,
    max_price: moneySchema,
    /** Every edition in the shop, the default one first. */
    editions: z.array(editionSchema),
    tags: z.array(z.string()),
    /** Average rating of the reviews by verified buyers, one decimal; 0 when there are none. */
    rating: z.number(),
    /** How many reviews by verified buyers the average is made of. */
    rating_count: z.number().int(),
    /** How many reviews there are in all (every review is shown, verified or not). */
    review_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'Book' });
export type Book = z.infer<typeof bookSchema>;

/** A book as its detail page shows it: with its newest reviews (the first page; more from the reviews call). */
export const bookDetailSchema = bookSchema.extend({ reviews: z.array(reviewSchema) }).meta({ id: 'BookDetail' });
export type BookDetail = z.infer<typeof bookDetailSchema>;

export const featuredBookSchema = bookSchema.meta({ id: 'FeaturedBook' });

/**
 * An author and a category are the same kind of shelf: a named page with a picture, its own text
 * (an author's `brief`, a category's `description`), how many books it holds and whether it is featured.
 */
const shelfSchema = <Text extends string>(text: Text) =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    ...({ [text]: z.string() } as Record<Text, z.ZodString>),
    number_of_books: z.number().int(),
    featured: z.boolean(),
  });

export const authorSchema = shelfSchema('brief').meta({ id: 'Author' });
export type Author = z.infer<typeof authorSchema>;

export const categorySchema = shelfSchema('description').meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

/**
 * Orderings of `GET /api/books/`: newest and oldest first, price up and down, best rated first, title A-Z,
 * and relevance (best match first; the default when there is a keyword, newest first otherwise).
 */
export const BOOK_ORDERINGS = [
  '-created_at',
  'created_at',
  'price',
  '-price',
  '-rating',
  'title',
  'relevance',
] as const;
export type BookOrdering = (typeof BOOK_ORDERINGS)[number];
export const KEYWORD_MAX_LENGTH = 200;

/** Rating thresholds offered by the rating facet ("4 stars & up"...). */
export const RATING_THRESHOLDS = [4, 3, 2, 1] as const;
/** How many times one filter may repeat, and how many authors the author facet lists. */
export const MAX_FILTER_VALUES = 20;
export const AUTHOR_FACET_LIMIT = 20;

/** A filter that may repeat (`?book_type=Paperback&book_type=eBook`): always read as a list. */
function repeated<T extends string>(name: string, check: (value: string) => T | null, rule: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((input, ctx) => {
      const list = (Array.isArray(input) ? input : [input]).map((v) => v.trim()).filter((v) => v !== '');
      if (list.length > MAX_FILTER_VALUES) {
        ctx.addIssue({ code: 'custom', message: `${name} may be given at most ${MAX_FILTER_VALUES} times` });
        return z.NEVER;
      }
      const values: T[] = [];
      for (const raw of list) {
        const value = check(raw);
        if (value === null) {
          ctx.addIssue({ code: 'custom', message: `${name} ${rule}` });
          return z.NEVER;
        }
        if (!values.includes(value)) values.push(value);
      }
      return values;
    })
    .optional();
}

const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (value: string): T | null =>
    allowed.find((a) => a.toLowerCase() === value.toLowerCase()) ?? null;
const reference = (value: string) => (value.length <= 200 ? value : null);

/** A price in the shop's currency ("20", "12.99"), read as integer cents. */
const priceBound = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, `${name} must be an amount such as 20 or 12.99`)
    .transform((v) => Math.round(Number(v) * 100))
    .optional();

const flag = (name: string) =>
  z
    .enum(['1', '0', 'true', 'false'], { error: `${name} must be 1 or 0` })
    .transform((v) => v === '1' || v === 'true')
    .optional();

/** Query of `GET /api/books/`: paging, ordering, search and the optional filters. */
export const bookListQuerySchema = pageQuerySchema.extend({
  /** Newest first without a keyword, best match first with one. */
  ordering: z.enum(BOOK_ORDERINGS, { error: `ordering must be one of: ${BOOK_ORDERINGS.join(', ')}` }).optional(),
  keyword: z.string().max(KEYWORD_MAX_LENGTH, `keyword must be at most ${KEYWORD_MAX_LENGTH} characters`).optional(),
  /** Category slugs or ids; books in any of them. */
  category: repeated('category', reference, 'must be at most 200 characters'),
  /** Author slugs or ids; books by any of them. */
  author: repeated('author', reference, 'must be at most 200 characters'),
  book_type: repeated('book_type', oneOf(BOOK_TYPES), `must be one of: ${BOOK_TYPES.join(', ')}`),
  condition: repeated('condition', oneOf(BOOK_CONDITIONS), `must be one of: ${BOOK_CONDITIONS.join(', ')}`),
  price_min: priceBound('price_min'),
  price_max: priceBound('price_max'),
  rating_min: z
    .string()
    .trim()
    .regex(/^[0-5](\.\d)?$/, 'rating_min must be a rating from 0 to 5, such as 4 or 3.5')
    .transform(Number)
    .pipe(z.number().max(5, 'rating_min must be a rating from 0 to 5, such as 4 or 3.5'))
    .optional(),
  /** 1: only books that can be bought now. */
  in_stock: flag('in_stock'),
  /** 1: only books a running sale reduces. */
  on_sale: flag('on_sale'),
  /** 1: search the words as typed, without correcting typos ("Search instead for ..."). */
  exact: flag('exact'),
  /** 1: `meta` also carries the facet counts and the corrected search words. */
  facets: flag('facets'),
});
/** Checked by the API after parsing (a refinement would stop routes from narrowing the schema). */
export const PRICE_RANGE_MESSAGE = 'price_min must not be more than price_max';
export type BookListQuery = z.infer<typeof bookListQuerySchema>;
/** The filters as a client writes them in an address (before parsing). */
export type BookListParams = z.input<typeof bookListQuerySchema>;

/** One value of a facet: what to send back as the filter, what to show, and how many books it gives. */
export const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/**
 * Counts per facet value, each computed with every filter applied except that facet's own, so a count
 * is how many titles the list holds with that value chosen in place of its facet's others (a title sold
 * as a paperback and an eBook counts under both formats, once under each). Selected values are always
 * listed, even at 0.
 */
export const bookFacetsSchema = z
  .object({
    category: z.array(facetValueSchema),
    /** The authors with the most books (up to 20), and any selected author. */
    author: z.array(facetValueSchema),
    book_type: z.array(facetValueSchema),
    condition: z.array(facetValueSchema),
    /** Books rated at least 4, 3, 2 and 1 ("4" means 4 stars and up). */
    rating: z.array(facetValueSchema),
    /** Books that can be bought now. */
    in_stock: z.number().int(),
    /** Books a running sale reduces. */
    on_sale: z.number().int(),
    /**
     * Cheapest and dearest price of the editions that meet the other filters, of the titles they leave
     * (a price range from one to the other lists them all); null when none.
     */
    price: z.object({ min: moneySchema.nullable(), max: moneySchema.nullable() }),
  })
  .meta({ id: 'BookFacets' });
export type BookFacets = z.infer<typeof bookFacetsSchema>;

export const bookListMetaSchema = pageMetaSchema.extend({
  /** With `facets=1`. */
  facets: bookFacetsSchema.optional(),
  /** With `facets=1` and a keyword: the words searched for when a typo was corrected, else null. */
  corrected_query: z.string().nullable().optional(),
});
export type BookListMeta = z.infer<typeof bookListMetaSchema>;

export const pagedBooksSchema = z
  .object({ data: z.array(bookSchema), meta: bookListMetaSchema })
  .meta({ id: 'PagedBooks' });
export type PagedBooks = z.infer<typeof pagedBooksSchema>;

/**
 * The catalogue as the storefront's server renderer reads it, in-process, for a page it renders: the
 * same answers as the API's public reads (GET /api/featured/, /api/books/…, /api/books/book/{title}, …).
 * The API implements it (apps/api/src/plugins/render.ts), the web app's route loaders call it
 * (apps/web/src/app/routes.tsx).
 */
export interface CatalogueReader {
  featured(): Promise<Book[]>;
  /** A listing page by the API address the browser would ask for (`/books/?page=2&ordering=title`). */
  books(address: string): Promise<PagedBooks>;
  book(title: string): Promise<BookDetail>;
  related(id: number): Promise<Book[]>;
  author(slug: string): Promise<Author>;
  category(slug: string): Promise<Category>;
  /** The delivery methods the book page lists (GET /api/shipping-methods/). */
  shippingMethods(): Promise<ShippingMethod[]>;
  /** GET /api/sales/headline/: the running headline sale, for the home page's hero. */
  headlineSale(): Promise<HeadlineSale>;
}
