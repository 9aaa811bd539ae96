import { lineCents, PROTECTION_PLAN } from '@bookstore/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import {
  contactMessages,
  newsletterSubscribers,
  orderEvents,
  orderItems,
  orders,
  payments,
  reviews,
  users,
} from '../db/schema.js';
import { refreshRating } from '../modules/books/index.js';
import { hash } from './art.js';
import {
  BOOK_REMARKS,
  type BookRemarks,
  CLOSERS,
  CONCESSION,
  COPY_REMARKS,
  DEMO_READERS,
  type DemoReader,
  GRIPE,
  OPENERS,
} from './demo-reviews.js';

/**
 * The demo shop's life so far: readers who bought books in paid orders over the last four weeks and
 * reviewed some of them (so every review is a verified purchase), a few contact messages and newsletter
 * subscribers. Invented, and the same on every run apart from the dates, which are counted back from
 * the moment of seeding. Everything goes in as a few multi-row inserts: it runs on every first start.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Orders go back this many days, within the dashboard's 30-day chart. */
const SPAN_DAYS = 27;

/** Demo readers cannot sign in: no password hashes to this. */
const NO_SIGN_IN = '!demo-reader';

/** Ratings drawn for a book's reviews, by how the book was received: loved, liked, or divisive. */
const RECEPTION = [
  [5, 5, 5, 4, 4, 4, 3, 5, 2, 4],
  [4, 4, 5, 3, 4, 3, 5, 2, 4, 1],
  [5, 2, 3, 4, 1, 3, 5, 2, 4, 3],
];
/** Steps through the readers that share no factor with their number (42), so picks never repeat. */
const STEPS = [5, 11, 13, 17, 19, 23];

const COMMON_START =
  /^(The|It|Its|Some|A|An|At|Almost|Everyone|Knowing|Reading|Over|Keeping|Every|Much|Short|There|This|That)\b/;
/** A finished sentence put after a bridging phrase: its first word lower-cased unless it is a name. */
const continued = (sentence: string) =>
  COMMON_START.test(sentence) ? sentence[0]!.toLowerCase() + sentence.slice(1) : sentence;
const pick = <T>(list: T[], n: number) => list[n % list.length]!;

/** The words of the i-th review of a book with this rating; `variant` moves to another opener. */
export function reviewText(remarks: BookRemarks, rating: number, i: number, seed: number, variant = 0): string {
  const { liked, doubts } = remarks;
  const parts: string[] = [];
  if (seed % 4 !== 0 || variant > 0) parts.push(pick(OPENERS[rating - 1]!, (seed >>> 3) + variant));
  const like = pick(liked, i);
  const doubt = pick(doubts, i);
  if (rating === 5) parts.push(like, ...((seed >>> 5) % 2 ? [pick(liked, i + 1)] : []));
  else if (rating === 4)
    parts.push(like, ...((seed >>> 5) % 3 === 0 ? [`${pick(GRIPE, seed >>> 6)} ${continued(doubt)}`] : []));
  else if (rating === 3) parts.push(like, `${pick(GRIPE, seed >>> 6)} ${continued(doubt)}`);
  else if (rating === 2)
    parts.push(doubt, ...((seed >>> 5) % 2 ? [`${pick(CONCESSION, seed >>> 6)} ${continued(like)}`] : []));
  else parts.push(doubt, pick(doubts, i + 1));
  if (rating >= 3 && (seed >>> 7) % 6 === 0) parts.push(pick(COPY_REMARKS, seed >>> 9));
  if ((seed >>> 11) % 2) parts.push(pick(CLOSERS[rating - 1]!, seed >>> 12));
  return parts.join(' ');
}

interface SeededBook {
  id: number;
  title: string;
  image: string | null;
  priceCents: number;
}

interface PlannedReview {
  book: SeededBook;
  rating: number;
  comment: string;
}

/** Who reviews what: 3-8 readers a book (two more for featured ones), ratings by the book's reception. */
export function planReviews(books: SeededBook[], featured: Set<string>): Map<DemoReader, PlannedReview[]> {
  const byReader = new Map<DemoReader, PlannedReview[]>(DEMO_READERS.map((r) => [r, []]));
  for (const book of books) {
    const remarks = BOOK_REMARKS[book.title];
    if (!remarks) continue;
    const h = hash(book.title);
    const count = 3 + (h % 6) + (featured.has(book.title) ? 2 : 0);
    const reception = RECEPTION[h % 5 === 0 ? 2 : h % 5 < 3 ? 0 : 1]!;
    const step = pick(STEPS, h >>> 4);
    const written = new Set<string>();
    for (let i = 0; i < count; i++) {
      const reader = DEMO_READERS[((h >>> 8) + i * step) % DEMO_READERS.length]!;
      const seed = hash(`${book.title}:${i}`);
      const rating = pick(reception, seed >>> 2);
      let comment = reviewText(remarks, rating, i, seed);
      for (let variant = 1; written.has(comment); variant++) comment = reviewText(remarks, rating, i, seed, variant);
      written.add(comment);
      byReader.get(reader)!.push({ book, rating, comment });
    }
  }
  return byReader;
}

const CONTACT_MESSAGES = [
  {
    name: 'Harriet Lowe',
    email: 'harriet.lowe@example.com',
    subject: 'Gift wrapping?',
    message:
      'Hello! I would like to send Little Women to my niece for her birthday. Could you wrap it and add a short card? Happy to pay extra.',
    daysAgo: 1,
  },
  {
    name: 'Samuel Adeyemi',
    email: 'sam.adeyemi@example.com',
    subject: 'Book club discount',
    message:
      'Our book club of twelve reads one classic a month. Do you offer a discount if we each order the same title? Next up is Middlemarch, if you ever stock it.',
    daysAgo: 4,
  },
  {
    name: 'Claire Dupont',
    email: 'claire.dupont@example.com',
    subject: 'Damaged cover',
    message:
      'My copy of The Count of Monte Cristo arrived with a bent corner. It reads fine, but it was a present. Could I exchange it?',
    daysAgo: 9,
    handled: true,
  },
];

const SUBSCRIBERS = ['ana.k', 'bookworm.bill', 'cora.reads', 'd.fitzgerald', 'eli.stone', 'farah.h', 'gus.m'];

/** Readers, their paid orders and reviews, messages and subscribers, into a store that has just got its books. */
export async function seedDemoActivity(
  tx: Transaction,
  books: SeededBook[],
  options: { featured: Set<string>; currency: string; now: number },
): Promise<{ readers: number; orders: number; reviews: number }> {
  const { now, currency } = options;
  const plan = planReviews(books, options.featured);

  const readerRows = await tx
    .insert(users)
    .values(
      DEMO_READERS.map((reader) => ({
        username: reader.username,
        email: `${reader.username.replace(/_/g, '.')}@example.com`,
        firstName: reader.firstName,
        lastName: reader.lastName,
        passwordHash: NO_SIGN_IN,
        dateJoined: new Date(now - (40 + (hash(reader.username) % 60)) * DAY),
      })),
    )
    .returning({ id: users.id, username: users.username, email: users.email });
  const readerByName = new Map(readerRows.map((r) => [r.username, r]));

  // Each reader's books (those they review, and now and then one they did not) in one to three orders.
  interface PlannedOrder {
    userId: number;
    email: string;
    createdAt: Date;
    lines: { book: SeededBook; quantity: number; protection: boolean; review?: PlannedReview }[];
  }
  const planned: PlannedOrder[] = [];
  for (const [reader, reviewed] of plan) {
    const h = hash(reader.username);
    const extra = books[(h >>> 3) % books.length]!;
    const bought: { book: SeededBook; review?: PlannedReview }[] = [
      ...reviewed.map((review) => ({ book: review.book, review })),
      ...(h % 3 === 0 && !reviewed.some((r) => r.book.id === extra.id) ? [{ book: extra }] : []),
    ];
    if (bought.length === 0) continue;
    const orderCount = Math.min(bought.length, 1 + (h % 3));
    const row = readerByName.get(reader.username)!;
    for (let j = 0; j < orderCount; j++) {
      const daysAgo = (hash(`${reader.username}#${j}`) % SPAN_DAYS) + 0.3;
      planned.push({
        userId: row.id,
        email: row.email,
        createdAt: new Date(now - daysAgo * DAY - j * 7 * MINUTE),
        lines: bought
          .filter((_, index) => index % orderCount === j)
          .map(({ book, review }) => {
            const k = hash(`${reader.username}/${book.title}`);
            return { book, review, quantity: k % 7 === 0 ? 2 : 1, protection: k % 6 === 0 };
          }),
      });
    }
  }

  const paidAt = (order: PlannedOrder) => new Date(order.createdAt.getTime() + 3 * MINUTE);
  const totalOf = (order: PlannedOrder) =>
    order.lines.reduce(
      (sum, l) => sum + lineCents({ priceCents: l.book.priceCents, quantity: l.quantity, protection: l.protection }),
      0,
    );
  const orderRows = await tx
    .insert(orders)
    .values(
      planned.map((order) => ({
        userId: order.userId,
        status: 'completed',
        paymentStatus: 'success',
        totalCents: totalOf(order),
        currency,
        reservedUntil: new Date(order.createdAt.getTime() + 15 * MINUTE),
        paidAt: paidAt(order),
        createdAt: order.createdAt,
      })),
    )
    .returning({ id: orders.id, userId: orders.userId, createdAt: orders.createdAt });
  const orderId = new Map(orderRows.map((r) => [`${r.userId}@${r.createdAt.getTime()}`, r.id]));
  const idOf = (order: PlannedOrder) => orderId.get(`${order.userId}@${order.createdAt.getTime()}`)!;

  await tx.insert(orderItems).values(
    planned.flatMap((order) =>
      order.lines.map((line) => ({
        orderId: idOf(order),
        bookId: line.book.id,
        title: line.book.title,
        image: line.book.image,
        quantity: line.quantity,
        priceCents: line.book.priceCents,
        protection: line.protection,
        protectionPriceCents: line.protection ? PROTECTION_PLAN.priceCents : 0,
      })),
    ),
  );
  await tx.insert(payments).values(
    planned.map((order) => ({
      reference: `ORD-${idOf(order)}-${paidAt(order).getTime()}`,
      orderId: idOf(order),
      provider: 'sandbox',
      amountCents: totalOf(order),
      currency,
      email: order.email,
      status: 'success',
      createdAt: new Date(order.createdAt.getTime() + MINUTE),
      updatedAt: paidAt(order),
    })),
  );
  await tx.execute(
    sql`UPDATE orders o SET transaction_ref = p.reference FROM payments p
        WHERE p.order_id = o.id AND ${inArray(
          sql`o.id`,
          orderRows.map((r) => r.id),
        )}`,
  );

  // Their history, as the orders module would have written it: placed by the reader, paid through the provider.
  await tx.insert(orderEvents).values(
    planned.flatMap((order) => [
      {
        orderId: idOf(order),
        type: 'placed',
        actor: 'customer',
        actorUserId: order.userId,
        createdAt: order.createdAt,
      },
      {
        orderId: idOf(order),
        type: 'paid',
        actor: 'provider',
        detail: { reference: `ORD-${idOf(order)}-${paidAt(order).getTime()}`, status: 'completed' },
        createdAt: paidAt(order),
      },
    ]),
  );

  // A review comes one to five days after its order was paid, and never in the future.
  const reviewRows = planned.flatMap((order) =>
    order.lines
      .filter((line) => line.review)
      .map((line) => {
        const k = hash(`${order.userId}:${line.book.title}`);
        const after = paidAt(order).getTime() + (1 + (k % 5)) * DAY + (k % 600) * MINUTE;
        const at = new Date(Math.max(paidAt(order).getTime() + HOUR, Math.min(after, now - (1 + (k % 5)) * HOUR)));
        return {
          bookId: line.book.id,
          userId: order.userId,
          rating: line.review!.rating,
          comment: line.review!.comment,
          createdAt: at,
          updatedAt: at,
        };
      }),
  );
  await tx.insert(reviews).values(reviewRows);
  for (const bookId of new Set(reviewRows.map((r) => r.bookId))) await refreshRating(tx, bookId);

  await tx.insert(contactMessages).values(
    CONTACT_MESSAGES.map(({ daysAgo, handled, ...message }) => ({
      ...message,
      createdAt: new Date(now - daysAgo * DAY),
      handledAt: handled ? new Date(now - (daysAgo - 1) * DAY) : null,
    })),
  );
  await tx.insert(newsletterSubscribers).values(
    SUBSCRIBERS.map((name, i) => {
      // The demo's readers confirmed their subscriptions (double opt-in) a little after asking.
      const createdAt = new Date(now - (2 + i * 3) * DAY);
      return { email: `${name}@example.com`, createdAt, confirmedAt: new Date(createdAt.getTime() + 60 * 60_000) };
    }),
  );
  return { readers: readerRows.length, orders: planned.length, reviews: reviewRows.length };
}
