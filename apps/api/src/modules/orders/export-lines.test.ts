import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createUser, paidOrderOfEditions } from '../../test/factories.js';

const ctx = useTestApp();

/** A CSV answer's rows, each a list of its cells (every cell is quoted; none here holds a quote or a comma). */
const rowsOf = (body: string) =>
  body
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.slice(1, -1).split('","'));

describe('GET /api/admin/orders/export-lines.csv (one row per line of each order)', () => {
  it("gives each line its edition, ISBN, copies, price, protection, share of the code, amount and refunds, as the order's summary has them", async () => {
    const { app } = ctx();
    const staff = await createUser(app, { staff: true });
    const shopper = await createUser(app);
    const order = await paidOrderOfEditions(app, shopper, staff);
    // One hardcover given back, as a refund of that line leaves it.
    await app.db
      .update(orderItems)
      .set({ refundedQuantity: 1, refundedCents: 2103 })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.id, order.lines.hardcover)));

    const res = await app.inject({
      url: `/api/admin/orders/export-lines.csv?q=%23${order.id}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="order-lines.csv"');
    expect(res.body.endsWith('\r\n')).toBe(true);
    const [header, ...lines] = rowsOf(res.body);
    expect(header).toEqual([
      'order',
      'placed_at',
      'email',
      'name',
      'title',
      'isbn',
      'format',
      'condition',
      'quantity',
      'unit_price',
      'protection',
      'discount',
      'amount',
      'refunded_quantity',
      'refunded_amount',
      'currency',
    ]);
    const placed = lines[0]![1]!;
    expect(Date.parse(placed)).toBeGreaterThan(0);
    const who = [String(order.id), placed, shopper.email, ''];
    expect(lines).toEqual([
      [
        ...who,
        order.title,
        order.isbns.hardcover,
        'Hardcover',
        'New',
        '2',
        '20.00',
        '5.98',
        '3.92',
        '42.06',
        '1',
        '21.03',
        'USD',
      ],
      [
        ...who,
        order.title,
        order.isbns.used,
        'Paperback',
        'Used',
        '1',
        '6.00',
        '0.00',
        '0.59',
        '5.41',
        '0',
        '0.00',
        'USD',
      ],
      [...who, order.title, order.isbns.ebook, 'eBook', 'New', '1', '5.00', '0.00', '0.49', '4.51', '0', '0.00', 'USD'],
    ]);

    // The same figures as the order's summary, line by line.
    const summary = (await app.inject({ url: `/api/admin/orders/${order.id}/`, headers: staff.headers })).json()
      .summary as { lines: Record<string, string | number>[] };
    expect(lines.map((cells) => cells.slice(8, 15))).toEqual(
      summary.lines.map((line) =>
        [
          line.quantity,
          line.unit_price,
          line.protection,
          line.discount,
          line.amount,
          line.refunded_quantity,
          line.refunded_amount,
        ].map(String),
      ),
    );
  });

  it('takes the filters of the order queue and refuses a bad one in the shop’s words', async () => {
    const { app } = ctx();
    const staff = await createUser(app, { staff: true });
    const shopper = await createUser(app);
    const order = await paidOrderOfEditions(app, shopper, staff);

    const pending = await app.inject({
      url: `/api/admin/orders/export-lines.csv?payment_status=pending&q=%23${order.id}`,
      headers: staff.headers,
    });
    expect(pending.statusCode).toBe(200);
    expect(rowsOf(pending.body)).toHaveLength(1);
    const bad = await app.inject({
      url: '/api/admin/orders/export-lines.csv?payment_status=lost',
      headers: staff.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.payment_status[0]).toMatch(/^payment_status must be one of: /);
  });

  it('is for staff only', async () => {
    const { app } = ctx();
    const shopper = await createUser(app);
    const url = '/api/admin/orders/export-lines.csv';
    expect((await app.inject({ url })).statusCode).toBe(401);
    const refused = await app.inject({ url, headers: shopper.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only staff can do that');
  });
});
