import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, expireReservation, orderRow, placeOrder, stockOf } from '../../test/factories.js';
import { startReservationSweeper, stopReservationSweeper } from './reservations.js';

const ctx = useTestApp({ reservationMinutes: 1 });

describe('the reservation sweeper', () => {
  it('runs in the background and gives back the copies of orders left unpaid past their reservation', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 3 });
    const order = (await placeOrder(app, user, [{ book, quantity: 2 }])).json();
    const held = Date.parse(order.reserved_until) - Date.parse(order.created_at);
    expect(held).toBeGreaterThan(50_000); // RESERVATION_MINUTES=1
    expect(held).toBeLessThan(70_000);

    startReservationSweeper(app, 50);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await stockOf(app, book.id)).toBe(1); // still held
      await expireReservation(app, order.id);
      await expect.poll(() => stockOf(app, book.id), { timeout: 5_000 }).toBe(3);
      expect(await orderRow(app, order.id)).toMatchObject({ status: 'cancelled', stockReleased: true });
      const view = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/`, headers: user.headers });
      expect(view.json()).toMatchObject({ status: 'cancelled', payment_status: 'pending' });
    } finally {
      stopReservationSweeper(app.db);
    }
  });
});
