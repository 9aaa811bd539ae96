import { describe, expect, it } from 'vitest';
import { books, contactMessages, newsletterSubscribers, orderItems, orders, reviews } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createAccount, insertBook, uniqueName } from '../../test/factories.js';

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000);
const isoDay = (offset: number) => day(offset).toISOString().slice(0, 10);

describe('dashboard', () => {
  const ctx = useTestApp();
  const app = () => ctx().app;

  describe('GET /api/admin/summary/', () => {
    it('gives the real figures and the paid sales of the last 30 days', async () => {
      const staff = await createAccount(app(), { staff: true });
      const shopper = await createAccount(app());
      const low = await insertBook(app().db, { stockAmount: 2 });
      await insertBook(app().db, { stockAmount: 50 });
      await app()
        .db.insert(reviews)
        .values([
          { bookId: low.id, userId: shopper.user.id, rating: 5, comment: 'Great' },
          { bookId: low.id, userId: staff.user.id, rating: 2, comment: 'Meh' },
        ]);
      const order = (totalCents: number, paymentStatus: string, paidAt: Date | null) => ({
        userId: shopper.user.id,
        totalCents,
        currency: 'USD',
        paymentStatus,
        paidAt,
        reservedUntil: new Date(),
      });
      await app()
        .db.insert(orders)
        .values([
          order(1250, 'success', day(0)),
          order(750, 'success', day(0)),
          order(1999, 'success', day(3)),
          order(500, 'success', day(45)),
          order(9999, 'pending', null),
          order(4242, 'failed', null),
        ]);

      const res = await app().inject({ url: '/api/admin/summary/', headers: staff.auth });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const bookCount = (await app().db.select().from(books)).length;
      expect(body).toMatchObject({
        books: bookCount,
        sales_total: '44.99',
        orders: 6,
        paid_orders: 4,
        average_rating: 3.5,
        reviews: 2,
        low_stock_threshold: 3,
        currency: 'USD',
      });
      expect(body.low_stock).toBeGreaterThanOrEqual(1);
      expect(body.sales_by_day).toHaveLength(30);
      expect(body.sales_by_day.at(-1)).toEqual({ date: isoDay(0), total: '20.00', orders: 2 });
      expect(body.sales_by_day.find((d: { date: string }) => d.date === isoDay(3))).toEqual({
        date: isoDay(3),
        total: '19.99',
        orders: 1,
      });
      expect(body.sales_by_day[0].date).toBe(isoDay(29));
    });

    it('names the bestsellers of the 30 days (protection included in what they brought in) and counts open messages and subscribers', async () => {
      const staff = await createAccount(app(), { staff: true });
      const shopper = await createAccount(app());
      const summary = async () => (await app().inject({ url: '/api/admin/summary/', headers: staff.auth })).json();
      const before = await summary();
      const hit = await insertBook(app().db, { title: uniqueName('Hit ') });
      const second = await insertBook(app().db, { title: uniqueName('Second ') });
      const paidOrder = async (
        paidAt: Date,
        lines: { book: typeof hit; quantity: number; protection?: boolean }[],
        paymentStatus = 'success',
      ) => {
        const [order] = await app()
          .db.insert(orders)
          .values({
            userId: shopper.user.id,
            totalCents: 0,
            currency: 'USD',
            paymentStatus,
            paidAt,
            reservedUntil: new Date(),
          })
          .returning();
        await app()
          .db.insert(orderItems)
          .values(
            lines.map((l) => ({
              orderId: order!.id,
              bookId: l.book.id,
              title: l.book.title,
              quantity: l.quantity,
              priceCents: 1000,
              protection: l.protection ?? false,
              protectionPriceCents: l.protection ? 299 : 0,
            })),
          );
      };
      await paidOrder(day(1), [
        { book: hit, quantity: 40, protection: true },
        { book: second, quantity: 30 },
      ]);
      await paidOrder(day(2), [{ book: second, quantity: 5 }]);
      await paidOrder(day(40), [{ book: second, quantity: 100 }]);
      await paidOrder(day(1), [{ book: second, quantity: 100 }], 'pending');
      await app()
        .db.insert(contactMessages)
        .values([
          { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' },
          { name: 'B', email: 'b@example.com', subject: 'S', message: 'M', handledAt: new Date() },
        ]);
      await app()
        .db.insert(newsletterSubscribers)
        .values([
          { email: `${uniqueName('n')}@example.com`, confirmedAt: new Date() },
          // Waiting for its owner's confirmation: not counted.
          { email: `${uniqueName('w')}@example.com` },
        ]);

      const after = await summary();
      expect(after.bestsellers.slice(0, 2)).toEqual([
        { book: hit.id, title: hit.title, copies: 40, total: '519.60' },
        { book: second.id, title: second.title, copies: 35, total: '350.00' },
      ]);
      expect(after.bestsellers.length).toBeLessThanOrEqual(5);
      expect(after.open_messages).toBe(before.open_messages + 1);
      expect(after.subscribers).toBe(before.subscribers + 1);
    });

    it('is for staff only', async () => {
      expect((await app().inject({ url: '/api/admin/summary/' })).statusCode).toBe(401);
      const shopper = await createAccount(app());
      expect((await app().inject({ url: '/api/admin/summary/', headers: shopper.auth })).statusCode).toBe(403);
    });
  });

  describe('GET /api/admin/books/', () => {
    it('sorts by each column and searches title, author or ISBN', async () => {
      const staff = await createAccount(app(), { staff: true });
      const tag = uniqueName('z');
      await insertBook(app().db, { title: `${tag} Bravo`, bookAuthor: 'Ann', priceCents: 300, stockAmount: 1 });
      await insertBook(app().db, { title: `${tag} alpha`, bookAuthor: 'Cid', priceCents: 100, stockAmount: 9 });
      await insertBook(app().db, {
        title: `${tag} Charlie`,
        bookAuthor: 'Bea',
        priceCents: 200,
        stockAmount: 5,
        isbn: '9780141439518',
      });
      const titles = async (sort: string) =>
        (await app().inject({ url: `/api/admin/books/?search=${tag}&sort=${sort}`, headers: staff.auth }))
          .json()
          .data.map((b: { title: string }) => b.title.replace(`${tag} `, ''));
      expect(await titles('title')).toEqual(['alpha', 'Bravo', 'Charlie']);
      expect(await titles('-title')).toEqual(['Charlie', 'Bravo', 'alpha']);
      expect(await titles('book_author')).toEqual(['Bravo', 'Charlie', 'alpha']);
      expect(await titles('price')).toEqual(['alpha', 'Charlie', 'Bravo']);
      expect(await titles('-stock_amount')).toEqual(['alpha', 'Charlie', 'Bravo']);
      expect(await titles('-created_at')).toEqual(['Charlie', 'alpha', 'Bravo']);
      // The table names each edition's copies from the editions each row carries.
      const alpha = (
        await app().inject({ url: `/api/admin/books/?search=${tag}&sort=title`, headers: staff.auth })
      ).json().data[0];
      expect(alpha.editions).toEqual([expect.objectContaining({ format: alpha.book_type, stock_amount: 9 })]);

      const byIsbn = await app().inject({ url: '/api/admin/books/?search=9780141439518', headers: staff.auth });
      expect(byIsbn.json().data.map((b: { title: string }) => b.title)).toContain(`${tag} Charlie`);
      const page = await app().inject({ url: `/api/admin/books/?search=${tag}&page_size=2`, headers: staff.auth });
      expect(page.json().meta).toMatchObject({ count: 3, pages: 2, next: 2 });
      const wildcard = await app().inject({ url: '/api/admin/books/?search=%25', headers: staff.auth });
      expect(wildcard.json().data).toEqual([]);
      const bad = await app().inject({ url: '/api/admin/books/?sort=rating', headers: staff.auth });
      expect(bad.statusCode).toBe(400);
    });

    it('is for staff only', async () => {
      const shopper = await createAccount(app());
      expect((await app().inject({ url: '/api/admin/books/', headers: shopper.auth })).statusCode).toBe(403);
      expect((await app().inject({ url: '/api/admin/books/' })).statusCode).toBe(401);
    });
  });
});
