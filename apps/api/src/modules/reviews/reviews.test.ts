import { bookDetailSchema, reviewSchema, reviewsPageSchema } from '@bookstore/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { books, orderItems, orders, payments, reviews } from '../../db/schema.js';
import { type App, createSecondServer, onPostgres, useTestApp } from '../../test/app.js';
import { createBook, createBuyer, createUser, placeOrder, type TestUser } from '../../test/factories.js';
import { charge, initialize, verify } from '../../test/payments.js';

const ctx = useTestApp();

const reviewsUrl = (title: string) => `/api/books/${encodeURIComponent(title)}/reviews/`;
const postReview = (app: App, user: TestUser | null, title: string, payload: unknown) =>
  app.inject({ method: 'POST', url: reviewsUrl(title), headers: user?.headers ?? {}, payload: payload as object });
const deleteReview = (app: App, user: TestUser | null, title: string, id: number | string) =>
  app.inject({ method: 'DELETE', url: `${reviewsUrl(title)}${id}/`, headers: user?.headers ?? {} });
const listReviews = async (app: App, title: string, query = '', user?: TestUser) => {
  const reply = await app.inject({ method: 'GET', url: `${reviewsUrl(title)}${query}`, headers: user?.headers ?? {} });
  expect(reply.statusCode).toBe(200);
  return reviewsPageSchema.parse(reply.json());
};
const bookDetail = async (app: App, id: number) =>
  bookDetailSchema.parse((await app.inject({ method: 'GET', url: `/api/books/book/${id}/` })).json());

/**
 * What the rating must be, from the tables themselves: the average of the verified buyers' reviews
 * rounded to one decimal, how many they are, and how many reviews there are in all. A buyer is someone
 * with a paid order of the book that was neither cancelled, returned nor refunded in full, and whose
 * copies of the book were not all refunded.
 */
async function expectedRating(app: App, bookId: number) {
  const all = await app.db
    .select({ rating: reviews.rating, userId: reviews.userId })
    .from(reviews)
    .where(eq(reviews.bookId, bookId));
  const paid = await app.db
    .select({ userId: orders.userId, order: orders, line: orderItems })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orderItems.bookId, bookId), eq(orders.paymentStatus, 'success')));
  const standing = paid.filter(
    ({ order, line }) =>
      line.refundedQuantity < line.quantity &&
      order.status !== 'cancelled' &&
      !['cancelled', 'returned'].includes(order.fulfilmentStatus) &&
      (order.refundedCents === 0 || order.refundedCents < order.totalCents),
  );
  const buyers = new Set(standing.map((p) => p.userId));
  const counted = all.filter((r) => buyers.has(r.userId));
  const sum = counted.reduce((s, r) => s + r.rating, 0);
  return {
    rating: counted.length ? Math.round((sum * 10) / counted.length) / 10 : 0,
    rating_count: counted.length,
    review_count: all.length,
  };
}

type Book = Awaited<ReturnType<typeof createBook>>;

/** Orders one copy, pays for it by card, and answers the order's id. */
async function buy(app: App, user: TestUser, book: Book): Promise<number> {
  const placed = await placeOrder(app, user, [{ book, quantity: 1 }]);
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().id as number;
  const { reference } = (await initialize(app, user, id)).json();
  expect((await charge(app, user, reference)).statusCode).toBe(200);
  expect((await verify(app, user, id, reference)).json().status).toBe('success');
  return id;
}

/** Whether the reader's own review of the book shows as a verified purchase. */
async function verifiedOfReader(app: App, book: Book, reader: TestUser) {
  const reply = await app.inject({ method: 'GET', url: reviewsUrl(book.title), headers: reader.headers });
  return reviewsPageSchema.parse(reply.json()).mine?.verified_purchase;
}

/**
 * Resolves once `request` is answered or some transaction of the test's database waits for a lock
 * another one holds, whichever comes first.
 */
async function answeredOrWaiting(app: App, request: Promise<unknown>) {
  let answered = false;
  void request.finally(() => (answered = true));
  while (!answered) {
    const [row] = await rows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (row!.n > 0) return;
  }
}

describe('writing a review', () => {
  it('creates the review (201), then the same user posting again updates it (200)', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    const user = await createBuyer(app, [book.id]);

    const created = await postReview(app, user, book.title, { rating: 4, comment: '  A fine read.  ' });
    expect(created.statusCode).toBe(201);
    const review = reviewSchema.parse(created.json());
    expect(review).toMatchObject({
      user: user.username,
      user_avatar: null,
      rating: 4,
      comment: 'A fine read.',
      verified_purchase: true,
    });
    expect(new Date(review.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await bookDetail(app, book.id)).toMatchObject({ rating: 4, review_count: 1 });

    const updated = await postReview(app, user, book.title, { rating: 2, comment: 'Second thoughts.' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: review.id, rating: 2, comment: 'Second thoughts.' });
    const detail = await bookDetail(app, book.id);
    expect(detail).toMatchObject({ rating: 2, review_count: 1 });
    expect(detail.reviews.map((r) => r.comment)).toEqual(['Second thoughts.']);
  });

  it('finds the book by its title in any case, or by its slug', async () => {
    const { app } = ctx();
    const book = await createBook(app, { title: 'The Moonstone Review Test' });
    const user = await createBuyer(app, [book.id]);
    expect((await postReview(app, user, 'the moonstone review test', { rating: 5, comment: 'Yes' })).statusCode).toBe(
      201,
    );
    expect((await postReview(app, user, 'the-moonstone-review-test', { rating: 3, comment: 'Hm' })).statusCode).toBe(
      200,
    );
    expect(await bookDetail(app, book.id)).toMatchObject({ rating: 3, review_count: 1 });
  });

  it("keeps the rating the average of the verified buyers' reviews, to one decimal", async () => {
    const { app } = ctx();
    const book = await createBook(app);
    for (const rating of [5, 4, 4])
      await postReview(app, await createBuyer(app, [book.id]), book.title, { rating, comment: 'ok' });
    expect(await bookDetail(app, book.id)).toMatchObject({ rating: 4.3, rating_count: 3, review_count: 3 });
  });

  it('refuses signed-out visitors with the spec sentence', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    const reply = await postReview(app, null, book.title, { rating: 5, comment: 'Hi' });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ error: 'Please login to submit a review' });
  });

  it('answers 404 Book not found for an unknown book', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const reply = await postReview(app, user, 'No Such Book Anywhere', { rating: 5, comment: 'Hi' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: 'Book not found' });
    const list = await app.inject({ method: 'GET', url: reviewsUrl('No Such Book Anywhere') });
    expect(list.statusCode).toBe(404);
  });

  it.each([
    ['a rating of 0', { rating: 0, comment: 'x' }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['a rating of 6', { rating: 6, comment: 'x' }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['a rating of 3.5', { rating: 3.5, comment: 'x' }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['a rating as text', { rating: '5', comment: 'x' }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['no rating', { comment: 'x' }, 'rating', 'Choose a rating from 1 to 5 stars'],
    ['no comment', { rating: 5 }, 'comment', 'Please write a comment'],
    ['a blank comment', { rating: 5, comment: '   ' }, 'comment', 'Please write a comment'],
    [
      'a comment of 2,001 characters',
      { rating: 5, comment: 'x'.repeat(2001) },
      'comment',
      'Comments can be at most 2,000 characters',
    ],
  ])('refuses %s with 400 naming the field', async (_name, payload, field, message) => {
    const { app } = ctx();
    const book = await createBook(app);
    const reply = await postReview(app, await createUser(app), book.title, payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields[field]).toEqual([message]);
    expect(reply.json().error).toBe(`${field}: ${message}`);
    expect(await bookDetail(app, book.id)).toMatchObject({ review_count: 0 });
  });

  it('accepts a comment of exactly 2,000 characters', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    const reply = await postReview(app, await createUser(app), book.title, { rating: 1, comment: 'y'.repeat(2000) });
    expect(reply.statusCode).toBe(201);
  });

  it('keeps a comment as the text it is, markup included', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    const comment = '<img src=x onerror=alert(1)>';
    const reply = await postReview(app, await createUser(app), book.title, { rating: 3, comment });
    expect(reply.json().comment).toBe(comment);
    expect((await listReviews(app, book.title)).data[0]!.comment).toBe(comment);
  });
});

describe('verified purchase', () => {
  async function buyAndPay(app: App, user: TestUser, book: Awaited<ReturnType<typeof createBook>>) {
    const order = (await placeOrder(app, user, [{ book, quantity: 1 }])).json();
    const { reference } = (await initialize(app, user, order.id)).json();
    expect((await charge(app, user, reference)).statusCode).toBe(200);
    expect((await verify(app, user, order.id, reference)).json().status).toBe('success');
  }

  it('marks the review of someone with a paid order for the book, and nobody else', async () => {
    const { app } = ctx();
    const book = await createBook(app, { stock: 10 });
    const other = await createBook(app, { stock: 10 });
    const buyer = await createUser(app);
    const unpaid = await createUser(app);
    const elsewhere = await createUser(app);
    await buyAndPay(app, buyer, book);
    await placeOrder(app, unpaid, [{ book, quantity: 1 }]);
    await buyAndPay(app, elsewhere, other);

    const mine = await postReview(app, buyer, book.title, {
      rating: 5,
      comment: 'Bought it',
      verified_purchase: false,
    });
    expect(mine.json().verified_purchase).toBe(true);
    const pending = await postReview(app, unpaid, book.title, { rating: 4, comment: 'Not paid yet' });
    expect(pending.json().verified_purchase).toBe(false);
    const claimed = await postReview(app, elsewhere, book.title, {
      rating: 1,
      comment: 'Trust me',
      verified_purchase: true,
    });
    expect(claimed.json().verified_purchase).toBe(false);

    const page = await listReviews(app, book.title);
    expect(page.data.map((r) => [r.comment, r.verified_purchase])).toEqual([
      ['Trust me', false],
      ['Not paid yet', false],
      ['Bought it', true],
    ]);
    const detail = await bookDetail(app, book.id);
    expect(detail.reviews.map((r) => r.verified_purchase)).toEqual([false, false, true]);
    // Every review shows; only the buyer's counts in the rating.
    expect(detail).toMatchObject({ rating: 5, rating_count: 1, review_count: 3 });
    expect(page.summary).toMatchObject({ average: 5, count: 1, reviews: 3 });
    expect(page.meta.count).toBe(3);
  });
});

describe('a purchase counts only while it stands', () => {
  const staffOf = new Map<App, TestUser>();
  const staffFor = async (app: App) => {
    if (!staffOf.has(app)) staffOf.set(app, await createUser(app, { staff: true }));
    return staffOf.get(app)!;
  };
  const post = (app: App, user: TestUser, url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers: user.headers, payload });

  /** The stored figures, the book's answer and the reviews' summary all say the same. */
  async function expectRating(app: App, book: Book, rating: number, count: number, reviewsInAll: number) {
    const figures = { rating, rating_count: count, review_count: reviewsInAll };
    expect(await expectedRating(app, book.id)).toEqual(figures);
    expect(await bookDetail(app, book.id)).toMatchObject(figures);
    expect((await listReviews(app, book.title)).summary).toMatchObject({
      average: rating,
      count,
      reviews: reviewsInAll,
    });
  }

  it('three buyers who review with 1 star and cancel for their money back leave the rating as it was', async () => {
    const { app } = ctx();
    const book = await createBook(app, { price: '10.00', stock: 20 });
    for (const rating of [5, 5, 5, 5, 4, 4, 4, 3, 3, 3]) {
      await postReview(app, await createBuyer(app, [book.id]), book.title, { rating, comment: 'Read it' });
    }
    await expectRating(app, book, 4.1, 10, 10);

    const raiders = await Promise.all([1, 2, 3].map(() => createUser(app)));
    const bought: number[] = [];
    for (const raider of raiders) {
      bought.push(await buy(app, raider, book));
      const review = await postReview(app, raider, book.title, { rating: 1, comment: 'Dreadful' });
      expect(review.json().verified_purchase).toBe(true);
    }
    await expectRating(app, book, 3.4, 13, 13);

    for (const [i, raider] of raiders.entries()) {
      const cancelled = await post(app, raider, `/api/orders/${bought[i]}/cancel/`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ fulfilment_status: 'cancelled', refunded_amount: '10.00' });
    }
    // Their reviews still show, no longer as verified purchases, and their stars no longer count.
    await expectRating(app, book, 4.1, 10, 13);
    const page = await listReviews(app, book.title);
    expect(page.data.slice(0, 3).map((r) => [r.comment, r.verified_purchase])).toEqual([
      ['Dreadful', false],
      ['Dreadful', false],
      ['Dreadful', false],
    ]);
    expect((await bookDetail(app, book.id)).reviews.filter((r) => r.verified_purchase)).toHaveLength(7);
    // Editing the review does not bring the purchase back.
    const edited = await postReview(app, raiders[0]!, book.title, { rating: 1, comment: 'Still dreadful' });
    expect(edited.json().verified_purchase).toBe(false);
    await expectRating(app, book, 4.1, 10, 13);
  });

  it('a new purchase after a cancelled one counts the review again; a second standing order keeps it', async () => {
    const { app } = ctx();
    const book = await createBook(app, { price: '10.00', stock: 20 });
    await postReview(app, await createBuyer(app, [book.id]), book.title, { rating: 5, comment: 'Lovely' });
    const reader = await createUser(app);
    const first = await buy(app, reader, book);
    await postReview(app, reader, book.title, { rating: 1, comment: 'Not for me' });
    await expectRating(app, book, 3, 2, 2);
    expect((await post(app, reader, `/api/orders/${first}/cancel/`)).statusCode).toBe(200);
    expect(await verifiedOfReader(app, book, reader)).toBe(false);
    await expectRating(app, book, 5, 1, 2);

    const second = await buy(app, reader, book);
    expect(await verifiedOfReader(app, book, reader)).toBe(true);
    await expectRating(app, book, 3, 2, 2);

    // Two standing orders: cancelling one leaves the other, and the review counts on.
    await buy(app, reader, book);
    expect((await post(app, reader, `/api/orders/${second}/cancel/`)).statusCode).toBe(200);
    expect(await verifiedOfReader(app, book, reader)).toBe(true);
    await expectRating(app, book, 3, 2, 2);
  });

  it('a full refund by staff ends it, a partial one does not; a return ends it too', async () => {
    const { app } = ctx();
    const staff = await staffFor(app);
    const book = await createBook(app, { price: '10.00', stock: 20 });
    await postReview(app, await createBuyer(app, [book.id]), book.title, { rating: 5, comment: 'Lovely' });
    const refunded = await createUser(app);
    const returned = await createUser(app);
    const refundedOrder = await buy(app, refunded, book);
    const returnedOrder = await buy(app, returned, book);
    await postReview(app, refunded, book.title, { rating: 2, comment: 'Meh' });
    await postReview(app, returned, book.title, { rating: 2, comment: 'Meh too' });
    await expectRating(app, book, 3, 3, 3);

    const part = await post(app, staff, `/api/admin/orders/${refundedOrder}/refund/`, { amount: '4.00' });
    expect(part.statusCode, part.body).toBe(200);
    expect(await verifiedOfReader(app, book, refunded)).toBe(true);
    await expectRating(app, book, 3, 3, 3);
    const rest = await post(app, staff, `/api/admin/orders/${refundedOrder}/refund/`);
    expect(rest.json()).toMatchObject({ refunded_amount: '10.00' });
    expect(await verifiedOfReader(app, book, refunded)).toBe(false);
    await expectRating(app, book, 3.5, 2, 3);

    const ship = { carrier: 'UPS', tracking_number: '1Z999' };
    expect((await post(app, staff, `/api/admin/orders/${returnedOrder}/ship/`, ship)).statusCode).toBe(200);
    // Taken back without a refund (say, the money went back another way): the purchase ended all the same.
    const back = await post(app, staff, `/api/admin/orders/${returnedOrder}/return/`, { refund: '0' });
    expect(back.json()).toMatchObject({ fulfilment_status: 'returned', refunded_amount: '0.00' });
    expect(await verifiedOfReader(app, book, returned)).toBe(false);
    await expectRating(app, book, 5, 1, 3);
  });

  it('every copy of the book refunded ends it, even when the rest of the order stands', async () => {
    const { app } = ctx();
    const staff = await staffFor(app);
    const book = await createBook(app, { price: '10.00', stock: 20 });
    const other = await createBook(app, { price: '30.00', stock: 20 });
    await postReview(app, await createBuyer(app, [book.id]), book.title, { rating: 5, comment: 'Lovely' });
    const reader = await createUser(app);
    const placed = await placeOrder(app, reader, [
      { book, quantity: 2 },
      { book: other, quantity: 1 },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().id as number;
    const { reference } = (await initialize(app, reader, id)).json();
    await charge(app, reader, reference);
    await verify(app, reader, id, reference);
    await postReview(app, reader, book.title, { rating: 1, comment: 'No' });
    await postReview(app, reader, other.title, { rating: 4, comment: 'Good' });
    await expectRating(app, book, 3, 2, 2);
    const line = (placed.json().items as { id: number; book: number }[]).find((i) => i.book === book.id)!.id;

    const one = await post(app, staff, `/api/admin/orders/${id}/refund/`, { items: [{ item: line, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    expect(await verifiedOfReader(app, book, reader)).toBe(true);
    const both = await post(app, staff, `/api/admin/orders/${id}/refund/`, { items: [{ item: line, quantity: 1 }] });
    expect(both.json()).toMatchObject({ refund_status: 'partial' });
    expect(await verifiedOfReader(app, book, reader)).toBe(false);
    await expectRating(app, book, 5, 1, 2);
    expect(await verifiedOfReader(app, other, reader)).toBe(true);
  });

  it('a full refund the payment provider refuses counts the review again', async () => {
    const { app } = ctx();
    const staff = await staffFor(app);
    const book = await createBook(app, { price: '10.00', stock: 20 });
    await postReview(app, await createBuyer(app, [book.id]), book.title, { rating: 5, comment: 'Lovely' });
    const reader = await createUser(app);
    const orderId = await buy(app, reader, book);
    await postReview(app, reader, book.title, { rating: 1, comment: 'No' });
    // The provider's own ledger says the charge was given back already (from its dashboard), so it
    // refuses the shop's refund.
    const [payment] = await app.db.select().from(payments).where(eq(payments.orderId, orderId));
    const ledger = payment!.providerResponse as Record<string, unknown>;
    await app.db
      .update(payments)
      .set({ providerResponse: { ...ledger, refunds: [{ reference: 'elsewhere', amount: 1000, currency: 'USD' }] } })
      .where(eq(payments.id, payment!.id));
    const refused = await post(app, staff, `/api/admin/orders/${orderId}/refund/`);
    expect(refused.json()).toMatchObject({ refunded_amount: '0.00', refunds: [{ status: 'failed' }] });
    expect(await verifiedOfReader(app, book, reader)).toBe(true);
    await expectRating(app, book, 3, 2, 2);
  });
});

describe('reading reviews', () => {
  it('pages newest first with the rating summary, and gives a signed-in reader their own review', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    const writers = await Promise.all(Array.from({ length: 12 }, () => createBuyer(app, [book.id])));
    const ratings = [5, 5, 5, 4, 4, 3, 1, 5, 4, 2, 5, 1];
    for (const [i, writer] of writers.entries()) {
      await postReview(app, writer, book.title, { rating: ratings[i], comment: `Review ${i}` });
    }

    const first = await listReviews(app, book.title, '?page_size=10', writers[2]);
    expect(first.data.map((r) => r.comment)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Review ${i}`));
    expect(first.meta).toEqual({ page: 1, pageSize: 10, count: 12, pages: 2, next: 2 });
    expect(first.summary).toEqual({
      average: 3.7,
      count: 12,
      stars: [
        { stars: 5, count: 5 },
        { stars: 4, count: 3 },
        { stars: 3, count: 1 },
        { stars: 2, count: 1 },
        { stars: 1, count: 2 },
      ],
      reviews: 12,
    });
    expect(first.mine).toMatchObject({ comment: 'Review 2', rating: 5 });

    const second = await listReviews(app, book.title, '?page=2&page_size=10');
    expect(second.data.map((r) => r.comment)).toEqual(['Review 1', 'Review 0']);
    expect(second.meta.next).toBeNull();
    expect(second.mine).toBeNull();

    // The book detail carries the first page only, and the exact rating.
    const detail = await bookDetail(app, book.id);
    expect(detail.reviews).toHaveLength(10);
    expect(detail).toMatchObject({ rating: 3.7, review_count: 12 });
  });

  it('refuses a bad page', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    const reply = await app.inject({ method: 'GET', url: `${reviewsUrl(book.title)}?page=0` });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields.page).toEqual(['page must be at least 1']);
  });

  it('summarises a book without reviews as 0 of 0', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    const page = await listReviews(app, book.title);
    expect(page.data).toEqual([]);
    expect(page.summary.average).toBe(0);
    expect(page.summary.stars.map((s) => s.count)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('deleting a review', () => {
  async function reviewed() {
    const { app } = ctx();
    const book = await createBook(app);
    const author = await createBuyer(app, [book.id]);
    const keeper = await createBuyer(app, [book.id]);
    const review = (await postReview(app, author, book.title, { rating: 1, comment: 'Awful' })).json();
    await postReview(app, keeper, book.title, { rating: 5, comment: 'Great' });
    return { app, book, author, review };
  }

  it('lets the author delete their own review and recounts the rating', async () => {
    const { app, book, author, review } = await reviewed();
    expect(await bookDetail(app, book.id)).toMatchObject({ rating: 3, review_count: 2 });
    expect((await deleteReview(app, author, book.title, review.id)).statusCode).toBe(204);
    expect(await bookDetail(app, book.id)).toMatchObject({ rating: 5, review_count: 1 });
    expect((await deleteReview(app, author, book.title, review.id)).statusCode).toBe(404);
  });

  it('lets staff delete any review (moderation)', async () => {
    const { app, book, review } = await reviewed();
    const staff = await createUser(app, { staff: true });
    expect((await deleteReview(app, staff, book.title, review.id)).statusCode).toBe(204);
    expect(await bookDetail(app, book.id)).toMatchObject({ rating: 5, review_count: 1 });
  });

  it("refuses another user's delete (403) and signed-out visitors (401)", async () => {
    const { app, book, review } = await reviewed();
    const stranger = await createUser(app);
    const refused = await deleteReview(app, stranger, book.title, review.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'You can only delete your own review' });
    expect((await deleteReview(app, null, book.title, review.id)).statusCode).toBe(401);
    expect(await bookDetail(app, book.id)).toMatchObject({ review_count: 2 });
  });

  it('answers 404 for a review of another book, an unknown review or book, and 400 for a bad id', async () => {
    const { app, book, author, review } = await reviewed();
    const other = await createBook(app);
    expect((await deleteReview(app, author, other.title, review.id)).json()).toEqual({ error: 'Review not found' });
    expect((await deleteReview(app, author, book.title, 99_999_999)).statusCode).toBe(404);
    expect((await deleteReview(app, author, 'No Such Book Anywhere', review.id)).json()).toEqual({
      error: 'Book not found',
    });
    expect((await deleteReview(app, author, book.title, 'abc')).statusCode).toBe(400);
    expect(await bookDetail(app, book.id)).toMatchObject({ review_count: 2 });
  });

  it('keeps the rating at 0 of 0 once the last review is gone', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    const user = await createBuyer(app, [book.id]);
    const review = (await postReview(app, user, book.title, { rating: 4, comment: 'Only one' })).json();
    await deleteReview(app, user, book.title, review.id);
    const [row] = await app.db.select().from(books).where(eq(books.id, book.id));
    expect([row!.ratingTenths, row!.ratingCount, row!.reviewCount]).toEqual([0, 0, 0]);
  });
});

describe('many reviews of one book at once', () => {
  const ratingOf = (i: number) => (i % 5) + 1;
  const storedRating = async (app: App, bookId: number) => {
    const [row] = await app.db.select().from(books).where(eq(books.id, bookId));
    return { rating: row!.ratingTenths / 10, rating_count: row!.ratingCount, review_count: row!.reviewCount };
  };

  it('keeps the rating and count exact when 40 shoppers post, update and delete together', async () => {
    const { app } = ctx();
    const book = await createBook(app);
    // Half of them bought the book: only their reviews count in the rating, whatever the interleaving.
    const early = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? createBuyer(app, [book.id]) : createUser(app))),
    );
    const posted = await Promise.all(
      early.map((u, i) => postReview(app, u, book.title, { rating: ratingOf(i), comment: 'first' })),
    );
    expect(posted.every((r) => r.statusCode === 201)).toBe(true);
    expect(await storedRating(app, book.id)).toEqual(await expectedRating(app, book.id));

    const late = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? createBuyer(app, [book.id]) : createUser(app))),
    );
    await Promise.all([
      ...late.map((u) => postReview(app, u, book.title, { rating: 5, comment: 'new' })),
      ...early.slice(0, 10).map((u) => postReview(app, u, book.title, { rating: 1, comment: 'changed' })),
      ...early.slice(10).map((u, i) => deleteReview(app, u, book.title, posted[10 + i]!.json().id)),
    ]);
    const expected = await expectedRating(app, book.id);
    expect(expected.review_count).toBe(30);
    expect(await storedRating(app, book.id)).toEqual(expected);
    expect(await bookDetail(app, book.id)).toMatchObject(expected);
  });

  it.runIf(onPostgres)('keeps them exact when two servers on one PostgreSQL take 80 reviews at once', async () => {
    const { app } = ctx();
    const other = await createSecondServer(ctx());
    try {
      const servers = [app, other.app];
      const book = await createBook(app);
      const writers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => (i % 3 ? createBuyer(app, [book.id]) : createUser(app))),
      );
      const replies = await Promise.all([
        ...writers.map((u, i) => postReview(servers[i % 2]!, u, book.title, { rating: ratingOf(i), comment: 'one' })),
        // The same 20 shoppers again, on the other server: each still has one review.
        ...writers
          .slice(0, 20)
          .map((u, i) => postReview(servers[(i + 1) % 2]!, u, book.title, { rating: 5, comment: 'two' })),
      ]);
      expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
      const expected = await expectedRating(app, book.id);
      expect(expected.review_count).toBe(60);
      expect(await storedRating(app, book.id)).toEqual(expected);
      // Each server answers the exact figures (neither keeps a stale copy of the book).
      for (const server of servers) expect(await bookDetail(server, book.id)).toMatchObject(expected);
    } finally {
      await other.close();
    }
  });

  it('keeps them exact when purchases end while others review and buy the same book', async () => {
    const { app } = ctx();
    const book = await createBook(app, { price: '10.00', stock: 200 });
    const readers = await Promise.all(Array.from({ length: 16 }, () => createUser(app)));
    const orderIds: number[] = [];
    for (const reader of readers) orderIds.push(await buy(app, reader, book));
    await Promise.all(readers.map((u, i) => postReview(app, u, book.title, { rating: ratingOf(i), comment: 'one' })));
    const newcomers = await Promise.all(Array.from({ length: 8 }, () => createBuyer(app, [book.id])));
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createUser(app)));
    const cancel = (u: TestUser, id: number) =>
      app.inject({ method: 'POST', url: `/api/orders/${id}/cancel/`, headers: u.headers, payload: {} });
    const replies = await Promise.all([
      // Half the readers cancel (their money back), while others buy the same book and review it.
      ...readers.slice(0, 8).map((u, i) => cancel(u, orderIds[i]!)),
      ...shoppers.map((u) => placeOrder(app, u, [{ book, quantity: 1 }])),
      ...newcomers.map((u) => postReview(app, u, book.title, { rating: 5, comment: 'new' })),
      ...readers.slice(8).map((u) => postReview(app, u, book.title, { rating: 2, comment: 'changed' })),
    ]);
    expect(replies.map((r) => r.statusCode).filter((code) => code >= 300)).toEqual([]);
    const expected = await expectedRating(app, book.id);
    expect(expected).toMatchObject({ rating_count: 16, review_count: 24 });
    expect(await storedRating(app, book.id)).toEqual(expected);
  });

  it.runIf(onPostgres)('a cancellation that recounts never deadlocks with a checkout of the same book', async () => {
    const { app } = ctx();
    const other = await createSecondServer(ctx());
    try {
      const book = await createBook(app, { price: '10.00', stock: 20 });
      const reader = await createUser(app);
      const orderId = await buy(app, reader, book);
      await postReview(app, reader, book.title, { rating: 1, comment: 'No' });
      let cancelling: Promise<{ statusCode: number }> | undefined;
      // A checkout on the other server has written its line (its foreign key holds the book's key
      // share) when the reader cancels; then it takes the copies (the book's row, as stock does).
      await other.app.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM books WHERE id = ${book.id} FOR KEY SHARE`);
        cancelling = app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel/`, headers: reader.headers });
        await answeredOrWaiting(app, cancelling);
        await tx.execute(sql`SELECT id FROM books WHERE id = ${book.id} FOR NO KEY UPDATE`);
      });
      expect((await cancelling!).statusCode).toBe(200);
      expect(await verifiedOfReader(app, book, reader)).toBe(false);
    } finally {
      await other.close();
    }
  });
});
