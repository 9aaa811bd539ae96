import type { BookDetail, Edition } from '@bookstore/contract';
import {
  CHECKOUT_PAYMENT_CHANNELS,
  type CheckoutPaymentChannel,
  DOWNLOAD_LINK_HOURS,
  DOWNLOADS_PER_LINK,
  PROTECTION_PLAN,
} from '@bookstore/contract/checkout';
import { formatMoney, moneyToCents } from '@bookstore/contract/money';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Link, useParams, useSearchParams } from 'react-router';
import { BookImage, coverOf } from '../../../components/ui/BookImage';
import { ErrorState } from '../../../components/ui/ErrorState';
import { DownloadIcon, ReturnIcon, ShieldIcon, TruckIcon } from '../../../components/ui/icons';
import { percentOff, Price } from '../../../components/ui/Price';
import { PageLoading } from '../../../components/ui/Spinner';
import { roundRating, Stars } from '../../../components/ui/Stars';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useHydrated, usePageTitle } from '../../../lib/hooks';
import { plural } from '../../../lib/lists';
import { alreadyInCart } from '../../cart/components/AddToCartButton';
import { isEbook, useCartStore } from '../../cart/stores/cart';
import { useBook, useRelatedBooks } from '../api/book';
import { BookCard, BookGrid } from '../components/BookCard';
import { QuantityStepper } from '../components/QuantityStepper';
import { editionPath, isInStock, isUnrated } from '../components/text';
import { useCatalogueSlots } from '../components/slots';
import { Button } from '../../../components/ui/Button';
import { Badge } from '../../../components/ui/Badge';
import { EditionOption } from '../../../components/ui/EditionOption';
import { Tabs } from '../../../components/ui/Tabs';
import { formatDate } from '../../../lib/dates';
import { freeFromCents, useShippingMethods } from '../../../lib/shipping';
import { NeedsScriptNote } from '../../../components/ui/NeedsScriptNote';

export const DELIVERY_DAYS = 3;

/** Today plus three days, e.g. 'Thursday, March 14'. */
export function estimatedDelivery(from = new Date()): string {
  const date = new Date(from);
  date.setDate(date.getDate() + DELIVERY_DAYS);
  return formatDate(date, 'day');
}

/** Tags may arrive as one comma-separated string: one chip per tag. */
export function splitTags(tags: string[]): string[] {
  return tags
    .flatMap((tag) => tag.split(','))
    .map((tag) => tag.trim())
    .filter(Boolean);
}

const tabClass =
  'rounded-t-md border-b-2 px-4 py-3 text-sm font-semibold focus:outline-none focus-visible:outline-2 focus-visible:outline-indigo-500 data-[selected]:border-indigo-600 data-[selected]:text-indigo-700 border-transparent text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white dark:data-[selected]:border-indigo-400 dark:data-[selected]:text-indigo-300';

/** The book as one of its editions sells it: the edition's format, condition, ISBN, prices and stock. */
export type BookAsEdition = BookDetail & {
  edition_id?: number;
  format?: string;
  condition_note?: string;
  /** An eBook edition whose file is not there yet: shown, not sold. */
  coming_soon?: boolean;
};

/**
 * The edition a page shows (docs/decisions/0022-editions.md): the one `?edition=` names, else the
 * title's default (the first); a number that is not one of the book's editions shows the default.
 */
export function chosenEdition(book: BookDetail, param: string | null): Edition | undefined {
  const id = param && /^\d{1,9}$/.test(param) ? Number(param) : null;
  return book.editions.find((e) => e.id === id) ?? book.editions[0];
}

export function asEdition(book: BookDetail, edition: Edition | undefined): BookAsEdition {
  if (!edition) return book;
  return {
    ...book,
    edition_id: edition.id,
    format: edition.format,
    condition_note: edition.condition_note,
    book_type: edition.format,
    condition: edition.condition,
    isbn: edition.isbn,
    price: edition.price,
    original_price: edition.original_price,
    regular_price: edition.regular_price,
    lowest_price_30d: edition.lowest_price_30d,
    stock_amount: edition.stock_amount,
    count_in_stock: edition.stock_amount,
    in_stock: edition.in_stock,
    coming_soon: edition.coming_soon,
  };
}

/**
 * The format picker: every edition with its format, condition, price and availability. Each is a link
 * to `?edition=<id>`, so the choice is in the address (shared links and the server's page show it) and
 * works before the script has loaded.
 */
function EditionPicker({ book, chosen }: { book: BookDetail; chosen: Edition | undefined }) {
  if (book.editions.length < 2) return null;
  return (
    <nav aria-label="Formats" className="mt-5">
      <h2 className="text-sm font-semibold text-gray-700 dark:text-gray-300">Choose a format</h2>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="edition-picker">
        {book.editions.map((edition) => {
          const current = edition.id === chosen?.id;
          return (
            <li key={edition.id}>
              <Link
                to={editionPath(paths.book(book.title), edition.id)}
                replace
                preventScrollReset
                aria-current={current ? 'true' : undefined}
                className={`flex items-center justify-between gap-3 rounded-md border p-3 text-sm ${
                  current
                    ? 'border-indigo-600 bg-indigo-50 ring-1 ring-indigo-600 dark:border-indigo-400 dark:bg-indigo-950/50'
                    : 'border-gray-300 hover:border-indigo-400 dark:border-gray-700'
                }`}
              >
                <EditionOption edition={edition} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A used copy says so plainly: its condition, staff's note, and when it is the only one. */
function UsedCopyNote({ edition }: { edition: Edition | undefined }) {
  if (!edition || edition.condition === 'New') return null;
  return (
    <div
      className="mt-5 rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
      data-testid="edition-condition"
    >
      <p className="font-semibold text-amber-900 dark:text-amber-100">Condition: {edition.condition}</p>
      {edition.condition_note && (
        <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">{edition.condition_note}</p>
      )}
      {edition.stock_amount === 1 && (
        <p className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-100">
          One of a kind: this is the only copy we have.
        </p>
      )}
    </div>
  );
}

/**
 * Quantity, Add to Cart, the wishlist toggle and the protection plan; for a book that is out of stock
 * only the notice, the wishlist toggle and the place for a "notify me" control (no stepper, nothing
 * to add). An eBook is one copy without the plan, and "Coming soon" while its file is not there
 * (docs/decisions/0023-ebook-delivery.md).
 */
function PurchaseBox({ book }: { book: BookAsEdition }) {
  const [chosen, setQuantity] = useState(1);
  const [protection, setProtection] = useState(false);
  const addToCart = useCartStore((s) => s.addToCart);
  const { purchaseAction, outOfStockAction } = useCatalogueSlots();
  const ebook = isEbook({ format: book.book_type });
  const quantity = ebook ? 1 : chosen;
  if (book.coming_soon) {
    return (
      <div className="mt-6 space-y-4" data-testid="purchase-box">
        <div className="rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40">
          <p className="font-semibold text-amber-900 dark:text-amber-100">Coming soon</p>
          <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">
            This eBook cannot be downloaded yet, so it cannot be ordered. Choose another format, or save the book to
            your wishlist to find it again.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="xl" disabled className="h-12 whitespace-nowrap">
            Coming Soon
          </Button>
          {purchaseAction?.(book)}
        </div>
      </div>
    );
  }
  if (!isInStock(book)) {
    return (
      <div className="mt-6 space-y-4" data-testid="purchase-box">
        <div className="rounded-md border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/40">
          <p className="font-semibold text-red-800 dark:text-red-200">Out of stock</p>
          <p className="mt-1 text-sm text-red-800 dark:text-red-200">
            This book is sold out for now, so it cannot be ordered. Save it to your wishlist to find it again.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="xl" disabled className="h-12 whitespace-nowrap">
            Out of Stock
          </Button>
          {purchaseAction?.(book)}
        </div>
        {outOfStockAction?.(book)}
      </div>
    );
  }
  return (
    <div className="mt-6 space-y-4" data-testid="purchase-box">
      <p className="text-sm font-medium text-green-800 dark:text-green-300">
        {book.stock_amount === null ? 'Available now' : `In stock (${book.stock_amount} available)`}
      </p>
      {/* One row on wider screens; on a phone the button takes a row of its own, so its words never wrap. */}
      <div className="flex flex-wrap items-center gap-3">
        {ebook ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">One copy: a download for you to keep</p>
        ) : (
          <QuantityStepper value={quantity} onChange={setQuantity} max={book.stock_amount ?? undefined} />
        )}
        <Button
          size="xl"
          data-needs-app
          onClick={() => {
            if (addToCart(book, quantity, { protection })) toast.success(`Added ${quantity} book(s) to cart`);
            else toast(alreadyInCart(`${book.title} (${book.book_type})`));
          }}
          className="order-last h-12 w-full whitespace-nowrap sm:order-none sm:w-auto sm:flex-1"
        >
          Add to Cart ({quantity})
        </Button>
        {purchaseAction?.(book)}
      </div>
      <NeedsScriptNote />
      {!ebook && (
        <label className="flex items-center gap-3 rounded-md border border-gray-200 p-3 text-sm dark:border-gray-800">
          <input
            type="checkbox"
            checked={protection}
            onChange={(event) => setProtection(event.target.checked)}
            className="h-4 w-4 accent-indigo-600"
          />
          <ShieldIcon className="text-indigo-700 dark:text-indigo-300" />
          <span>
            <span className="font-semibold">{PROTECTION_PLAN.name}</span> +{formatMoney(PROTECTION_PLAN.priceCents)}
            <span className="block text-gray-600 dark:text-gray-400">Per copy, added to your cart with the book</span>
          </span>
        </label>
      )}
    </div>
  );
}

/**
 * The shop's delivery methods and their prices, and the free-Standard threshold when there is one:
 * the settings the checkout charges (GET /api/shipping-methods/, in the server's page too).
 */
function ShippingMethodList() {
  const methods = useShippingMethods();
  if (methods.isPending)
    return <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">Loading delivery options...</p>;
  if (methods.isError) {
    return <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">Delivery options are chosen at checkout.</p>;
  }
  return (
    <>
      <ul className="mt-3 space-y-2 text-sm">
        {methods.data.map((method) => (
          <li key={method.code} className="flex justify-between gap-2">
            <span>
              <span className="font-medium">{method.name}</span>
              <span className="block text-gray-600 dark:text-gray-400">{method.days}</span>
            </span>
            <span className="font-semibold">{formatMoney(moneyToCents(method.price) ?? 0)}</span>
          </li>
        ))}
      </ul>
      {methods.data.map((method) => {
        const from = freeFromCents(method);
        if (from === null || moneyToCents(method.price) === 0) return null;
        return (
          <p key={method.code} className="mt-2 text-sm font-medium text-green-800 dark:text-green-300">
            {method.name} is free {from === 0 ? 'on every order' : `on orders from ${formatMoney(from)}`}
          </p>
        );
      })}
    </>
  );
}

/**
 * Delivery beside the book: the shipping options for a book to post; for an eBook nothing is posted,
 * and the note says how the download works (docs/product.md, "eBook downloads").
 */
function ServiceInfo({ inStock, ebook }: { inStock: boolean; ebook: boolean }) {
  return (
    <div className="mt-8 grid gap-4 sm:grid-cols-2">
      {ebook ? null : (
        <section className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
          <h2 className="flex items-center gap-2 font-semibold">
            <TruckIcon className="text-indigo-700 dark:text-indigo-300" /> Shipping Options
          </h2>
          <ShippingMethodList />
          {inStock ? (
            <p className="mt-3 text-sm">
              {/* The day depends on the reader's clock and time zone: the browser's word wins. */}
              Estimated delivery: <strong suppressHydrationWarning>{estimatedDelivery()}</strong>
            </p>
          ) : (
            <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
              No delivery date while the book is out of stock.
            </p>
          )}
        </section>
      )}
      <section className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
        <h2 className="flex items-center gap-2 font-semibold">
          <ReturnIcon className="text-indigo-700 dark:text-indigo-300" /> Return Policy
        </h2>
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
          30-day return or exchange. Books must be returned in their original condition.{' '}
          <Link to={paths.returns} className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Read the Return Policy
          </Link>
        </p>
        <h2 className="mt-4 flex items-center gap-2 font-semibold">
          <DownloadIcon className="text-indigo-700 dark:text-indigo-300" /> Digital Delivery
        </h2>
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300" data-testid="digital-delivery">
          {ebook
            ? `Nothing to ship: your eBook is ready to download right after payment, from your order page and your confirmation e-mail. Each link gives ${DOWNLOADS_PER_LINK} downloads within ${DOWNLOAD_LINK_HOURS} hours, and you can get a new link from your order page.`
            : `eBooks are delivered digitally: an eBook edition downloads right after payment, ${DOWNLOADS_PER_LINK} downloads within ${DOWNLOAD_LINK_HOURS} hours, renewable from your order page.`}
        </p>
      </section>
      <section className="rounded-lg border border-gray-200 p-4 sm:col-span-2 dark:border-gray-800">
        <h2 className="font-semibold">We accept</h2>
        <ul className="mt-3 flex flex-wrap items-center gap-3">
          {CHECKOUT_PAYMENT_CHANNELS.map((channel) => (
            <li key={channel}>
              <img
                src={PAYMENT_BADGES[channel].src}
                alt={PAYMENT_BADGES[channel].alt}
                width={64}
                height={40}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function BookTabs({ book }: { book: BookDetail }) {
  const { reviews, firstReviews } = useCatalogueSlots();
  const hydrated = useHydrated();
  const details: [string, string][] = [
    ['Author', book.book_author],
    ['Publisher', book.publisher],
    ['Published', formatDate(book.published_date, 'long')],
    ['ISBN', book.isbn],
    ['Genre', book.genre],
    ['Category', book.category_name ?? 'Uncategorised'],
    ['Format', book.book_type],
    ['Condition', book.condition],
  ];
  const description = book.description || 'No description available.';
  // Label, the server page's section, and the key that ties the server's link to the app's tab.
  const tabs = [
    ['Description', 'book-description', 'book-tab-description'],
    ['Details', 'book-details', 'book-tab-details'],
    [`Reviews (${book.review_count})`, 'book-reviews', 'book-tab-reviews'],
  ] as const;
  const detailList = (
    <dl className="grid max-w-3xl gap-x-8 gap-y-3 sm:grid-cols-2">
      {details.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4 border-b border-gray-100 py-2 dark:border-gray-800">
          <dt className="font-medium text-gray-600 dark:text-gray-400">{term}</dt>
          <dd className="text-right">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
  // As the server sends it (and as a reader without JavaScript sees it): the three parts one after
  // another, the first reviews as text, and links to each in the place of the tabs. Tabs, and the
  // reviews with their form, come with the script; a tap on a link before then is held by
  // public/boot.js and replayed on the tab with the same data-replay.
  if (!hydrated) {
    return (
      <div className="mt-12 space-y-10">
        <nav
          aria-label="Book information"
          className="flex gap-2 overflow-x-auto border-b border-gray-200 dark:border-gray-800"
        >
          {tabs.map(([label, anchor, key]) => (
            <a key={key} href={`#${anchor}`} data-replay={key} className={tabClass}>
              {label}
            </a>
          ))}
        </nav>
        <section aria-labelledby="book-description">
          <h2 id="book-description" className="mb-4 text-xl font-semibold">
            Description
          </h2>
          <p className="max-w-3xl leading-relaxed whitespace-pre-line text-gray-800 dark:text-gray-200">
            {description}
          </p>
        </section>
        <section aria-labelledby="book-details">
          <h2 id="book-details" className="mb-4 text-xl font-semibold">
            Details
          </h2>
          {detailList}
        </section>
        <section aria-labelledby="book-reviews">
          <h2 id="book-reviews" className="mb-4 text-xl font-semibold">
            Reviews ({book.review_count})
          </h2>
          {firstReviews?.(book)}
        </section>
      </div>
    );
  }
  return (
    <Tabs
      className="mt-12"
      label="Book information"
      listClassName="relative flex gap-2 overflow-x-auto border-b border-gray-200 dark:border-gray-800"
      tabClassName={tabClass}
      panelsClassName="py-6"
      items={[
        {
          label: tabs[0][0],
          key: tabs[0][2],
          panel: description,
          panelClassName: 'max-w-3xl leading-relaxed whitespace-pre-line text-gray-800 dark:text-gray-200',
        },
        { label: tabs[1][0], key: tabs[1][2], panel: detailList },
        {
          label: tabs[2][0],
          key: tabs[2][2],
          panel: reviews ? reviews(book) : <p className="text-gray-700 dark:text-gray-300">No reviews yet.</p>,
        },
      ]}
    />
  );
}

function RelatedBooks({ bookId }: { bookId: number }) {
  const related = useRelatedBooks(bookId);
  const books = (related.data ?? []).filter((b) => b.id !== bookId).slice(0, 4);
  if (books.length === 0) return null;
  return (
    <section aria-labelledby="related-books" className="mt-12">
      <h2 id="related-books" className="mb-6 text-2xl font-bold tracking-tight">
        Related Books
      </h2>
      <BookGrid>
        {books.map((book) => (
          <BookCard key={book.id} book={book} />
        ))}
      </BookGrid>
    </section>
  );
}

/** The badge of each way to pay checkout offers ("We accept" shows those and nothing else). */
const PAYMENT_BADGES: Record<CheckoutPaymentChannel, { src: string; alt: string }> = {
  card: { src: '/payments/card.svg', alt: 'Card payments' },
};

export default function BookDetailPage() {
  const { title = '' } = useParams();
  const [search] = useSearchParams();
  const query = useBook(title);
  usePageTitle(query.data?.title ?? (query.isError ? 'Book not found' : undefined));

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6">
        {notFound ? (
          <>
            <h1 className="text-3xl font-bold">Book not found</h1>
            <p className="mt-3 text-gray-700 dark:text-gray-300">We could not find a book called “{title}”.</p>
          </>
        ) : (
          <ErrorState message={query.error.message} />
        )}
        <Link
          to={paths.books}
          className="mt-6 inline-block font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Browse Books
        </Link>
      </div>
    );
  }
  // The page shows the chosen edition (`?edition=`); the title's fields stay the title's.
  const edition = chosenEdition(query.data, search.get('edition'));
  const book_ = asEdition(query.data, edition);
  // The badge counts against the lowest price of the 30 days before the sale (docs/decisions/0019-sales-and-price-history.md).
  const off =
    book_.lowest_price_30d && percentOff(book_.price, book_.original_price) > 0
      ? percentOff(book_.price, book_.lowest_price_30d)
      : 0;
  const tags = splitTags(book_.tags);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-gray-600 dark:text-gray-400">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to={paths.home} className="hover:underline">
              Home
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={paths.books} className="hover:underline">
              Books
            </Link>{' '}
            /
          </li>
          <li aria-current="page" className="text-gray-900 dark:text-gray-100">
            {book_.title}
          </li>
        </ol>
      </nav>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="relative self-start rounded-2xl bg-gray-100 p-6 dark:bg-gray-900">
          {off > 0 && (
            <Badge size="lg" tone="red" className="absolute top-4 left-4">
              {off}% OFF
            </Badge>
          )}
          <BookImage
            {...coverOf(book_)}
            sizes="20rem"
            alt={`Cover of ${book_.title}`}
            width={400}
            height={600}
            priority
            className="mx-auto aspect-[2/3] h-auto w-full max-w-xs object-contain"
          />
        </div>
        <div>
          {tags.length > 0 && (
            <ul aria-label="Tags" className="mb-3 flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
                >
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{book_.title}</h1>
          <p className="mt-2 text-lg text-gray-700 dark:text-gray-300">
            by{' '}
            {book_.author_slug ? (
              <Link
                to={paths.author(book_.author_slug)}
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {book_.book_author}
              </Link>
            ) : (
              book_.book_author
            )}
          </p>
          <div className="mt-3 flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
            {isUnrated(book_) ? (
              <span>No ratings yet</span>
            ) : (
              <>
                <Stars rating={book_.rating} size={18} />
                <span className="font-semibold">{roundRating(book_.rating).toFixed(1)}</span>
                <span>({plural(book_.rating_count, 'rating')})</span>
              </>
            )}
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <Price
              price={book_.price}
              originalPrice={book_.original_price}
              lowestPrice30d={book_.lowest_price_30d}
              badge={false}
              large
            />
            {off > 0 && (
              <span className="rounded-md bg-red-100 px-2 py-1 text-sm font-bold text-red-800 dark:bg-red-950 dark:text-red-200">
                Save {off}%
              </span>
            )}
          </div>
          <EditionPicker book={query.data} chosen={edition} />
          <UsedCopyNote edition={edition} />
          <PurchaseBox key={`${book_.id}-${edition?.id ?? 0}`} book={book_} />
          <ServiceInfo inStock={isInStock(book_)} ebook={book_.book_type === 'eBook'} />
        </div>
      </div>
      <BookTabs book={book_} />
      <RelatedBooks bookId={book_.id} />
    </div>
  );
}
