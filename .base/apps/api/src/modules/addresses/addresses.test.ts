import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';

const ctx = useTestApp();

const home = {
  name: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'gb',
  phone: '+44 20 7946 0000',
};

describe('the address book: GET/POST /api/addresses/, PUT/DELETE /api/addresses/{id}/', () => {
  it('adds addresses, the first becomes the default, another can take its place, and lists the default first', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const first = await app.inject({ method: 'POST', url: '/api/addresses/', headers: user.headers, payload: home });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ...home, country: 'GB', line2: '', region: '', is_default: true });

    const office = {
      name: 'Ada L.',
      line1: '1 Main St',
      city: 'Springfield',
      region: 'IL',
      postal_code: '62701',
      country: 'US',
    };
    const second = await app.inject({ method: 'POST', url: '/api/addresses/', headers: user.headers, payload: office });
    expect(second.json()).toMatchObject({ is_default: false });

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/addresses/${second.json().id}/`,
      headers: user.headers,
      payload: { ...office, is_default: true },
    });
    expect(moved.statusCode).toBe(200);
    const list = (await app.inject({ url: '/api/addresses/', headers: user.headers })).json();
    expect(list.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [second.json().id, true],
      [first.json().id, false],
    ]);

    // Deleting the default makes the oldest other one the default.
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/addresses/${second.json().id}/`,
      headers: user.headers,
    });
    expect(gone.statusCode).toBe(204);
    const after = (await app.inject({ url: '/api/addresses/', headers: user.headers })).json();
    expect(after).toMatchObject([{ id: first.json().id, is_default: true }]);
  });

  it('checks the country against ISO 3166 and the postal code against its country, with messages per field', async () => {
    const { app } = ctx();
    const user = await createUser(app);
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/addresses/', headers: user.headers, payload });
    const badPostcode = await post({ ...home, postal_code: '90210' });
    expect(badPostcode.statusCode).toBe(400);
    expect(badPostcode.json().fields.postal_code).toEqual(['This is not a postal code of United Kingdom']);
    const badCountry = await post({ ...home, country: 'XX' });
    expect(badCountry.json().fields.country).toEqual(['Choose a country from the list']);
    const empty = await post({ country: 'US' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(['city', 'line1', 'name']);
    const noCode = await post({ ...home, postal_code: '' });
    expect(noCode.json().fields).toEqual({ postal_code: ['Enter the postal code'] });
    // A country whose codes no library knows takes any code, or none.
    expect((await post({ ...home, country: 'AQ', postal_code: '' })).statusCode).toBe(201);
  });

  it("is yours only: another user's address is a 404, and signing in is required", async () => {
    const { app } = ctx();
    const owner = await createUser(app);
    const other = await createUser(app);
    const mine = (
      await app.inject({ method: 'POST', url: '/api/addresses/', headers: owner.headers, payload: home })
    ).json();
    const url = `/api/addresses/${mine.id}/`;
    expect((await app.inject({ method: 'PUT', url, headers: other.headers, payload: home })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/addresses/', headers: other.headers })).json()).toEqual([]);
    expect((await app.inject({ url: '/api/addresses/' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/addresses/', payload: home })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/addresses/999999/', headers: owner.headers })).statusCode,
    ).toBe(404);
  });
});
