import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { createAccount } from '../../test/factories.js';

describe('GET /api/orders/?all=1 filters (dashboard Orders tab)', () => {
  const ctx = useTestApp();
  const app = () => ctx().app;

  it('filters by payment state and finds an order by id or customer email', async () => {
    const staff = await createAccount(app(), { staff: true });
    const ann = await createAccount(app());
    const bob = await createAccount(app());
    const values = (userId: number, paymentStatus: string) => ({
      userId,
      totalCents: 1000,
      currency: 'USD',
      paymentStatus,
      reservedUntil: new Date(),
    });
    const [paid, pending, other] = await app()
      .db.insert(orders)
      .values([values(ann.user.id, 'success'), values(ann.user.id, 'pending'), values(bob.user.id, 'success')])
      .returning();
    const ids = async (query: string) =>
      (await app().inject({ url: `/api/orders/?all=1&${query}`, headers: staff.auth }))
        .json()
        .data.map((o: { id: number }) => o.id);

    expect(await ids('payment_status=success')).toEqual([other!.id, paid!.id]);
    expect(await ids(`search=${encodeURIComponent(ann.user.email.toUpperCase())}`)).toEqual([pending!.id, paid!.id]);
    expect(await ids(`search=%23${pending!.id}`)).toEqual([pending!.id]);
    expect(await ids(`search=${encodeURIComponent(ann.user.email)}&payment_status=pending`)).toEqual([pending!.id]);
    const bad = await app().inject({ url: '/api/orders/?all=1&payment_status=lost', headers: staff.auth });
    expect(bad.statusCode).toBe(400);
    const shopper = await app().inject({ url: '/api/orders/?all=1&payment_status=success', headers: ann.auth });
    expect(shopper.statusCode).toBe(403);
  });
});
