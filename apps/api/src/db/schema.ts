import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The whole store's schema. One schema and one set of migrations serve PGlite and PostgreSQL.
 * Money is integer cents (docs/decisions/0002-money-in-cents.md).
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Authors and categories are the same kind of shelf: a named page with a picture, its own text (an
 * author's `brief`, a category's `description`) and a featured flag.
 */
const shelfText = (name: string) => text(name).notNull().default('');
const shelfColumns = <Text extends string>(textColumn: Text) => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  image: text('image'),
  ...({ [textColumn]: shelfText(textColumn) } as Record<Text, ReturnType<typeof shelfText>>),
  featured: boolean('featured').notNull().default(false),
  createdAt: createdAt(),
});

export const authors = pgTable('authors', shelfColumns('brief'));

export const categories = pgTable('categories', shelfColumns('description'));

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profilePicture: text('profile_picture'),
    passwordHash: text('password_hash').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    /** Set when staff disabled the account: it cannot sign in, and its sessions ended then; its orders stay. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Staff: an e-mail for each paid order (on until they turn it off in their profile). */
    notifyPaidOrders: boolean('notify_paid_orders').notNull().default(true),
    /** When the owner opened the link sent to this address (welcome or address change); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    image: text('image'),
    /** Resized cover variants as [{ width, path, format }], for srcset (no format: WebP). */
    imageVariants:
      jsonb('image_variants').$type<{ width: number; path: string; format?: 'avif' | 'webp' | 'jpeg' }[]>(),
    bookAuthor: text('book_author').notNull().default(''),
    authorId: integer('author_id').references(() => authors.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /**
     * The selling price now: the regular price less the best running sale, kept by the books module
     * at every staff edit and sale boundary (docs/decisions/0019-sales-and-price-history.md). Lists,
     * sorts, facets and checkout read this column.
     */
    priceCents: integer('price_cents').notNull(),
    /** The price staff set; the selling price when no sale applies. */
    regularPriceCents: integer('regular_price_cents').notNull().default(0),
    /**
     * While the selling price is reduced below the regular price: the lowest selling price of the 30 days
     * before the reduction began (from `price_history`), shown beside the reduced price; null otherwise.
     */
    priorPriceCents: integer('prior_price_cents'),
    /** Typed by staff; kept for their reference, not shown to shoppers (decision 0019). */
    originalPriceCents: integer('original_price_cents').notNull().default(0),
    description: text('description').notNull().default(''),
    publisher: text('publisher').notNull().default(''),
    publishedDate: date('published_date'),
    isbn: text('isbn').notNull().default(''),
    genre: text('genre').notNull().default(''),
    bookType: text('book_type').notNull().default('Paperback'),
    condition: text('condition').notNull().default('New'),
    available: boolean('available').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    /**
     * Copies that can still be sold; reservations of pending orders are already taken out. Like the
     * format, condition, ISBN and prices above, a copy of the title's default edition (null: an eBook),
     * kept by the books module in the transaction of every edition write (docs/decisions/0022-editions.md).
     */
    stockAmount: integer('stock_amount').default(0),
    /**
     * The cheapest and dearest selling price of the title's editions a shopper can buy now (in the shop and
     * in stock; an eBook always is): "from $X" on cards. Both the default edition's price while none can be
     * bought. Kept by the books module with the copy above.
     */
    minPriceCents: integer('min_price_cents').notNull().default(0),
    maxPriceCents: integer('max_price_cents').notNull().default(0),
    /**
     * The title's editions in the shop as the facets count them: each distinct format, condition and
     * selling price, three arrays in step, in byte order of (format, condition, price). Written only by
     * triggers (migration `exact_facet_counts`): from the title's own columns when it is added, and from
     * its editions after every write to them; `book_facet_counts` follows from them
     * (docs/decisions/0027-exact-facet-counts.md).
     */
    editionFormats: text('edition_formats')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    editionConditions: text('edition_conditions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    editionPrices: integer('edition_prices')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Kept in step by the review service: the average (one decimal) of the reviews by verified buyers
     * and how many they are (`rating_count`), and how many reviews there are in all (`review_count`).
     */
    ratingTenths: smallint('rating_tenths').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * 'approved': in the shop. A book added by a shopper is 'pending' (shown to nobody but them and
     * staff) until staff approve it, or 'rejected'. Staff's own books are approved at once.
     */
    reviewStatus: text('review_status').notNull().default('approved'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The title's look-alike key (NFKC and the Unicode TR39 skeleton): no two books may share it. */
    titleKey: text('title_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Maintained by the search migration's trigger; see modules/catalogue/search.ts. */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    uniqueIndex('books_title_lower_idx').on(sql`lower(${t.title})`),
    index('books_created_at_idx').on(t.createdAt, t.id),
    index('books_author_idx').on(t.authorId, t.createdAt),
    index('books_category_idx').on(t.categoryId, t.createdAt),
    index('books_featured_idx').on(t.featured, t.createdAt),
    // Listing orders (ordering=price, -price, -rating) read these instead of sorting the catalogue.
    index('books_price_idx').on(t.priceCents, t.id),
    index('books_rating_idx').on(t.ratingTenths, t.ratingCount, t.id),
    // Facet counts read every filtered column from this index alone (an index-only scan, no heap); it
    // holds the books in the shop only, which is what every public count asks for.
    index('books_facets_idx')
      .on(
        t.categoryId,
        t.authorId,
        t.priceCents,
        t.stockAmount,
        t.available,
        t.ratingTenths,
        t.bookType,
        t.condition,
        t.regularPriceCents,
      )
      .where(sql`${t.reviewStatus} = 'approved'`),
    index('books_title_key_idx').on(t.titleKey),
    // The shop's listings (newest first, an author's, a category's) page through these: the ids of a
    // page are read from the index alone (an index-only scan, no heap), skipping or seeking to where
    // the page starts, before the 20 rows are fetched (docs/benchmarks/million-titles.md).
    index('books_shop_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.reviewStatus} = 'approved'`),
    index('books_shop_author_idx')
      .on(t.authorId, t.createdAt, t.id)
      .where(sql`${t.reviewStatus} = 'approved'`),
    index('books_shop_category_idx')
      .on(t.categoryId, t.createdAt, t.id)
      .where(sql`${t.reviewStatus} = 'approved'`),
    // The staff's queue of books to review, oldest first, and a contributor's own books.
    index('books_review_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.reviewStatus} = 'pending'`),
    index('books_created_by_idx').on(t.createdBy, t.createdAt),
    check('books_price_nonnegative', sql`${t.priceCents} >= 0 AND ${t.originalPriceCents} >= 0`),
    check('books_stock_nonnegative', sql`${t.stockAmount} >= 0`),
    check('books_review_status', sql`${t.reviewStatus} IN ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * The ways a title is sold (docs/decisions/0022-editions.md): a format, a condition, an ISBN, prices and
 * stock each. Written only by the books module, which keeps the title's default edition copied onto
 * `books` in the same transaction. An eBook has no stock (null); an edition that was ordered is never
 * deleted, only taken out of the shop (`available` false), so order history keeps it.
 */
export const editions = pgTable(
  'editions',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** One of the contract's BOOK_TYPES. */
    format: text('format').notNull(),
    /** One of the contract's BOOK_CONDITIONS. */
    condition: text('condition').notNull().default('New'),
    /** Staff's note on a used copy ("Pencil marks on 3 pages"). */
    conditionNote: text('condition_note').notNull().default(''),
    isbn: text('isbn').notNull().default(''),
    /** The selling price now, after sales (as books.price_cents, decision 0019). */
    priceCents: integer('price_cents').notNull(),
    regularPriceCents: integer('regular_price_cents').notNull(),
    priorPriceCents: integer('prior_price_cents'),
    originalPriceCents: integer('original_price_cents').notNull().default(0),
    /** Copies that can still be sold; null exactly for an eBook. */
    stockAmount: integer('stock_amount'),
    /** False: removed by staff but kept for the orders that name it. */
    available: boolean('available').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Copies of the title's own filters, so a listing filtered by format, condition or price is counted from
     * the editions alone (modules/catalogue/repository.ts, `countBooks`). Written only by triggers (migration
     * `edition_listing_copies`): from `books` when an edition is added, and again whenever the title changes.
     */
    titleCategoryId: integer('title_category_id'),
    titleAuthorId: integer('title_author_id'),
    /** The title is in the shop (approved by staff, the catalogue's IN_SHOP). */
    titleInShop: boolean('title_in_shop').notNull().default(false),
    /** The title is in stock (`available` and its default edition in stock, as the in_stock filter reads it). */
    titleInStock: boolean('title_in_stock').notNull().default(false),
    /** The title's `created_at`: a listing newest first can be paged from the editions alone. */
    titleCreatedAt: timestamp('title_created_at', { withTimezone: true }),
  },
  (t) => [
    index('editions_book_idx').on(t.bookId),
    /** The titles of a category with an edition of a format under a price (newest first too): one range of this index. */
    index('editions_listing_idx')
      .on(t.titleCategoryId, t.format, t.priceCents, t.condition, t.titleInStock, t.titleCreatedAt, t.bookId)
      .where(sql`${t.available} AND ${t.titleInShop}`),
    check('editions_price_nonnegative', sql`${t.priceCents} >= 0 AND ${t.originalPriceCents} >= 0`),
    check('editions_stock_nonnegative', sql`${t.stockAmount} >= 0`),
    check('editions_ebook_no_stock', sql`(${t.format} = 'eBook') = (${t.stockAmount} IS NULL)`),
  ],
);

/**
 * The facet counts of listings, pre-summed (docs/decisions/0020-logging-and-a-million-titles.md): one row
 * for each edition of each title in the shop, as its combination of the values a listing filters by (0 for
 * no author or category; the edition's format, condition and price), with how many titles share it. A
 * title sold several ways has a row per distinct edition, and each row carries the editions before it in
 * the title's order (`prev_*`), so that a title counts once in a facet, at its first edition that meets
 * the filters (docs/decisions/0027-exact-facet-counts.md). Kept by triggers on `books`, in the transaction
 * of every write to it (drizzle/ migrations `book_facet_counts`, `exact_facet_counts`).
 */
export const bookFacetCounts = pgTable(
  'book_facet_counts',
  {
    categoryId: integer('category_id').notNull(),
    authorId: integer('author_id').notNull(),
    bookType: text('book_type').notNull(),
    condition: text('condition').notNull(),
    priceCents: integer('price_cents').notNull(),
    ratingTenths: smallint('rating_tenths').notNull(),
    inStock: boolean('in_stock').notNull(),
    /** Selling below the regular price (a sale runs on it). */
    onSale: boolean('on_sale').notNull(),
    /** The title's editions before this one (books.edition_formats and the rest, up to this one): none for its first. */
    prevFormats: text('prev_formats')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    prevConditions: text('prev_conditions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    prevPrices: integer('prev_prices')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'book_facet_counts_pkey',
      columns: [
        t.categoryId,
        t.authorId,
        t.bookType,
        t.condition,
        t.priceCents,
        t.ratingTenths,
        t.inStock,
        t.onSale,
        t.prevFormats,
        t.prevConditions,
        t.prevPrices,
      ],
    }),
    /**
     * The facet pass reads only the rows that fail at most one filter: an OR, for each filter, of all the
     * others, each part one range of these (modules/catalogue/repository.ts, `facetCounts`).
     */
    index('book_facet_counts_category_type_idx').on(t.categoryId, t.bookType, t.priceCents),
    index('book_facet_counts_category_price_idx').on(t.categoryId, t.priceCents),
    index('book_facet_counts_type_price_idx').on(t.bookType, t.priceCents),
    /** The rows of the authors an author's page (an author filter) lists. */
    index('book_facet_counts_author_idx').on(t.authorId),
    /**
     * The author facet with no format, condition or price chosen: each title's first row, grouped by
     * author, from the index alone.
     */
    index('book_facet_counts_titles_idx')
      .on(t.categoryId, t.authorId, t.inStock, t.onSale, t.ratingTenths, t.n)
      .where(sql`cardinality(${t.prevFormats}) = 0`),
  ],
);

/**
 * `book_facet_counts` summed over authors: every facet but the author's, without an author filter, is
 * counted from these far fewer rows (11k against 232k for a million synthetic titles of two editions each;
 * docs/decisions/0027-exact-facet-counts.md). Kept by the same triggers, in the same statement.
 */
export const bookFacetTotals = pgTable(
  'book_facet_totals',
  {
    categoryId: integer('category_id').notNull(),
    bookType: text('book_type').notNull(),
    condition: text('condition').notNull(),
    priceCents: integer('price_cents').notNull(),
    ratingTenths: smallint('rating_tenths').notNull(),
    inStock: boolean('in_stock').notNull(),
    onSale: boolean('on_sale').notNull(),
    prevFormats: text('prev_formats').array().notNull(),
    prevConditions: text('prev_conditions').array().notNull(),
    prevPrices: integer('prev_prices').array().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'book_facet_totals_pkey',
      columns: [
        t.categoryId,
        t.bookType,
        t.condition,
        t.priceCents,
        t.ratingTenths,
        t.inStock,
        t.onSale,
        t.prevFormats,
        t.prevConditions,
        t.prevPrices,
      ],
    }),
    index('book_facet_totals_category_type_idx').on(t.categoryId, t.bookType, t.priceCents),
    index('book_facet_totals_category_price_idx').on(t.categoryId, t.priceCents),
    index('book_facet_totals_type_price_idx').on(t.bookType, t.priceCents),
  ],
);

/** Distinct words of the catalogue, with a trigram index: how a typo finds its word. */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

/** A row that belongs to one user (or one book): it goes when the user (or book) is deleted. */
const ownedBy = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const aboutBook = () =>
  integer('book_id')
    .notNull()
    .references(() => books.id, { onDelete: 'cascade' });

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    bookId: aboutBook(),
    userId: ownedBy(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_book_user_idx').on(t.bookId, t.userId),
    index('reviews_book_created_idx').on(t.bookId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: ownedBy(),
    bookId: aboutBook(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);

/** Refresh tokens rotate; a family is one sign-in. Reusing a used token revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: ownedBy(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy(),
    /** 'pending' | 'completed' | 'cancelled' */
    status: text('status').notNull().default('pending'),
    /** 'pending' | 'success' | 'failed' */
    paymentStatus: text('payment_status').notNull().default('pending'),
    /** The provider's reference of the accepted payment. */
    transactionRef: text('transaction_ref'),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    /** Stock held for this order until then, unless paid. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    /** The address the order was placed from: open holds are capped per address too. */
    clientAddress: text('client_address'),
    stockReleased: boolean('stock_released').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The promo code the order used (as typed, upper case) and the discount it gave, in all. */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    createdAt: createdAt(),
    /** 'unfulfilled' | 'shipped' | 'delivered' | 'cancelled' | 'returned' (docs/decisions/0018-after-the-sale.md). */
    fulfilmentStatus: text('fulfilment_status').notNull().default('unfulfilled'),
    /** The address it goes to, as it was at checkout (null: eBooks only, or placed before addresses). */
    shippingAddress: jsonb('shipping_address').$type<{
      name: string;
      line1: string;
      line2: string;
      city: string;
      region: string;
      postal_code: string;
      country: string;
      phone: string;
    }>(),
    /** The delivery method as chosen: its code, name and days (its price is shipping_cents). */
    shippingMethod: jsonb('shipping_method').$type<{ code: string; name: string; days: string }>(),
    /** Delivery's share of total_cents. */
    shippingCents: integer('shipping_cents').notNull().default(0),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Refunds asked of the provider so far (pending or done; a refused one is taken back off). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * The part of `refunded_cents` that gave back delivery; the rest is the lines' `refunded_cents`, so
     * refunded = sum of the lines' refunds + this (modules/orders/summary.ts).
     */
    shippingRefundedCents: integer('shipping_refunded_cents').notNull().default(0),
  },
  (t) => [
    index('orders_promo_code_idx')
      .on(t.promoCodeId, t.userId)
      .where(sql`${t.promoCodeId} IS NOT NULL`),
    check('orders_refunded_within_total', sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.totalCents}`),
    check(
      'orders_shipping_refunded_within',
      sql`${t.shippingRefundedCents} >= 0 AND ${t.shippingRefundedCents} <= ${t.shippingCents}`,
    ),
    check(
      'orders_fulfilment_status',
      sql`${t.fulfilmentStatus} IN ('unfulfilled', 'shipped', 'delivered', 'cancelled', 'returned')`,
    ),
    index('orders_fulfilment_created_idx').on(t.fulfilmentStatus, t.createdAt),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_reservation_idx')
      .on(t.reservedUntil)
      .where(sql`${t.paymentStatus} <> 'success' AND NOT ${t.stockReleased}`),
    index('orders_address_holds_idx')
      .on(t.clientAddress)
      .where(sql`${t.paymentStatus} <> 'success' AND NOT ${t.stockReleased}`),
    uniqueIndex('orders_transaction_ref_idx').on(t.transactionRef),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    bookId: integer('book_id').references(() => books.id, { onDelete: 'set null' }),
    /** The edition bought, and its format and condition as bought (null: ordered before editions' data). */
    editionId: integer('edition_id').references(() => editions.id, { onDelete: 'set null' }),
    format: text('format'),
    condition: text('condition'),
    /** The edition's ISBN as bought ('' when it had none; null: ordered before lines kept it). */
    isbn: text('isbn'),
    /** Title, image and price as bought, so history survives catalogue edits. */
    title: text('title').notNull(),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    /**
     * The protection plan on every copy of the line, and its price per copy as bought (0 without it):
     * a refund of the line gives back quantity x (price + protection price). See decision 0013 (docs/decisions/0013-protection-plan.md).
     */
    protection: boolean('protection').notNull().default(false),
    protectionPriceCents: integer('protection_price_cents').notNull().default(0),
    /** This line's share of the order's promo-code discount (a refund of the line keeps it back). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** Copies given back by refunds of chosen lines (never more than were bought). */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /**
     * Money given back on this line, by refunds of its copies or its share of an amount refunded on the
     * order; never more than was paid for it (quantity x (price + protection) - discount).
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Copies of the line put back on sale by a refund with restock (a later return puts back only the rest). */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_edition_idx').on(t.editionId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_items_refunded_within',
      sql`${t.refundedQuantity} BETWEEN 0 AND ${t.quantity} AND ${t.restockedQuantity} BETWEEN 0 AND ${t.quantity} AND ${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.quantity} * (${t.priceCents} + ${t.protectionPriceCents}) - ${t.discountCents}`,
    ),
    check(
      'order_items_protection_price',
      sql`${t.protectionPriceCents} >= 0 AND (${t.protection} OR ${t.protectionPriceCents} = 0)`,
    ),
  ],
);

/**
 * An order's history: one row per change of its state (placed, paid, expired, and later shipped,
 * delivered, cancelled, refunded), written by the orders module's one function for that change
 * (modules/orders/transitions.ts) in the same transaction. `actor` says who did it: the customer,
 * staff, the payment provider or the shop itself (the reservation sweeper).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actor: text('actor').notNull(),
    /** The account that did it (a customer or staff), null for the provider or the shop. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the change carried: a payment reference, the copies given back... */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check('order_events_actor', sql`${t.actor} IN ('customer', 'staff', 'provider', 'shop')`),
  ],
);

/** Payment attempts: one per pop-up opened, by reference ORD-{orderId}-{timestamp}. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    email: text('email').notNull(),
    /** 'pending' (open) | 'success' | 'failed' | 'abandoned' | 'refunding' | 'refunded' (a second charge given back) */
    status: text('status').notNull().default('pending'),
    /** What the provider last said, for support. */
    providerResponse: jsonb('provider_response'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    // One open attempt per order: a second initialize gets the open one back, on any process.
    uniqueIndex('payments_one_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Money given back from an order's payment (docs/decisions/0018-after-the-sale.md): recorded first
 * ('pending', in the transaction that changes the order), then asked of the provider outside any
 * transaction with `reference` as its key, so a retry never refunds twice; 'succeeded' or 'failed'.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    /** RFD-{orderId}-{n}: the refund's own key, sent to the provider. */
    reference: text('reference').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The payment (its reference) the money goes back from. */
    paymentReference: text('payment_reference').notNull(),
    provider: text('provider').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** 'pending' | 'succeeded' | 'failed' */
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    /** The staff request's Idempotency-Key, if it sent one: the same key refunds once. */
    requestKey: text('request_key'),
    /** What that request asked (SHA-256 of its body): the same key with another body is refused. */
    requestHash: text('request_hash'),
    /**
     * Where the amount was counted on the order: copies and cents per line, and delivery's part. A refund
     * the provider refuses takes exactly these back off (modules/orders/transitions.ts, `refundFailed`).
     */
    allocation: jsonb('allocation')
      .$type<{ lines: { item: number; quantity: number; cents: number }[]; shippingCents: number }>()
      .notNull()
      .default({ lines: [], shippingCents: 0 }),
    attempts: integer('attempts').notNull().default(0),
    providerResponse: jsonb('provider_response'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_request_key_idx').on(t.orderId, t.requestKey),
    index('refunds_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A shopper's address book; one default per account (the first address becomes it). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy(),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** ISO 3166-1 alpha-2 */
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('addresses_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Delivery methods, edited by staff; orders keep a copy of the one chosen. */
export const shippingMethods = pgTable('shipping_methods', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  days: text('days').notNull(),
  priceCents: integer('price_cents').notNull(),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/** The shop's settings: one row (id 1). */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Standard Delivery is free from this order subtotal on (0: always); null: never. */
    freeStandardFromCents: integer('free_standard_from_cents').default(0),
    /** Books with this many copies or fewer are low on stock. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** When staff marked it handled (answered, or nothing to do); null while open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt, t.id)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    /** Double opt-in: when the owner opened the link mailed to the address; only confirmed addresses count. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_lower_idx').on(sql`lower(${t.email})`)],
);

/**
 * The transactional outbox (modules/events, docs/decisions/0012-outbox.md). A state change writes
 * its event here in its own transaction, with one delivery per subscriber; the dispatcher works
 * through the deliveries after commit. Delivered events are deleted after a week; dead ones stay
 * until staff retry them.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: serial('id').primaryKey(),
    /** 'user.registered', 'order.paid', … */
    type: text('type').notNull(),
    /** What the event is about (a user's or an order's id), for staff searching and for subscribers. */
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    /**
     * The W3C `traceparent` of the span that recorded the event, with tracing on: its deliveries are
     * spans of the same trace (docs/decisions/0031-traces.md).
     */
    traceparent: text('traceparent'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_events_created_idx').on(t.createdAt)],
);

export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    /** The subscriber's stable name ('send-receipt'). */
    subscriber: text('subscriber').notNull(),
    /** 'pending' | 'delivered' | 'dead' (gave up after the last attempt; staff may retry). */
    status: text('status').notNull().default('pending'),
    /** Attempts started, counted when claimed: a claim that never settles (a crash) counts too. */
    attempts: integer('attempts').notNull().default(0),
    /** When it may be claimed: now, after a failure's backoff, or when a claim's lease runs out. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Handed to the subscriber on every attempt, so what it does outside the database happens once. */
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_deliveries_event_subscriber_idx').on(t.eventId, t.subscriber),
    // The claim reads only this: pending deliveries that are due, oldest first.
    index('outbox_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_deliveries_status_idx').on(t.status, t.eventId),
  ],
);

/**
 * One-time links mailed to an address (modules/mail, docs/decisions/0016-mail.md): a password reset,
 * an address to verify, a new address to confirm, a newsletter subscription to confirm. Only the
 * SHA-256 of the random token is kept; a token works once and until `expires_at`.
 */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: serial('id').primaryKey(),
    /** 'reset' | 'verify' | 'email-change' | 'newsletter' */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to (the new one for an address change). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Every e-mail the shop writes, as sent: staff read them in the dashboard's Mail tab. A message is
 * queued in a transaction with its 'mail.queued' event and sent by that event's subscriber.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    /** Who made it, once: the outbox delivery's idempotency key and the message's place in it. */
    sourceKey: text('source_key').notNull().unique(),
    /** The template's name: 'order-confirmation', 'password-reset', … */
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** It carries a one-time link. */
    secret: boolean('secret').notNull().default(false),
    /**
     * The body with its live links (one-time links, signed downloads), only until it is sent: staff read
     * `html` and `text`, where each such link is a mark that they see as "[link hidden]".
     */
    liveHtml: text('live_html'),
    liveText: text('live_text'),
    /** How to make each hidden link afresh ("Send again"), in the order of their marks; no secret in it. */
    links: jsonb('links').$type<MailLink[]>(),
    /** 'pending' | 'sent' | 'failed' (every attempt failed; staff may send it again). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt, t.id), index('mail_messages_status_idx').on(t.status)],
);

/**
 * A link a message carries that staff never see: a one-time link of the links module (its purpose,
 * owner and the hash of the token it holds) or an order line's signed download.
 */
export type MailLink =
  | {
      kind: 'token';
      purpose: 'reset' | 'verify' | 'email-change' | 'newsletter';
      userId: number | null;
      email: string;
      prefix: string;
      hash: string;
    }
  | { kind: 'download'; orderId: number; item: number; origin: string };

/**
 * Each message the shop sends to an address on someone else's request (modules/mailboxes): the SHA-256
 * of the recipient's mailbox as normalised, and who asked (an address or an account), to count both.
 */
export const aimedMail = pgTable(
  'aimed_mail',
  {
    id: serial('id').primaryKey(),
    mailbox: text('mailbox').notNull(),
    sender: text('sender').notNull(),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('aimed_mail_mailbox_idx').on(t.mailbox, t.at), index('aimed_mail_sender_idx').on(t.sender, t.at)],
);

/** "Email me when it's back": one open request per shopper and book, closed when its e-mail is queued. */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_open_idx')
      .on(t.userId, t.bookId)
      .where(sql`${t.notifiedAt} IS NULL`),
    index('stock_alerts_book_idx').on(t.bookId),
  ],
);

/** Jobs done once a day whichever process gets there first (the low-stock digest). */
export const dailyRuns = pgTable('daily_runs', { job: text('job').notNull(), day: date('day').notNull() }, (t) => [
  primaryKey({ columns: [t.job, t.day] }),
]);

/**
 * Every change of a book's selling price, with its time (docs/decisions/0019-sales-and-price-history.md):
 * staff edits, sales starting and ending. The lowest price of the 30 days before a reduction is read here.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: serial('id').primaryKey(),
    bookId: aboutBook(),
    priceCents: integer('price_cents').notNull(),
    /** 'added' | 'staff' | 'sale-start' | 'sale-end' */
    reason: text('reason').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('price_history_book_idx').on(t.bookId, t.changedAt)],
);

/**
 * Sales scheduled by staff (modules/promotions). `state` is where the scheduler has brought it:
 * 'scheduled' until its start was applied to the books, 'running', then 'ended'. A bestsellers sale
 * keeps the books it chose when it started in `book_ids`.
 */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'percent' | 'amount' */
    kind: text('kind').notNull(),
    /** Percent (1–90) or cents off each copy. */
    amount: integer('amount').notNull(),
    /** 'all' | 'books' | 'categories' | 'authors' | 'bestsellers' */
    target: text('target').notNull(),
    /** The chosen books, categories or authors. */
    targetIds: integer('target_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Bestsellers: how many books. */
    bestsellers: integer('bestsellers'),
    /** The books a running bestsellers sale chose at its start. */
    bookIds: integer('book_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    headline: boolean('headline').notNull().default(false),
    /** Paused by staff (false): a running sale that is paused reduces nothing until it is resumed. */
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('scheduled'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sales_due_idx').on(t.state, t.startsAt, t.endsAt),
    check('sales_kind', sql`${t.kind} IN ('percent', 'amount')`),
    check('sales_state', sql`${t.state} IN ('scheduled', 'running', 'ended')`),
    check('sales_dates', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Promo codes (modules/promotions); their uses are the orders that carry them (paid or still held). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case; typed in any case. */
    code: text('code').notNull().unique(),
    /** 'percent' | 'amount' | 'free_delivery' */
    kind: text('kind').notNull(),
    /** Percent (1–100) or cents off the order; 0 for free delivery. */
    amount: integer('amount').notNull().default(0),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Only these books or categories (both empty: every book). */
    bookIds: integer('book_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** Paused by staff (false): refused at the cart and checkout until resumed; orders placed before keep it. */
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('promo_codes_kind', sql`${t.kind} IN ('percent', 'amount', 'free_delivery')`)],
);

/**
 * The file of an eBook edition (EPUB or PDF), kept under DATA_DIR/files as `file_key`, never under the
 * public media folder. Written only by the downloads module (staff upload it from the dashboard).
 */
export const ebookFiles = pgTable(
  'ebook_files',
  {
    editionId: integer('edition_id')
      .primaryKey()
      .references(() => editions.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    /** 'epub' | 'pdf', from the file's bytes. */
    kind: text('kind').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the bytes: the downloads' ETag. */
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ebook_files_kind', sql`${t.kind} IN ('epub', 'pdf')`)],
);

/**
 * The downloads of one eBook line of a paid order (docs/decisions/0023-ebook-delivery.md): made when
 * the order is paid, counted by an atomic UPDATE (at most DOWNLOADS_PER_LINK a link), renewed from
 * the order page (a new generation: the old links stop, the count starts again), revoked in the
 * transaction that refunds or cancels the order. Written only by the downloads module.
 */
export const downloadGrants = pgTable(
  'download_grants',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    editionId: integer('edition_id').references(() => editions.id, { onDelete: 'set null' }),
    /** Which link works: renewing adds one, and links of older generations stop. */
    generation: integer('generation').notNull().default(1),
    downloadsUsed: integer('downloads_used').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('download_grants_order_idx').on(t.orderId),
    check('download_grants_used_nonnegative', sql`${t.downloadsUsed} >= 0`),
  ],
);

/**
 * The scheduler's book of jobs (docs/decisions/0032-one-scheduler.md): one row per job declared in
 * src/jobs.ts. `due_at` is when it runs next; a process runs it only by claiming the row (`running_until`
 * is its lease: a process that dies lets another take the job over when it runs out), so each run of a
 * job happens on one process however many workers share the database.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  runningUntil: timestamp('running_until', { withTimezone: true }),
  runner: text('runner'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
});

/**
 * The stock ledger (modules/books, stock.ts and ledger.ts): one row per change of a printed edition's
 * copies, written in the transaction that changes them: sales, holds that ran out, cancellations, returns,
 * copies a refund put back, and staff's adjustments and edits. `stock_after` is the copies left then.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    /** One of the contract's STOCK_REASONS. */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    stockAfter: integer('stock_after').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_edition_idx').on(t.editionId, t.id),
    check('stock_movements_change_nonzero', sql`${t.change} <> 0`),
  ],
);

/**
 * Shoppers' reports of a review (modules/reviews): one per shopper and review. A review with reports
 * waits in the staff's queue until staff keep it (its reports go) or delete it (they go with it).
 */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: ownedBy(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_reports_created_idx').on(t.createdAt)],
);
