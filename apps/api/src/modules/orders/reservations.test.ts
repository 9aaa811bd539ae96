import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock.js';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser, expireReservation, orderRow, placeOrder, stockOf } from '../../test/factories.js';
import { testScheduler } from '../../test/scheduler.js';

const ctx = useTestApp({ reservationMinutes: 1 });
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

describe('the reservation sweep', () => {
  it('runs on the scheduler and gives back the copies of orders left unpaid past their reservation', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const book = await createBook(app, { stock: 3 });
    const order = (await placeOrder(app, user, [{ book, quantity: 2 }])).json();
    const held = Date.parse(order.reserved_until) - Date.parse(order.created_at);
    expect(held).toBeGreaterThan(50_000); // RESERVATION_MINUTES=1
    expect(held).toBeLessThan(70_000);

    const scheduler = await testScheduler(app);
    expect(await scheduler.runDue()).toContain('release-expired-reservations');
    expect(await stockOf(app, book.id)).toBe(1); // still held

    await expireReservation(app, order.id);
    // Not yet its time: the sweep runs every 30 s.
    expect(await scheduler.runDue()).not.toContain('release-expired-reservations');
    expect(await stockOf(app, book.id)).toBe(1);
    const later = new Date(Date.now() + 30_000);
    clock.now = () => later;
    expect(await scheduler.runDue()).toContain('release-expired-reservations');
    expect(await stockOf(app, book.id)).toBe(3);
    expect(await orderRow(app, order.id)).toMatchObject({ status: 'cancelled', stockReleased: true });
    const view = await app.inject({ method: 'GET', url: `/api/orders/${order.id}/`, headers: user.headers });
    expect(view.json()).toMatchObject({ status: 'cancelled', payment_status: 'pending' });
  });
});
