import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createBook, createUser } from '../../test/factories.js';

const ctx = useTestApp();

describe('delivery methods and shop settings', () => {
  it("lists the book page's two methods to everyone, Standard free from $0 on a fresh store", async () => {
    const { app } = ctx();
    const res = await app.inject({ url: '/api/shipping-methods/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { code: 'standard', name: 'Standard Delivery', days: '3-5 business days', price: '4.99', free_from: '0.00' },
      { code: 'express', name: 'Express Delivery', days: '1-2 business days', price: '9.99', free_from: null },
    ]);
    expect((await app.inject({ url: '/api/shop-settings/' })).json()).toEqual({ free_standard_from: '0.00' });
  });

  it('staff change the threshold, the low-stock threshold and a method; shoppers see it; 401/403 for others', async () => {
    const { app } = ctx();
    const staff = await createUser(app, { staff: true });
    const shopper = await createUser(app);
    const settings = { free_standard_from: '35.00', low_stock_threshold: 4 };
    expect((await app.inject({ method: 'PUT', url: '/api/admin/settings/', payload: settings })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: shopper.headers, payload: settings }))
        .statusCode,
    ).toBe(403);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: staff.headers,
      payload: { low_stock_threshold: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.low_stock_threshold).toEqual(['low_stock_threshold must be at least 0']);

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: staff.headers,
      payload: settings,
    });
    expect(saved.json()).toEqual(settings);
    expect((await app.inject({ url: '/api/admin/settings/', headers: staff.headers })).json()).toEqual(settings);
    expect((await app.inject({ url: '/api/shop-settings/' })).json()).toEqual({ free_standard_from: '35.00' });

    const low = await createBook(app, { stock: 4 });
    const list = await app.inject({ url: '/api/admin/low-stock/', headers: staff.headers });
    expect(list.json().threshold).toBe(4);
    expect(list.json().data.map((b: { id: number }) => b.id)).toContain(low.id);
    expect((await app.inject({ url: '/api/admin/low-stock/', headers: shopper.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/summary/', headers: staff.headers })).json().low_stock_threshold).toBe(
      4,
    );

    const express = await app.inject({
      method: 'PUT',
      url: '/api/admin/shipping-methods/express/',
      headers: staff.headers,
      payload: { price: '12.50', days: 'Next business day' },
    });
    expect(express.json()).toMatchObject({ code: 'express', price: '12.50', days: 'Next business day', active: true });
    const methods = (await app.inject({ url: '/api/shipping-methods/' })).json();
    expect(methods[0]).toMatchObject({ code: 'standard', free_from: '35.00' });
    expect(methods[1]).toMatchObject({ code: 'express', price: '12.50' });

    const missing = await app.inject({
      method: 'PUT',
      url: '/api/admin/shipping-methods/pigeon/',
      headers: staff.headers,
      payload: { price: '1.00' },
    });
    expect(missing.statusCode).toBe(404);

    const added = await app.inject({
      method: 'POST',
      url: '/api/admin/shipping-methods/',
      headers: staff.headers,
      payload: { code: 'pickup', name: 'Pick up in the shop', days: 'Same day', price: 0, position: 5 },
    });
    expect(added.statusCode).toBe(201);
    const taken = await app.inject({
      method: 'POST',
      url: '/api/admin/shipping-methods/',
      headers: staff.headers,
      payload: { code: 'pickup', name: 'Again', days: 'x', price: 0 },
    });
    expect(taken.statusCode).toBe(409);
    await app.inject({
      method: 'PUT',
      url: '/api/admin/shipping-methods/pickup/',
      headers: staff.headers,
      payload: { active: false },
    });
    expect((await app.inject({ url: '/api/shipping-methods/' })).json()).toHaveLength(2);
    expect((await app.inject({ url: '/api/admin/shipping-methods/', headers: staff.headers })).json()).toHaveLength(3);
    expect((await app.inject({ url: '/api/admin/shipping-methods/', headers: shopper.headers })).statusCode).toBe(403);
  });
});
