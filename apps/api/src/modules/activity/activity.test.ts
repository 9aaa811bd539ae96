import { describe, expect, it } from 'vitest';
import { orderEvents, orderItems, orders, reviews, wishlistItems } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createAccount, insertBook } from '../../test/factories.js';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /api/profile/activity/', () => {
  const ctx = useTestApp();
  const app = () => ctx().app;

  it("lists the caller's orders, reviews and wishlist additions, newest first, and nobody else's", async () => {
    const me = await createAccount(app());
    const other = await createAccount(app());
    const dune = await insertBook(app().db, { title: `Dune ${me.user.id}` });
    const emma = await insertBook(app().db, { title: `Emma ${me.user.id}` });
    const [order] = await app()
      .db.insert(orders)
      .values({ userId: me.user.id, totalCents: 2598, currency: 'USD', reservedUntil: ago(-15), createdAt: ago(30) })
      .returning();
    await app()
      .db.insert(orderItems)
      .values({ orderId: order!.id, bookId: dune.id, title: dune.title, quantity: 2, priceCents: 1299 });
    await app()
      .db.insert(reviews)
      .values({
        bookId: dune.id,
        userId: me.user.id,
        rating: 4,
        comment: 'Sandy.',
        createdAt: ago(20),
        updatedAt: ago(10),
      });
    await app()
      .db.insert(wishlistItems)
      .values({ userId: me.user.id, bookId: emma.id, createdAt: ago(20) });
    await app()
      .db.insert(wishlistItems)
      .values({ userId: other.user.id, bookId: dune.id, createdAt: ago(1) });

    const res = await app().inject({ url: '/api/profile/activity/', headers: me.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ count: 3, page: 1, next: null });
    expect(body.data).toEqual([
      { kind: 'review', at: expect.any(String), book: { id: dune.id, title: dune.title }, rating: 4 },
      { kind: 'wishlist', at: expect.any(String), book: { id: emma.id, title: emma.title } },
      {
        kind: 'order',
        at: expect.any(String),
        order: {
          id: order!.id,
          status: 'pending',
          payment_status: 'pending',
          total_price: '25.98',
          currency: 'USD',
          copies: 2,
          fulfilment_status: 'unfulfilled',
          refund_status: 'none',
          expired_at: null,
        },
      },
    ]);
    // A review is dated by its last edit.
    expect(Math.abs(Date.parse(body.data[0].at) - ago(10).getTime())).toBeLessThan(5_000);

    const page2 = (await app().inject({ url: '/api/profile/activity/?page=2&page_size=2', headers: me.auth })).json();
    expect(page2.data.map((a: { kind: string }) => a.kind)).toEqual(['order']);
  });

  it('says of each order what its badge needs: an expired hold, a cancellation, what was refunded', async () => {
    const me = await createAccount(app());
    const base = { userId: me.user.id, totalCents: 2000, currency: 'USD', reservedUntil: ago(60) };
    const [expired] = await app()
      .db.insert(orders)
      .values({ ...base, status: 'cancelled', fulfilmentStatus: 'cancelled', createdAt: ago(80) })
      .returning();
    await app()
      .db.insert(orderEvents)
      .values({ orderId: expired!.id, type: 'expired', actor: 'shop', createdAt: ago(59) });
    const [refunded] = await app()
      .db.insert(orders)
      .values({
        ...base,
        status: 'cancelled',
        paymentStatus: 'success',
        fulfilmentStatus: 'cancelled',
        refundedCents: 2000,
        createdAt: ago(70),
      })
      .returning();
    const [partly] = await app()
      .db.insert(orders)
      .values({ ...base, status: 'completed', paymentStatus: 'success', refundedCents: 500, createdAt: ago(65) })
      .returning();

    const body = (await app().inject({ url: '/api/profile/activity/', headers: me.auth })).json();
    const byId = new Map<number, Record<string, string>>(
      body.data.map((a: { order: Record<string, string> & { id: number } }) => [a.order.id, a.order]),
    );
    expect(byId.get(expired!.id)).toMatchObject({
      payment_status: 'pending',
      fulfilment_status: 'cancelled',
      refund_status: 'none',
      expired_at: expect.any(String),
    });
    expect(Math.abs(Date.parse(byId.get(expired!.id)!.expired_at!) - ago(59).getTime())).toBeLessThan(5_000);
    expect(byId.get(refunded!.id)).toMatchObject({
      fulfilment_status: 'cancelled',
      refund_status: 'full',
      expired_at: null,
    });
    expect(byId.get(partly!.id)).toMatchObject({ fulfilment_status: 'unfulfilled', refund_status: 'partial' });
  });

  it('is empty for a new shopper', async () => {
    const me = await createAccount(app());
    const body = (await app().inject({ url: '/api/profile/activity/', headers: me.auth })).json();
    expect(body).toEqual({ data: [], meta: { page: 1, pageSize: 20, count: 0, pages: 1, next: null } });
  });

  it('needs a signed-in caller and sound paging', async () => {
    expect((await app().inject({ url: '/api/profile/activity/' })).statusCode).toBe(401);
    const me = await createAccount(app());
    const bad = await app().inject({ url: '/api/profile/activity/?page_size=500', headers: me.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.page_size).toEqual(['page_size must be at most 100']);
  });
});
