import { centsToMoney, REVIEWS_PAGE_SIZE } from '@bookstore/contract';
import type { Database } from '../../db/client.js';
import { escapeHtml } from '../../lib/html.js';
import { catalogue, findAuthor, findCategory, type PageReads, reviewToJson } from '../catalogue/index.js';
import { mediaUrl } from '../../lib/media.js';

export interface PageHead {
  title: string;
  description: string;
  /** Extra tags placed in <head> as they are (Open Graph, JSON-LD). Must be escaped by the builder. */
  extra?: string;
}

export const SITE_NAME = 'Bookstore';
/** The newest reviews a book page's JSON-LD carries: of the first page of them, which its body shows. */
const JSON_LD_REVIEWS = Math.min(5, REVIEWS_PAGE_SIZE);

/** Search engines show about 155 characters; cut at a word and say so. */
export function summary(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '')}…`;
}

/** JSON for a <script> block: `<`, `>` and `&` escaped so no text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const absolute = (origin: string, url: string | null) => (url && url.startsWith('/') ? `${origin}${url}` : url);

function metaTags(tags: Record<string, string | null | undefined>): string {
  return Object.entries(tags)
    .filter(([, content]) => content)
    .map(([key, content]) => {
      const attr = key.startsWith('og:') || key.startsWith('book:') ? 'property' : 'name';
      return `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content!)}" />`;
    })
    .join('');
}

interface SocialCard {
  type: string;
  title: string;
  description: string;
  url: string;
  image: string | null;
  more?: Record<string, string | null | undefined>;
}

function socialTags(card: SocialCard): string {
  return (
    `<link rel="canonical" href="${escapeHtml(card.url)}" />` +
    metaTags({
      'og:site_name': SITE_NAME,
      'og:type': card.type,
      'og:title': card.title,
      'og:description': card.description,
      'og:url': card.url,
      'og:image': card.image,
      ...card.more,
      'twitter:card': card.image ? 'summary_large_image' : 'summary',
      'twitter:title': card.title,
      'twitter:description': card.description,
      'twitter:image': card.image,
    })
  );
}

/** `/book/x` -> ['book', 'x']; the rest of the path (titles may hold a slash), already decoded. */
function routeOf(pathname: string): [string, string] | null {
  const match = /^\/(book|author|category)\/(.+?)\/?$/.exec(pathname);
  return match ? [match[1]!, match[2]!] : null;
}

const STATIC_PAGES: Record<string, PageHead> = {
  '/books': {
    title: `All books | ${SITE_NAME}`,
    description: 'Browse every book in the shop, newest first: classics, new arrivals and bestsellers.',
  },
  '/about': {
    title: `About us | ${SITE_NAME}`,
    description: 'Our story: an independent bookstore since 2010, our mission, our values and our team.',
  },
  '/contact': {
    title: `Contact | ${SITE_NAME}`,
    description: 'Get in touch with the bookstore: phone, email, our New York address and opening hours.',
  },
};

/**
 * The title, description and tags for a client route, or null to keep the app's defaults. A book is
 * read through `reads`: the page's body, given the same, does not read it again (catalogue.pageReads).
 */
export async function headForPath(
  db: Database,
  pathname: string,
  origin: string,
  reads: Pick<PageReads, 'find'> = catalogue.pageReads(db),
): Promise<PageHead | null> {
  const fixed = STATIC_PAGES[pathname.replace(/\/$/, '')];
  if (fixed) return fixed;
  const route = routeOf(pathname);
  if (!route) return null;
  const [kind, key] = route;

  if (kind === 'book') {
    const found = await reads.find(key);
    if (!found) return null;
    const book = found.row;
    const url = `${origin}/book/${encodeURIComponent(book.title)}`;
    const image = absolute(origin, mediaUrl(book.image));
    const description = summary(book.description || `${book.title} by ${book.book_author}.`);
    const reviews = found.reviews.slice(0, JSON_LD_REVIEWS).map(reviewToJson);
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: book.title,
      url,
      ...(book.book_author ? { author: { '@type': 'Person', name: book.book_author } } : {}),
      ...(book.isbn ? { isbn: book.isbn } : {}),
      ...(image ? { image } : {}),
      description: book.description,
      ...(book.publisher ? { publisher: { '@type': 'Organization', name: book.publisher } } : {}),
      ...(book.published_date ? { datePublished: book.published_date } : {}),
      ...(book.genre ? { genre: book.genre } : {}),
      ...(book.review_count > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: book.rating_tenths / 10,
              reviewCount: book.review_count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      ...(reviews.length > 0
        ? {
            review: reviews.map((review) => ({
              '@type': 'Review',
              author: { '@type': 'Person', name: review.user },
              datePublished: review.created_at.slice(0, 10),
              reviewBody: review.comment,
              reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            })),
          }
        : {}),
      offers: {
        '@type': 'Offer',
        price: centsToMoney(book.price_cents),
        url,
        // The default edition (the first): an eBook whose file is not there yet is announced, not sold.
        availability: book.editions[0]?.coming_soon
          ? 'https://schema.org/PreOrder'
          : book.available && (book.stock_amount === null || book.stock_amount > 0)
            ? 'https://schema.org/InStock'
            : 'https://schema.org/OutOfStock',
        itemCondition:
          book.condition === 'New' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
      },
    };
    return {
      title: `${book.title}${book.book_author ? ` by ${book.book_author}` : ''} | ${SITE_NAME}`,
      description,
      extra:
        socialTags({
          type: 'book',
          title: book.title,
          description,
          url,
          image,
          more: { 'book:isbn': book.isbn || null, 'book:release_date': book.published_date },
        }) + `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
    };
  }

  if (kind === 'author') {
    const author = await findAuthor(db, key);
    if (!author) return null;
    const description = summary(author.brief || `Books by ${author.name}.`);
    return {
      title: `${author.name}: books and biography | ${SITE_NAME}`,
      description,
      extra: socialTags({
        type: 'profile',
        title: author.name,
        description,
        url: `${origin}/author/${encodeURIComponent(author.slug)}`,
        image: absolute(origin, mediaUrl(author.image)),
      }),
    };
  }

  const category = await findCategory(db, key);
  if (!category) return null;
  const description = summary(category.description || `${category.name} books.`);
  return {
    title: `${category.name} books | ${SITE_NAME}`,
    description,
    extra: socialTags({
      type: 'website',
      title: `${category.name} books`,
      description,
      url: `${origin}/category/${encodeURIComponent(category.slug)}`,
      image: absolute(origin, mediaUrl(category.image)),
    }),
  };
}
